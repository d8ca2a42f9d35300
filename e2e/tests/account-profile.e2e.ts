import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { api, createUser, mailbox, signedInContext, type TestUser } from '../support/session.ts';

/**
 * Account area: profile (name and avatar, seen in the top bar at once and after a reload) and
 * settings (language switches the UI and the next mail; the address survives a reload).
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// ---------------------------------------------------------------------------------------------
// A small real picture for the avatar upload: a PNG with a coloured disc on a light background.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function discPng(size = 240): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const inside = (x - size / 2) ** 2 + (y - size / 2) ** 2 < (size / 3) ** 2;
      row.set(inside ? [30, 120, 200] : [250, 230, 200], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The avatar picture in the top bar has loaded (a broken URL falls back to the initials). */
async function topBarAvatarLoaded(page: Page, name: string): Promise<boolean> {
  const image = page.getByRole('button', { name: new RegExp(name) }).locator('img');
  if ((await image.count()) === 0) return false;
  return image.evaluate((element) => (element as HTMLImageElement).naturalWidth > 0);
}

interface UserInfo {
  name: string;
  image_url: string | null;
  language: string;
  address_1: string | null;
  address_2: string | null;
  zipcode: string | null;
  phone: string | null;
  city: string | null;
  country: string | null;
}
const myInfo = async (user: TestUser) => (await api<UserInfo>(user, 'GET', '/v1/auth/myinfo')).body;

describe('profile', () => {
  it('changes name and avatar and shows both in the top bar (en, desktop)', async () => {
    const user = await createUser(server, { language: 'en', name: 'Erika Muster' });
    const context = await signedInContext(browser, user, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/my-account/profile`);
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    expect(
      await page.getByRole('textbox', { name: 'E-mail address' }).getAttribute('readonly'),
    ).not.toBeNull();

    // The name is saved when the field is left, and the top bar shows it at once.
    const name = page.getByRole('textbox', { name: /^Name/ });
    await name.fill('Clara Neumann');
    await name.press('Tab');
    await page.getByText('Your name has been saved.').waitFor();
    await page.getByRole('button', { name: 'Account menu of Clara Neumann' }).waitFor();

    // An empty name is refused on blur (Name_Error) and not saved.
    await name.fill('');
    await name.press('Tab');
    await page.getByText('Please enter a name.').waitFor();
    expect((await myInfo(user)).name).toBe('Clara Neumann');

    // Avatar: choose a picture, crop it in the circle, upload.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'holiday.png',
      mimeType: 'image/png',
      buffer: discPng(),
    });
    const dialog = page.getByRole('dialog', { name: 'Crop your profile picture' });
    await dialog.waitFor();
    await expect.poll(() => dialog.locator('.reactEasyCrop_CropAreaRound').count()).toBe(1);
    await screenshot(page, 'account-avatar-crop-en-desktop');
    await dialog.getByRole('button', { name: 'Use picture' }).click();
    await page.getByText('Your profile picture has been saved.').waitFor();
    await expect.poll(() => topBarAvatarLoaded(page, 'Clara Neumann'), { timeout: 10_000 }).toBe(true);
    expect((await myInfo(user)).image_url).toBeTruthy();
    await screenshot(page, 'account-profile-en-desktop');

    // Both survive a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Account menu of Clara Neumann' }).waitFor();
    await expect.poll(() => topBarAvatarLoaded(page, 'Clara Neumann'), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('Clara Neumann');
    await context.close();
  });

  it('looks right in German on a phone in dark mode', async () => {
    const user = await createUser(server, { language: 'de', name: 'Jörg Müller' });
    const context = await signedInContext(browser, user, {
      locale: 'de-DE',
      viewport: 'phone',
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/my-account`);
    await page.getByRole('heading', { level: 1, name: 'Profil' }).waitFor();
    await page.getByRole('link', { name: /Meine Produkte/ }).waitFor();
    await page.getByText('Noch keine Tiere angelegt').waitFor();
    const name = page.getByRole('textbox', { name: /^Name/ });
    await name.fill('Jörg Müller-Lüdenscheidt');
    await name.press('Enter');
    await page.getByText('Ihr Name wurde gespeichert.').waitFor();
    expect((await myInfo(user)).name).toBe('Jörg Müller-Lüdenscheidt');
    await screenshot(page, 'account-profile-de-phone-dark');
    await context.close();
  });
});

