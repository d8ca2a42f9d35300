import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import {
  api,
  createUser,
  mailbox,
  setPlanByAdmin,
  signedInContext,
  waitForMailLink,
  type TestUser,
} from '../support/session.ts';
import { field, myInfoInBrowser } from './identity-helpers.ts';

/**
 * Sharing a pet (issue 35): the owner on a paid plan invites a sitter as carer for three days; the
 * sitter opens the link from the outbox, registers from it, sees the pet under "Shared with me" and
 * adds a weight; the owner sees it in the activity log; four days later the sitter's pet page is
 * gone and the pet is out of the sidebar. The invitation, start and end mails are in the outbox.
 * Screenshots (desktop and 390 px, light and dark) of the Access page, the invite dialog, the
 * accept page and the member's view go to e2e/artifacts.
 */
let server: RunningServer;
let browser: Browser;
let owner: TestUser;
let petId: string;
let SITTER = '';
const SITTER_PASSWORD = 'Sommer-2024';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  owner = await createUser(server, { name: 'Erika Muster', language: 'en' });
  await setPlanByAdmin(server, owner, 'premium');
  const pet = await api<{ id: string }>(owner, 'POST', '/v1/pet', { name: 'Bello', pet_type: 'Dog' });
  if (pet.status !== 201) throw new Error(`pet not created: ${pet.status}`);
  petId = pet.body.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function businessNow(): Promise<Date> {
  const res = await fetch(`${server.url}/dev/clock`);
  const body = (await res.json()) as { now?: string; iso?: string };
  return new Date(body.now ?? body.iso ?? Date.now());
}

async function advanceClock(days: number) {
  const res = await fetch(`${server.url}/dev/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ days }),
  });
  if (!res.ok) throw new Error(`clock advance failed: ${res.status}`);
}

/** Mails to `to` that name the pet, oldest first. */
async function mailsAbout(to: string): Promise<Array<{ subject: string; text: string; kind: string }>> {
  return (await mailbox(server.url)).filter(
    (mail) => mail.to.includes(to) && /Bello/.test(mail.subject + mail.text),
  );
}

async function waitForMoreMails(to: string, count: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await mailsAbout(to)).length > count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no new mail about Bello to ${to} (had ${count})`);
}

/** yyyy-MM-dd of a date in the browser's (the machine's) time zone. */
function dateField(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The same page at 390 px in the dark theme, as a second context of the same session. */
async function phoneDark(
  context: BrowserContext,
  url: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const phone = await newContext(browser, { viewport: 'phone', colorScheme: 'dark' });
  await phone.addCookies(await context.cookies());
  const page = await phone.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url);
  return { context: phone, page };
}

