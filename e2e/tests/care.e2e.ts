import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dayNumber, dayOfNumber, localDayOf, zonedTimeToUtc } from '@pet/contract';
import enCare from '../../apps/web/src/locales/en/care.json' with { type: 'json' };
import {
  startLocalPushService,
  type LocalPushService,
  type ReceivedPush,
} from '../../apps/server/test/support/push-service.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { api, createUser, mailbox, signedInContext, type TestUser } from '../support/session.ts';
import { generateCode } from '../support/admin.ts';

/**
 * Care plans (issue 36), the journey: the owner sets a twice-daily schedule (09:00 and
 * 18:00, household zone Europe/Berlin) on a medication with 3 tablets on hand, sees today's doses
 * on Home at 10:00, marks the morning one given (stock 2: one day left, so the stock warning shows
 * and is mailed), lets the business clock pass 18:00 and gets the due reminder, then, 30 minutes
 * later and still unconfirmed, the missed-dose reminder: each by mail (dev outbox) and by push (the
 * local push service of the server tests receives the encrypted message and decrypts it with the
 * device's keys, RFC 8291). The browser side of push (service worker, notification) is push.e2e.ts.
 * Screenshots: the schedule dialog and Today (desktop light, phone dark).
 */
const ZONE = 'Europe/Berlin';
const text = enCare.care;
let server: RunningServer;
let browser: Browser;
let pushService: LocalPushService;
let owner: TestUser;
let pet: { id: string; name: string };
let day = '';

async function clockNow(): Promise<number> {
  const body = (await (await fetch(`${server.url}/dev/clock`)).json()) as { now?: string; iso?: string };
  return new Date(body.now ?? body.iso ?? Date.now()).getTime();
}

/** Advances business time (the server runs what is then due before answering). */
async function advance(seconds: number): Promise<void> {
  const res = await fetch(`${server.url}/dev/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds: Math.ceil(seconds) }),
  });
  if (!res.ok) throw new Error(`clock advance failed: ${res.status}`);
}

/** Business time to `hhmm` Berlin time of `onDay` (which must lie ahead). */
async function advanceTo(onDay: string, hhmm: string): Promise<void> {
  const target = zonedTimeToUtc(onDay, hhmm, ZONE);
  const now = await clockNow();
  if (target <= now) throw new Error(`${onDay} ${hhmm} is not ahead`);
  await advance((target - now) / 1000);
}

async function poll<T>(read: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const value = await read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waited in vain for ${what}`);
}

const mailsTo = async (subject: RegExp) =>
  (await mailbox(server.url)).filter((mail) => mail.to.includes(owner.email) && subject.test(mail.subject));

const pushesFor = (endpoint: string, title: RegExp) =>
  pushService.received
    .filter((push) => push.endpoint === endpoint)
    .map((push) => ({ ...push, message: JSON.parse(push.payload) as { title: string; url: string } }))
    .filter((push) => title.test(push.message.title));

beforeAll(async () => {
  pushService = await startLocalPushService();
  [server, browser] = await Promise.all([startServer({ PUSH_CA_FILE: pushService.caFile }), launchBrowser()]);
  owner = await createUser(server, { name: 'Erika Muster', language: 'en' });
  const code = await generateCode(server, { product: 'premium', type: 'single' });
  expect((await api(owner, 'POST', '/v1/auth/verifycode', { code })).status).toBe(200);
  const created = await api<{ id: string }>(owner, 'POST', '/v1/pet', { name: 'Bello', pet_type: 'Dog' });
  expect(created.status).toBe(201);
  pet = { id: created.body.id, name: 'Bello' };
  const medication = await api(owner, 'POST', `/v1/medical/medication?pet_id=${pet.id}`, { name: 'Apoquel' });
  expect(medication.status).toBe(201);
  // Business time to 10:00 Berlin of the next day: the morning dose is past, the evening one ahead.
  day = dayOfNumber(dayNumber(localDayOf(await clockNow(), ZONE)) + 1);
  await advanceTo(day, '10:00');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await pushService?.close();
});

async function openToday(page: Page) {
  await page.goto(`${server.url}/dashboard`);
  const today = page.getByRole('region', { name: text.today.title });
  await today.waitFor();
  return today;
}