describe('settings', () => {
  it('switches the language of the UI and of the next mail (de to en, phone)', async () => {
    const user = await createUser(server, { language: 'de' });
    const resetMail = async () => {
      const before = (await mailbox(user.origin)).length;
      const res = await fetch(`${user.origin}/v1/auth/password/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: user.origin },
        body: JSON.stringify({ email: user.email, url: user.origin }),
      });
      expect(res.status).toBe(200);
      await expect.poll(async () => (await mailbox(user.origin)).length).toBeGreaterThan(before);
      return (await mailbox(user.origin)).find((mail) => mail.to.includes(user.email))!;
    };
    expect((await resetMail()).subject).toBe('Passwort zurücksetzen für Prime Pet');

    const context = await signedInContext(browser, user, { locale: 'de-DE', viewport: 'phone' });
    const page = await context.newPage();
    await page.goto(`${server.url}/my-account/profile/settings`);
    await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    const german = page.getByRole('radio', { name: 'Deutsch' });
    expect(await german.isChecked()).toBe(true);
    await screenshot(page, 'account-settings-de-phone');

    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByText('Your language has been saved.').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect((await myInfo(user)).language).toBe('English');
    expect((await resetMail()).subject).toBe('Reset your password for Prime Pet');

    // And back: the UI and the stored language follow again.
    await page.getByRole('radio', { name: 'Deutsch' }).check();
    await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    await expect.poll(async () => (await myInfo(user)).language).toBe('German');
    await context.close();
  });

  it('saves the address and finds it after a reload (en, desktop, dark)', async () => {
    const user = await createUser(server, { language: 'en' });
    const context = await signedInContext(browser, user, { locale: 'en-US', colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${server.url}/my-account/profile/settings`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('button', { name: /User Administration/ }).click();
    const form = page.getByRole('form', { name: 'Address' });
    await form.waitFor();
    const save = form.getByRole('button', { name: 'Save address' });
    expect(await save.isDisabled()).toBe(true);
    const values: Record<string, string> = {
      'Street and house number': 'Friedrichstraße 12',
      'Additional address line': '3. OG, Hinterhaus',
      'Postal code': '10117',
      City: 'Berlin',
      'Phone number': '+49 30 1234567',
    };
    for (const [label, value] of Object.entries(values)) {
      await form.getByRole('textbox', { name: label }).fill(value);
    }
    await screenshot(page, 'account-settings-address-en-desktop-dark');
    await save.click();
    await page.getByText('Saved successfully.').waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);

    const stored = await myInfo(user);
    expect(stored).toMatchObject({
      address_1: 'Friedrichstraße 12',
      address_2: '3. OG, Hinterhaus',
      zipcode: '10117',
      city: 'Berlin',
      phone: '+49 30 1234567',
      country: null,
    });

    await page.reload();
    await page.getByRole('button', { name: /User Administration/ }).click();
    for (const [label, value] of Object.entries(values)) {
      expect(
        await page.getByRole('form', { name: 'Address' }).getByRole('textbox', { name: label }).inputValue(),
      ).toBe(value);
    }
    expect(
      await page
        .getByRole('form', { name: 'Address' })
        .getByRole('textbox', { name: 'Country' })
        .inputValue(),
    ).toBe('');

    // Stay logged in and help.
    const stay = page.getByRole('switch', { name: 'Stay logged in' });
    const wasOn = await stay.isChecked();
    await stay.click();
    await expect.poll(() => stay.isChecked()).toBe(!wasOn);
    // The switch re-issues this browser's session cookie at once: persistent (30 days) when on, a
    // browser-session cookie (no expiry) when off.
    const persistentCookie = async () => {
      const cookie = (await context.cookies()).find((c) => c.name === 'pet.session_token');
      return cookie ? cookie.expires > Date.now() / 1000 + 29 * 86_400 : null;
    };
    await expect.poll(persistentCookie).toBe(!wasOn);
    await stay.click();
    await expect.poll(() => stay.isChecked()).toBe(wasOn);
    await expect.poll(persistentCookie).toBe(wasOn);
    expect(await page.evaluate(() => fetch('/v1/auth/myinfo').then((r) => r.status))).toBe(200);
    const help = page.getByRole('link', { name: /Help/ });
    expect(await help.getAttribute('href')).toBe('https://www.prime-pet.de/faq');
    expect(await help.getAttribute('target')).toBe('_blank');

    // Logout signs out and leads to the sign-in screen (via /).
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/signin');
    // The session is gone at the server (the test's bearer token was the same session).
    expect((await api(user, 'GET', '/v1/auth/myinfo')).status).toBe(401);
    await context.close();
  });
});
