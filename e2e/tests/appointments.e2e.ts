import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { AppointmentListItem } from '@pet/contract';
import enAppointments from '../../apps/web/src/locales/en/appointments.json' with { type: 'json' };
import deAppointments from '../../apps/web/src/locales/de/appointments.json' with { type: 'json' };
import enTranslation from '../../apps/web/src/locales/en/translation.json' with { type: 'json' };
import deTranslation from '../../apps/web/src/locales/de/translation.json' with { type: 'json' };
import { startServer, type RunningServer } from '../support/server.ts';
import { launchBrowser, screenshot, type ContextOptions } from '../support/browser.ts';
import { api, createUser, setPlanByAdmin, signedInContext, type TestUser } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;
/**
 * One user per language (the signed-in UI speaks the account's stored language): on the premium plan
 * (appointments allowed), and new users on the free plan (no appointments) with a pet each.
 */
let premiumOf: Record<'en' | 'de', TestUser>;
let freeOf: Record<'en' | 'de', TestUser>;
let freePetOf: Record<'en' | 'de', string>;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const users = async (name: string) => ({
    en: await createUser(server, { name, language: 'en' }),
    de: await createUser(server, { name, language: 'de' }),
  });
  premiumOf = await users('Paula Premium');
  freeOf = await users('Frida Free');
  const [, , lunaEn, lunaDe] = await Promise.all([
    setPlanByAdmin(server, premiumOf.en, 'premium'),
    setPlanByAdmin(server, premiumOf.de, 'premium'),
    createPet(freeOf.en, 'Luna'),
    createPet(freeOf.de, 'Luna'),
  ]);
  freePetOf = { en: lunaEn, de: lunaDe };
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Lang = 'en' | 'de';
/** The UI texts come from the app's own locale file, so the journey fails when a screen drops them. */
const TEXTS = { en: enAppointments.appointments, de: deAppointments.appointments };
const KEYS = { en: enTranslation, de: deTranslation };
const TYPE_LABEL = {
  en: { Vaccination: 'Vaccination', Examination: 'Examination' },
  de: { Vaccination: 'Impfung', Examination: 'Untersuchung' },
};
const OTHER = {
  en: { notAllowed: /paid plan/i, reason: 'Rabies booster', edited: 'Rabies booster and check-up' },
  de: {
    notAllowed: /kostenpflichtigen Tarif/i,
    reason: 'Tollwut-Auffrischung',
    edited: 'Tollwut und Check-up',
  },
};

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** MUI appends " *" to the label of a required field. */
const labelled = (label: string) => new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?$`);

/** dd.MM.yyyy of today plus some days (the browser and this process share the machine's clock). */
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

async function createPet(user: TestUser, name: string): Promise<string> {
  const res = await api<{ id: string }>(user, 'POST', '/v1/pet', { name, pet_type: 'Dog', race: 'Beagle' });
  if (res.status !== 201) throw new Error(`pet not created: ${res.status}`);
  return res.body.id;
}

const appointmentsOf = async (user: TestUser, petId: string) =>
  (await api<AppointmentListItem[]>(user, 'GET', `/v1/appointment/mypetappointments?pet_id=${petId}`)).body;

describe.concurrent.each([
  { language: 'en' as const, options: { locale: 'en-US', viewport: 'desktop', colorScheme: 'light' } },
  { language: 'de' as const, options: { locale: 'de-DE', viewport: 'phone', colorScheme: 'dark' } },
] satisfies Array<{ language: Lang; options: ContextOptions }>)(
  'appointments ($language, $options.viewport, $options.colorScheme)',
  ({ language, options }) => {
    it('adds a vaccination with a reminder, lists upcoming and passed, edits and deletes', async ({
      expect,
      onTestFailed,
    }) => {
      const text = TEXTS[language];
      const other = OTHER[language];
      const petName = language === 'en' ? 'Bello' : 'Rex';
      const premium = premiumOf[language];
      const petId = await createPet(premium, petName);
      const context = await signedInContext(browser, premium, options);
      const page = await context.newPage();
      onTestFailed(async () => {
        await screenshot(page, `appointments-failure-${language}-${options.viewport}-${options.colorScheme}`);
        await context.close();
      });
      const shot = (name: string) =>
        screenshot(page, `appointments-${name}-${language}-${options.viewport}-${options.colorScheme}`);

      // Empty list with its prompt.
      await page.goto(`${server.url}/pet-details/${petName}/${petId}/appointments`);
      await page.getByText(text.empty, { exact: true }).waitFor();
      await shot('empty');
      await page.getByRole('link', { name: text.addAction }).first().click();
      await page.waitForURL((url) => url.pathname.endsWith('/appointments/add-appointment'));

      // Section 5: the required fields are checked before anything is sent.
      const form = page.getByRole('form');
      await form.getByRole('button', { name: text.save }).click();
      await form.getByText(KEYS[language].Appointment_Type_Error).waitFor();
      await form.getByText(KEYS[language].Reason_is_Required).waitFor();
      expect(await appointmentsOf(premium, petId)).toHaveLength(0);

      // Vaccination reveals its field.
      expect(await form.getByRole('textbox', { name: labelled(text.field.vaccinationType) }).count()).toBe(0);
      await form.getByRole('combobox', { name: labelled(text.field.type) }).click();
      await page.getByRole('option', { name: TYPE_LABEL[language].Vaccination, exact: true }).click();
      await form.getByRole('textbox', { name: labelled(text.field.vaccinationType) }).fill('Rabies');
      await form.getByRole('textbox', { name: labelled(text.field.reason) }).fill(other.reason);
      const date = dayFromToday(7);
      await typeInto(page, form, text.field.date, date);
      await typeInto(page, form, text.field.time, '10:30');
      await form.getByRole('textbox', { name: labelled(text.field.vetName) }).fill('Dr. Weber');
      await form.getByRole('textbox', { name: labelled(text.field.email) }).fill('praxis@example.org');
      await typeInto(page, form, text.field.reminderDate, dayFromToday(6));
      await typeInto(page, form, text.field.reminderTime, '18:00');
      await shot('add-filled');
      await form.getByRole('button', { name: text.save }).click();

      // Saved: back on the pet's list, under the upcoming heading.
      await page.waitForURL((url) => url.pathname === `/pet-details/${petName}/${petId}/appointments`);
      const upcoming = page.getByRole('region', { name: text.upcoming });
      await upcoming.getByText(other.reason).waitFor();
      const [stored] = await appointmentsOf(premium, petId);
      expect(stored).toMatchObject({
        appointment_type: 'Vaccination',
        appointment_vaccination_type: 'Rabies',
        appointment_reason: other.reason,
        appointment_date: date,
        appointment_time: '10:30',
        appointment_vet_name: 'Dr. Weber',
        appointment_email: 'praxis@example.org',
        appointment_reminder_date: dayFromToday(6),
        appointment_reminder_time: '18:00',
      });
      // The reminder is a scheduled job.
      expect(stored!.appointment_job_id).toBeTruthy();

      // An appointment cannot be moved into the past (as it cannot be added there).
      const older = await api<{ id: string }>(premium, 'POST', `/v1/appointment?pet_id=${petId}`, {
        appointment_type: 'Examination',
        reason: 'Check-up',
        appointment_date: dayFromToday(1),
        appointment_time: '09:00',
        reminder_time_zone: 1,
      });
      expect(older.status).toBe(201);
      const moved = await api<{ key: string }>(premium, 'PUT', `/v1/appointment?appt_id=${older.body.id}`, {
        reason: 'Check-up',
        appointment_date: '03.02.2025',
        appointment_time: '09:00',
      });
      expect(moved.status).toBe(400);
      expect(moved.body.key).toBe('Date_In_Past_Error');
      // Two days later (the browser's clock) tomorrow's appointment is under the passed heading.
      await page.clock.setFixedTime(new Date(Date.now() + 2 * 86_400_000));
      await page.reload();
      const passed = page.getByRole('region', { name: text.passed });
      await passed.getByText('Check-up').waitFor();
      await passed.getByText(dayFromToday(1)).waitFor();
      await shot('list');

      // Edit: the row updates and its form closes.
      await upcoming.getByRole('button', { name: new RegExp(escapeRegExp(other.reason)) }).click();
      const editForm = page.getByRole('form');
      const reason = editForm.getByRole('textbox', { name: labelled(text.field.reason) });
      await expect.poll(() => reason.inputValue(), { timeout: 10_000 }).toBe(other.reason);
      await reason.fill(other.edited);
      await shot('edit');
      await editForm.getByRole('button', { name: text.save }).click();
      await expect.poll(() => page.getByRole('form').count(), { timeout: 10_000 }).toBe(0);
      await upcoming.getByText(other.edited).waitFor();
      expect((await appointmentsOf(premium, petId)).map((item) => item.appointment_reason).sort()).toEqual(
        ['Check-up', other.edited].sort(),
      );

      // Every pet's appointments on the dashboard list, with the pet's name.
      await page.goto(`${server.url}/dashboard/my-appointments`);
      await page.getByRole('region', { name: text.upcoming }).getByText(other.edited).waitFor();
      await page.getByRole('region', { name: text.upcoming }).getByText(petName).first().waitFor();

      // Delete after confirming: the row is gone, and so is its reminder.
      await page.goto(`${server.url}/pet-details/${petName}/${petId}/appointments`);
      await page
        .getByRole('region', { name: text.upcoming })
        .getByRole('button', { name: new RegExp(escapeRegExp(other.edited)) })
        .click();
      await page.getByRole('form').getByRole('button', { name: text.delete }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await shot('delete-dialog');
      await dialog.getByRole('button', { name: text.delete }).click();
      await page.getByText(text.noUpcoming).waitFor();
      expect((await appointmentsOf(premium, petId)).map((item) => item.appointment_reason)).toEqual([
        'Check-up',
      ]);
      await context.close();
    }, 150_000);

    it('on the free plan shows the paid-service prompt, and the server refuses the add', async ({
      expect,
      onTestFailed,
    }) => {
      const text = TEXTS[language];
      const free = freeOf[language];
      const freePetId = freePetOf[language];
      const context = await signedInContext(browser, free, options);
      const page = await context.newPage();
      onTestFailed(async () => {
        await screenshot(page, `appointments-failure-${language}-${options.viewport}-${options.colorScheme}`);
        await context.close();
      });
      await page.goto(`${server.url}/pet-details/Luna/${freePetId}/appointments`);
      await page.getByText(OTHER[language].notAllowed).first().waitFor();
      const activate = page.getByRole('link', { name: text.paidService.activate });
      expect(await activate.getAttribute('href')).toBe('/my-account/subscription');
      expect(await page.getByRole('link', { name: text.addAction }).count()).toBe(0);
      await screenshot(page, `appointments-free-plan-${language}-${options.viewport}-${options.colorScheme}`);

      const direct = await api<{ key: string }>(free, 'POST', `/v1/appointment?pet_id=${freePetId}`, {
        appointment_type: 'Examination',
        reason: 'Check-up',
        appointment_date: dayFromToday(3),
        appointment_time: '09:00',
        reminder_time_zone: 1,
      });
      expect(direct.status).toBe(500);
      expect(direct.body.key).toBe('Appointment_Limit_Reached_Message');
      expect(await appointmentsOf(free, freePetId)).toHaveLength(0);
      await context.close();
    });
  },
);