describe('sharing a pet', () => {
  it('owner invites a sitter for three days; the sitter registers, adds a weight, and loses access after', async ({
    expect,
  }) => {
    // A new address per attempt (a retry runs on the same server).
    SITTER = `sitter-${Date.now()}@example.org`;
    const ownerContext = await signedInContext(browser, owner, { viewport: 'desktop' });
    const ownerPage = await ownerContext.newPage();
    const accessUrl = `${server.url}/pet-details/Bello/${petId}/access`;
    await ownerPage.goto(accessUrl);
    await ownerPage.getByRole('heading', { level: 1, name: 'Access' }).waitFor();
    await ownerPage.getByRole('button', { name: 'Invite someone' }).waitFor();
    await screenshot(ownerPage, 'sharing-access-empty-desktop');

    // The invitation: carer, until three days from now (the hour as it is now, the browser's zone).
    const now = await businessNow();
    const until = new Date(now.getTime() + 3 * 24 * 3600 * 1000);
    await ownerPage.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Invite someone' });
    await dialog.getByRole('textbox', { name: /E-mail address/ }).fill(SITTER);
    await dialog.getByRole('radio', { name: /^Carer/ }).check();
    await dialog.getByRole('checkbox', { name: /reminders/ }).check();
    await dialog.getByLabel('Until').fill(dateField(until));
    await dialog.getByRole('combobox', { name: 'Time' }).last().click();
    await ownerPage.getByRole('option', { name: `${String(until.getHours()).padStart(2, '0')}:00` }).click();
    await screenshot(ownerPage, 'sharing-invite-dialog-desktop');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await ownerPage.getByText('The invitation is on its way.').waitFor();
    const row = ownerPage.locator('li[data-share]').filter({ hasText: SITTER });
    await row.getByText('Invited').waitFor();
    await screenshot(ownerPage, 'sharing-access-invited-desktop');
    {
      const { context, page } = await phoneDark(ownerContext, accessUrl);
      await page.locator('li[data-share]').first().waitFor();
      await screenshot(page, 'sharing-access-invited-phone-dark');
      await page.getByRole('button', { name: 'Invite someone' }).click();
      await page.getByRole('dialog', { name: 'Invite someone' }).waitFor();
      await screenshot(page, 'sharing-invite-dialog-phone-dark');
      await context.close();
    }

    // The sitter opens the mail's link on a phone (dark), with no account yet.
    const link = await waitForMailLink(server.url, SITTER, '/share/accept');
    expect(link).toMatch(/\/share\/accept\?token=/);
    const ownerMailsBefore = (await mailsAbout(owner.email)).length;
    const sitterMailsBefore = (await mailsAbout(SITTER)).length;
    expect(sitterMailsBefore).toBeGreaterThanOrEqual(1);

    const sitterContext = await newContext(browser, { viewport: 'phone', colorScheme: 'dark' });
    const sitter = await sitterContext.newPage();
    await sitter.setViewportSize({ width: 390, height: 844 });
    await sitter.goto(link);
    await sitter.getByText('Erika Muster wants to share Bello with you.').waitFor();
    await screenshot(sitter, 'sharing-accept-signed-out-phone-dark');
    {
      const desktop = await newContext(browser, { viewport: 'desktop' });
      const page = await desktop.newPage();
      await page.goto(link);
      await page.getByText('Erika Muster wants to share Bello with you.').waitFor();
      await screenshot(page, 'sharing-accept-signed-out-desktop');
      await desktop.close();
    }
    await sitter.getByRole('link', { name: 'Create account' }).click();
    await sitter.getByText('You were invited to share a pet', { exact: false }).waitFor();
    expect(await field(sitter, 'E-mail address').inputValue()).toBe(SITTER);
    await field(sitter, 'Name').fill('Sam Sitter');
    await field(sitter, 'Password').fill(SITTER_PASSWORD);
    await field(sitter, 'Confirm password').fill(SITTER_PASSWORD);
    await sitter.getByRole('button', { name: 'Register' }).click();
    await sitter.waitForURL(/\/share\/accept\?token=/);
    await sitter.getByRole('button', { name: 'Accept' }).click();
    await sitter.waitForURL(new RegExp(`/pet-details/Bello/${petId}$`));
    const banner = sitter.getByRole('note', { name: 'Shared pet' });
    await banner.getByText('Shared with you by Erika Muster').waitFor();
    await screenshot(sitter, 'sharing-member-pet-phone-dark');
    {
      const desktop = await newContext(browser, { viewport: 'desktop' });
      await desktop.addCookies(await sitterContext.cookies());
      const page = await desktop.newPage();
      await page.goto(`${server.url}/pet-details/Bello/${petId}`);
      await page.getByRole('note', { name: 'Shared pet' }).waitFor();
      const shared = page.getByRole('list', { name: 'Shared with me' });
      await shared.getByText('Bello').waitFor();
      await screenshot(page, 'sharing-member-pet-desktop');
      await desktop.close();
    }
    // The start mails to both.
    await waitForMoreMails(owner.email, ownerMailsBefore);
    await waitForMoreMails(SITTER, sitterMailsBefore);

    // "Shared with me" on the dashboard, with the owner's name and the role.
    await sitter.goto(`${server.url}/dashboard`);
    const sharedSection = sitter.getByRole('region', { name: 'Shared with me' });
    await sharedSection.getByText("Erika Muster's pet").waitFor();
    expect(await sharedSection.getByText('Carer').count()).toBe(1);
    await screenshot(sitter, 'sharing-member-dashboard-phone-dark');

    // The carer adds a weight through the banner's action.
    await sitter.goto(`${server.url}/pet-details/Bello/${petId}`);
    await sitter.getByRole('button', { name: 'Add weight' }).click();
    const weight = sitter.getByRole('dialog', { name: 'Add weight' });
    await weight.getByRole('textbox', { name: /Weight/ }).fill('12,5');
    await weight.getByRole('button', { name: 'Save' }).click();
    await sitter.getByText('The weight was added.').waitFor();

    // The owner sees it in the activity log, with the sitter's name and role.
    await ownerPage.goto(`${server.url}/pet-details/Bello/${petId}/activity`);
    const log = ownerPage.getByRole('region', { name: 'Activity' });
    const line = log.locator('li[data-activity]').filter({ hasText: 'Weight added' }).first();
    await line.waitFor();
    expect(await line.textContent()).toContain('Sam Sitter');
    expect(await line.textContent()).toContain('Carer');
    await screenshot(ownerPage, 'sharing-activity-desktop');
    await ownerPage.goto(accessUrl);
    await ownerPage.locator('li[data-share]').filter({ hasText: 'Sam Sitter' }).getByText('Active').waitFor();
    await screenshot(ownerPage, 'sharing-access-active-desktop');

    // Four days later the window is over: the pet page is not found and the pet is out of the sidebar.
    const ownerMailsBeforeEnd = (await mailsAbout(owner.email)).length;
    const sitterMailsBeforeEnd = (await mailsAbout(SITTER)).length;
    await advanceClock(4);
    await sitter.goto(`${server.url}/pet-details/Bello/${petId}`);
    await sitter.getByText('Pet not found').waitFor();
    const info = await myInfoInBrowser<{ shared_pets?: unknown[] }>(sitter);
    expect(info.body.shared_pets ?? []).toEqual([]);
    const petApi = await sitter.evaluate(
      async (id) => (await fetch(`/v1/pet?pet_id=${id}`, { credentials: 'include' })).status,
      petId,
    );
    expect(petApi).toBe(404);
    await sitter.setViewportSize({ width: 1440, height: 900 });
    await sitter.goto(`${server.url}/dashboard`);
    await sitter.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await sitter.getByRole('list', { name: 'Shared with me' }).count()).toBe(0);
    expect(await sitter.getByRole('region', { name: 'Shared with me' }).count()).toBe(0);

    // The end mails to both.
    await waitForMoreMails(owner.email, ownerMailsBeforeEnd);
    await waitForMoreMails(SITTER, sitterMailsBeforeEnd);
    await sitterContext.close();
    await ownerContext.close();
  }, 300_000);
});