describe('care plans: a twice-daily schedule, today, a dose given, reminders by mail and push', () => {
  it('sets the schedule, confirms the morning dose and reminds of the evening one', async () => {
    // The owner's phone, as registered in Settings (see push.e2e.ts for the browser side).
    const device = pushService.subscribe();
    const registered = await api(owner, 'POST', '/v1/push/device', {
      endpoint: device.endpoint,
      keys: device.keys,
      label: 'Phone',
    });
    expect(registered.status).toBe(200);
    const settings = await api(owner, 'PUT', '/v1/care/settings', {
      doses: { mail: true, push: true },
      stock: { mail: true, push: true },
    });
    expect(settings.status).toBe(200);

    const context = await signedInContext(browser, owner, { viewport: 'desktop' });
    const page = await context.newPage();
    try {
      // 1. The schedule, set on the medication.
      await page.goto(`${server.url}/pet-details/Bello/${pet.id}/medical-data/medications`);
      await page
        .getByRole('button', { name: /Apoquel/ })
        .first()
        .click();
      await page.getByRole('button', { name: text.schedule.set }).click();
      const dialog = page.getByRole('dialog', {
        name: text.schedule.dialogTitle.replace('{{name}}', 'Apoquel'),
      });
      await dialog.getByLabel(text.schedule.time.replace('{{n}}', '1'), { exact: true }).fill('09:00');
      await dialog.getByRole('button', { name: text.schedule.addTime }).click();
      await dialog.getByLabel(text.schedule.time.replace('{{n}}', '2'), { exact: true }).fill('18:00');
      await dialog.getByLabel(text.schedule.startsOn).fill(day);
      await dialog.getByLabel(text.schedule.stockUnits).fill('3');
      await dialog.getByLabel(text.schedule.stockWarnDays).fill('7');
      await screenshot(page, 'care-schedule-dialog-en-desktop-light');
      await dialog.getByRole('button', { name: text.schedule.save }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('twice daily at 09:00 and 18:00').first().waitFor();
      const schedule = await api<{ rule: unknown; stock_units: number }>(
        owner,
        'GET',
        `/v1/care/schedule?med_id=${await medicationId()}`,
      );
      expect(schedule.body).toMatchObject({
        rule: { kind: 'daily', times: ['09:00', '18:00'] },
        stock_units: 3,
      });

      // 2. Today at 10:00: the morning dose is overdue, the evening one later; give the first.
      const today = await openToday(page);
      const morning = today.getByRole('region', { name: '09:00' }).getByRole('listitem');
      const evening = today.getByRole('region', { name: '18:00' }).getByRole('listitem');
      await morning.getByText(text.state.overdue).waitFor();
      await evening.getByText(text.state.upcoming).waitFor();
      await morning.getByRole('button', { name: text.dose.give, exact: true }).click();
      await morning.getByText('Given by Erika Muster at 10:00').waitFor();
      await morning.getByRole('button', { name: /^Undo/ }).waitFor();
      // 2 tablets left at 2 a day: one day, below the 7 days' warning line.
      await today.getByText('Apoquel for Bello: lasts 1 more day').waitFor();
      await screenshot(page, 'care-today-en-desktop-light');
      const stockMails = await poll(async () => {
        const found = await mailsTo(/Apoquel for Bello is running low/);
        return found.length > 0 ? found : null;
      }, 'the stock mail');
      expect(stockMails).toHaveLength(1);
      await poll(async () => pushesFor(device.endpoint, /running low/).length === 1, 'the stock push');

      // A second confirmation of the same slot is refused (someone else was quicker).
      const doses = await api<{ doses: Array<{ slot: string; med_id: string; local_time: string }> }>(
        owner,
        'GET',
        '/v1/care/today',
      );
      const given = doses.body.doses.find((dose) => dose.local_time === '09:00')!;
      const again = await api<{ key: string }>(owner, 'POST', `/v1/care/dose?med_id=${given.med_id}`, {
        slot: given.slot,
        action: 'given',
      });
      expect(again.status).toBe(409);
      expect(again.body.key).toBe('Care_Dose_Already_Confirmed_Error');

      // 3. 18:01: the evening dose's reminder, by mail and by push.
      await advanceTo(day, '18:01');
      const due = await poll(async () => {
        const found = await mailsTo(/^Due now: Apoquel for Bello/);
        return found.length > 0 ? found : null;
      }, 'the due reminder mail');
      expect(due).toHaveLength(1);
      const duePush = await poll(async () => {
        const found = pushesFor(device.endpoint, /^Due now: Apoquel for Bello/);
        return found.length > 0 ? found : null;
      }, 'the due reminder push');
      expect(duePush[0]!.message.url).toBe('/dashboard');

      // 4. 18:31 and still not confirmed: the missed-dose reminder, by mail and by push, once.
      await advance(30 * 60);
      await poll(
        async () => (await mailsTo(/^Not confirmed yet: Apoquel for Bello/)).length === 1,
        'missed mail',
      );
      await poll(async () => pushesFor(device.endpoint, /^Not confirmed yet/).length === 1, 'missed push');
      await advance(60 * 60);
      expect(await mailsTo(/^Not confirmed yet/)).toHaveLength(1);
      expect(await mailsTo(/^Due now/)).toHaveLength(1);
      // Nothing was sent about the morning dose, which was given.
      expect(
        pushService.received.filter((push: ReceivedPush) => push.payload.includes('09:00')),
      ).toHaveLength(0);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('shows the overdue evening dose and the stock warning on a phone, dark', async () => {
    const context = await signedInContext(browser, owner, {
      viewport: 'phone',
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    try {
      await page.goto(`${server.url}/dashboard`);
      const today = page.getByRole('region', { name: text.today.title });
      await today
        .getByRole('region', { name: '18:00' })
        .getByRole('listitem')
        .getByText(text.state.overdue)
        .waitFor();
      await today
        .getByRole('region', { name: '09:00' })
        .getByRole('listitem')
        .getByText('Given by Erika Muster at 10:00')
        .waitFor();
      await today.getByText('Apoquel for Bello: lasts 1 more day').waitFor();
      await screenshot(page, 'care-today-en-phone-dark');
      // Home with Today and its notices, on a first visit, loads neither zod nor the contract's
      // schemas (their answers are checked against JSON Schema, apps/web/src/lib/screen-answers.ts).
      expect(scripts.some((script) => /\/TodayCard-[^/]*\.js$/.test(script))).toBe(true);
      expect(scripts.filter((script) => /\/assets\/(contract|zod)-[^/]*\.js$/.test(script))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

async function medicationId(): Promise<string> {
  const list = await api<Array<{ id: string; medical_name: string }>>(
    owner,
    'GET',
    `/v1/medical/mypetmedicals?pet_id=${pet.id}`,
  );
  return list.body.find((item) => item.medical_name === 'Apoquel')!.id;
}
