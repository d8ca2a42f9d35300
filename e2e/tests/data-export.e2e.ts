import fs from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import yauzl from 'yauzl';
import { expectNoAxeViolations } from '../support/axe.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { api, createUser, mailbox, signedInContext, type TestUser } from '../support/session.ts';

/**
 * Full data export (issue 17, GDPR Art. 20): an owner on the free plan starts the export in
 * Settings, watches the progress bar, downloads the finished ZIP and opens it; the mail with the
 * 7-day link is in the outbox and its link downloads the same ZIP without a session.
 */
let server: RunningServer;
let browser: Browser;

/** The entry names of a ZIP (yauzl reads the central directory). */
function zipEntries(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A 1x1 PNG, uploaded as the pet's photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

async function ownerWithData(
  language: 'en' | 'de',
  petName: string,
): Promise<{ user: TestUser; petId: string }> {
  const user = await createUser(server, { language });
  const pet = await api<{ id: string }>(user, 'POST', '/v1/pet', { name: petName, pet_type: 'Dog' });
  if (pet.status !== 201) throw new Error(`pet not created: ${pet.status}`);
  await api(user, 'POST', `/v1/medical/allergy?pet_id=${pet.body.id}`, {
    name: 'Penicillin',
    medical_type: 'allergy',
  });
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'photo.png');
  const photo = await fetch(`${user.origin}/v1/upload/image?file_for=pet&pet_id=${pet.body.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  if (!photo.ok) throw new Error(`photo not uploaded: ${photo.status} ${await photo.text()}`);
  return { user, petId: pet.body.id };
}

beforeAll(async () => {
  // Jobs are polled every 2 s as in production: the export waits a moment in the queue.
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('full data export', () => {
  it('starts in Settings, shows the progress bar, finishes, downloads and opens; the mail has the link', async ({
    expect,
  }) => {
    const { user, petId } = await ownerWithData('en', 'Bello');
    const context = await signedInContext(browser, user, { viewport: 'desktop' });
    const page = await context.newPage();
    await page.goto(`${server.url}/my-account/profile/settings`);
    const section = page.getByRole('region', { name: 'Export my data' });
    await section.getByRole('button', { name: 'Export my data' }).click();
    const bar = section.getByRole('progressbar');
    await bar.waitFor();
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await screenshot(page, 'data-export-progress-desktop');

    const download = section.getByRole('link', { name: 'Download ZIP' });
    await download.waitFor({ timeout: 60_000 });
    expect(await section.getByTestId('data-export-status').textContent()).toMatch(
      /^Your export is ready \([\d.]+ (KB|MB)\)\. You can download it until /,
    );
    await expectNoAxeViolations(page, 'settings with a ready data export');
    await screenshot(page, 'data-export-ready-desktop');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/-data-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = fs.readFileSync((await file.path())!);
    const names = await zipEntries(zip);
    const short = petId.replace(/-/g, '').slice(0, 8);
    for (const name of [
      'README.txt',
      'data/profile.json',
      'data/pets.json',
      'data/pets.csv',
      'data/medical-records.csv',
      `files/pets/Bello (${short})/photo.png`,
      `emergency-files/Bello (${short}).pdf`,
    ]) {
      expect(names, name).toContain(name);
    }

    // The mail: brand and language, with a link that works without a session.
    let mail;
    for (let i = 0; i < 100 && !mail; i++) {
      mail = (await mailbox(server.url)).find(
        (m) => m.to === user.email && m.subject === 'Your data export is ready',
      );
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const link = mail?.links.find((l) => l.includes('/v1/account/export/download?token='));
    expect(link).toBeDefined();
    const answer = await fetch(link!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(Number(answer.headers.get('content-length'))).toBe(zip.length);
    expect(Buffer.from(await answer.arrayBuffer()).equals(zip)).toBe(true);
    await context.close();
  }, 120_000);

  it('in German on a phone in the dark theme', async ({ expect }) => {
    const { user } = await ownerWithData('de', 'Mia');
    const context = await signedInContext(browser, user, {
      viewport: 'phone',
      colorScheme: 'dark',
      locale: 'de-DE',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/my-account/profile/settings`);
    const section = page.getByRole('region', { name: 'Meine Daten exportieren' });
    await section.getByRole('button', { name: 'Meine Daten exportieren' }).click();
    await section.getByRole('progressbar').waitFor();
    await screenshot(page, 'data-export-progress-phone-dark-de');
    const download = section.getByRole('link', { name: 'ZIP herunterladen' });
    await download.waitFor({ timeout: 60_000 });
    // Nothing wider than the phone's screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'data-export-ready-phone-dark-de');
    await context.close();
  }, 120_000);
});
