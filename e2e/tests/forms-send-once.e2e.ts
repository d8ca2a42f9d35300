import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { IDEMPOTENCY_HEADER, type AppointmentListItem } from '@pet/contract';
import enAppointments from '../../apps/web/src/locales/en/appointments.json' with { type: 'json' };
import enPets from '../../apps/web/src/locales/en/pets.json' with { type: 'json' };
import { startServer, type RunningServer } from '../support/server.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { api, createUser, setPlanByAdmin, signedInContext, type TestUser } from '../support/session.ts';
import { choose, fill, TEXT } from './pets-journey.ts';

/**
 * Issue 40.7: a double click on "Add pet" (seen at 390 px) created two pets. Every create form now
 * sends once, busy from the first click until the answer; each POST carries an Idempotency-Key.
 */
let server: RunningServer;
let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  user = await createUser(server, { name: 'Doris Doppelklick', language: 'en' });
  await setPlanByAdmin(server, user, 'premium');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** MUI appends " *" to the label of a required field. */
const labelled = (label: string) => new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`);
const APPOINTMENTS = enAppointments.appointments;

function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** Date and time pickers are groups of spin buttons: type the digits into the first one. */
async function typeInto(page: Page, form: Locator, label: string, value: string) {
  await form
    .getByRole('group', { name: labelled(label) })
    .getByRole('spinbutton')
    .first()
    .click();
  await page.keyboard.type(value.replace(/\D/g, ''));
}

/** The POSTs the page sends to `path`, held until `release` so the busy state can be seen. */
async function holdPosts(page: Page, path: string) {
  const sent: Request[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sent.push(route.request());
      await released;
      await route.continue();
    },
  );
  return { sent, release };
}

describe('every create form sends once (390 px)', () => {
  it('a double click on "Add pet" and on an appointment\'s save makes one record each', async () => {
    const text = TEXT.en;
    const context = await signedInContext(browser, user, { locale: 'en-US', viewport: 'phone' });
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      // The new pet.
      await page.goto(`${server.url}/dashboard/new-pet`);
      await fill(page, new RegExp(`^${text.name}`), 'Luna');
      await choose(page, new RegExp(`^${text.species}`), text.cat);
      const pets = await holdPosts(page, '/v1/pet');
      const create = page.getByRole('button', { name: text.createPet, exact: true });
      await create.dblclick();
      // Busy from the first click until the answer.
      await expect.poll(() => pets.sent.length).toBe(1);
      const saving = page.getByRole('button', { name: enPets.pets.form.saving, exact: true });
      await saving.waitFor();
      expect(await saving.isDisabled()).toBe(true);
      await screenshot(page, 'forms-send-once-pet-busy-en-390');
      pets.release();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect(pets.sent).toHaveLength(1);
      expect(pets.sent[0]!.headers()[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f]{32}$/);
      const info = await api<{ pets: Array<{ id: string; name: string }> }>(user, 'GET', '/v1/auth/myinfo');
      expect(info.body.pets.map((pet) => pet.name)).toEqual(['Luna']);
      const petId = info.body.pets[0]!.id;

      // An appointment of the pet.
      await page.goto(`${server.url}/pet-details/Luna/${petId}/appointments/add-appointment`);
      const form = page.getByRole('form');
      await form.getByRole('combobox', { name: labelled(APPOINTMENTS.field.type) }).click();
      await page.getByRole('option', { name: 'Examination', exact: true }).click();
      await form.getByRole('textbox', { name: labelled(APPOINTMENTS.field.reason) }).fill('Check-up');
      await typeInto(page, form, APPOINTMENTS.field.date, dayFromToday(7));
      await typeInto(page, form, APPOINTMENTS.field.time, '10:30');
      const appointments = await holdPosts(page, '/v1/appointment');
      const save = form.getByRole('button', { name: APPOINTMENTS.save });
      await save.dblclick();
      await expect.poll(() => appointments.sent.length).toBe(1);
      await expect.poll(() => save.isDisabled()).toBe(true);
      appointments.release();
      await page.waitForURL((url) => url.pathname === `/pet-details/Luna/${petId}/appointments`);
      expect(appointments.sent).toHaveLength(1);
      const stored = await api<AppointmentListItem[]>(
        user,
        'GET',
        `/v1/appointment/mypetappointments?pet_id=${petId}`,
      );
      expect(stored.body.map((item) => item.appointment_reason)).toEqual(['Check-up']);
    } finally {
      await context.close();
    }
  });
});
