import fs from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import {
  api,
  createUser,
  mailbox,
  setPlanByAdmin,
  signedInContext,
  type TestUser,
} from '../support/session.ts';

/**
 * Beyond the spec (issue 17): an owner makes and prints a lost-pet tag, a finder opens its page on a
 * phone with JavaScript off and messages the owner, who gets the mail and sees the message; the
 * owner subscribes to the calendar from Settings and the address answers an iCalendar file.
 */
let server: RunningServer;
let browser: Browser;
let owner: TestUser;
let petId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  owner = await createUser(server, { name: 'Erika Muster', language: 'en' });
  await setPlanByAdmin(server, owner, 'premium');
  const pet = await api<{ id: string }>(owner, 'POST', '/v1/pet', { name: 'Bello', pet_type: 'Dog' });
  if (pet.status !== 201) throw new Error(`pet not created: ${pet.status}`);
  petId = pet.body.id;
  await api(owner, 'POST', `/v1/medical/allergy?pet_id=${petId}`, {
    name: 'Penicillin',
    medical_type: 'allergy',
  });
  const appointment = await api(owner, 'POST', `/v1/appointment?pet_id=${petId}`, {
    appointment_type: 'Vaccination',
    reason: 'Rabies booster',
    appointment_date: '05.01.2099',
    appointment_time: '10:00',
  });
  if (appointment.status !== 201) throw new Error(`appointment not created: ${appointment.status}`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('lost-pet tag and calendar', () => {
  it('the owner prints a tag; a finder with JavaScript off messages the owner, who is mailed and sees it', async ({
    expect,
  }) => {
    const context = await signedInContext(browser, owner, { viewport: 'desktop' });
    const page = await context.newPage();
    await page.goto(`${server.url}/pet-details/Bello/${petId}/lost-pet-tag`);
    await page.getByRole('heading', { level: 1, name: 'Lost-pet tag' }).waitFor();
    await page.getByRole('button', { name: 'Make a tag' }).click();
    const link = page.getByRole('link', { name: /\/found\// });
    await link.waitFor();
    const tagUrl = (await link.getAttribute('href'))!;
    expect(tagUrl).toMatch(/\/found\/[A-Za-z0-9_-]{22}$/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Print tag sheet (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('lost-pet-tag-Bello.pdf');
    const sheet = fs.readFileSync((await download.path())!);
    expect(sheet.subarray(0, 5).toString()).toBe('%PDF-');
    await expectNoAxeViolations(page, 'lost-pet tag page');
    await screenshot(page, 'lost-pet-tag-owner-desktop');

    // The finder: a phone, JavaScript off, German.
    const finder = await browser.newContext({
      javaScriptEnabled: false,
      locale: 'de-DE',
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    const phone = await finder.newPage();
    const answer = await phone.goto(tagUrl);
    expect(answer?.status()).toBe(200);
    expect((await answer!.body()).length).toBeLessThan(20_000);
    await phone.getByRole('heading', { level: 1, name: 'Hallo, ich bin Bello!' }).waitFor();
    expect(await phone.getByText('Penicillin').count()).toBe(1);
    await phone.getByLabel('Ihre Nachricht').fill('Er sitzt am Parktor');
    await phone.getByLabel('Ihre Telefonnummer').fill('0171 5555555');
    await phone.getByRole('button', { name: 'Nachricht senden' }).click();
    await phone.getByText('Danke! Mein Besitzer hat Ihre Nachricht').waitFor();
    await screenshot(phone, 'lost-pet-found-page-phone-dark-nojs');
    await finder.close();

    let mail;
    for (let i = 0; i < 50 && !mail; i++) {
      mail = (await mailbox(server.url)).find(
        (m) => m.to === owner.email && m.subject === 'Bello has been found',
      );
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(mail?.text).toContain('Er sitzt am Parktor');

    await page.reload();
    const activity = page.getByRole('region', { name: 'Activity' });
    await activity.getByText('Er sitzt am Parktor').waitFor();
    expect(await activity.getByRole('link', { name: '0171 5555555' }).getAttribute('href')).toBe(
      'tel:01715555555',
    );
    await context.close();
  });

  it('the owner subscribes to the calendar in Settings and the address answers the appointments', async ({
    expect,
  }) => {
    const context = await signedInContext(browser, owner, { viewport: 'phone' });
    const page = await context.newPage();
    await page.goto(`${server.url}/my-account/profile/settings`);
    const section = page.getByRole('region', { name: 'Calendar subscription' });
    await section.getByRole('button', { name: 'Make subscription address' }).click();
    const field = section.getByRole('textbox', { name: 'Subscription address' });
    await field.waitFor();
    const feedUrl = await field.inputValue();
    expect(feedUrl).toMatch(/\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    await screenshot(page, 'calendar-subscription-phone');

    // What a calendar app does: fetch the address without any session.
    const feed = await fetch(feedUrl);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const ics = await feed.text();
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('SUMMARY:Vaccination: Rabies booster (Bello)');
    await context.close();
  });
});
