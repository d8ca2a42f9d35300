import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { api, createUser, signedInContext, type TestUser } from '../support/session.ts';
import { signInThroughForm, signOutThroughMenu, tr } from './identity-helpers.ts';

/**
 * The layout at phone width (390 px) and on the desktop, light and dark (issue 14 item 23):
 * nothing wider than the screen, no button label on two lines, no title broken inside a word,
 * every page title at the same place, the current breadcrumb called as the page title.
 * Screenshots of each screen go to e2e/artifacts (layout-*).
 */

let server: RunningServer;
let browser: Browser;
const users = {} as Record<'en' | 'de', { user: TestUser; petId: string }>;

const PET = 'Bello';
const LONG_BREED = 'Nova Scotia Duck Tolling Retriever crossed with a Bernese Mountain Dog';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  for (const language of ['en', 'de'] as const) {
    const user = await createUser(server, { name: 'Erika Muster', language });
    const pet = await api<{ id: string }>(user, 'POST', '/v1/pet', {
      name: PET,
      pet_type: 'Dog',
      race: LONG_BREED,
    });
    if (pet.status !== 201) throw new Error(`pet not created: ${pet.status}`);
    users[language] = { user, petId: pet.body.id };
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const WIDTHS = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1280, height: 800 },
  desktop: { width: 1440, height: 900 },
} as const;

/** Elements of the main area whose box reaches past the right edge of the screen. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    if (document.documentElement.scrollWidth > width) out.push('page scrolls sideways: ' + document.documentElement.scrollWidth + ' > ' + width);
    for (const el of document.querySelectorAll('main *')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 0.5) out.push(el.tagName + '.' + String(el.className).slice(0, 60) + ' ' + (el.textContent || '').slice(0, 40) + ' right=' + Math.round(box.right));
    }
    return out.slice(0, 10);
  })()`);
}

/** Texts of `selector` whose label runs over more than one line. */
async function wrappedLabels(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(`(() => [...document.querySelectorAll(${JSON.stringify(selector)})]
    .filter((el) => el.getBoundingClientRect().width > 0 && el.checkVisibility())
    .filter((el) => {
      // The tops of the label's text lines (icons beside it sit a little higher or lower).
      const tops = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) tops.push(r.top);
      }
      return tops.length > 0 && Math.max(...tops) - Math.min(...tops) > 8;
    })
    .map((el) => el.textContent))()`);
}

/** Buttons of the main area that overlap another button or reach out of their row. */
async function crowdedButtons(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const buttons = [...document.querySelectorAll('main .MuiButton-root')].filter((el) => el.checkVisibility());
    const out = [];
    for (const a of buttons) {
      const box = a.getBoundingClientRect();
      const row = a.parentElement.getBoundingClientRect();
      if (box.left < row.left - 0.5 || box.right > row.right + 0.5) out.push(a.textContent + ' out of its row');
      for (const b of buttons) {
        if (a === b) continue;
        const other = b.getBoundingClientRect();
        const overlap = Math.min(box.right, other.right) - Math.max(box.left, other.left) > 1 &&
          Math.min(box.bottom, other.bottom) - Math.max(box.top, other.top) > 1;
        if (overlap) out.push(a.textContent + ' overlaps ' + b.textContent);
      }
    }
    return out;
  })()`);
}

/**
 * Words of `selector`'s texts that are broken over two lines without a hyphen, or cut off (running
 * past their element or a clipping ancestor). A break after a hyphen ("Muster-Schön") is a word's
 * own break point; Debian's Chromium has no hyphenation dictionaries, so `hyphens: auto` never adds
 * one here and every title word must fit its line.
 */
async function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(`(() => {
    const broken = [];
    const clipRight = (el) => {
      let right = document.documentElement.clientWidth;
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') right = Math.min(right, a.getBoundingClientRect().right);
      }
      return right;
    };
    for (const el of document.querySelectorAll(${JSON.stringify(selector)})) {
      if (!el.checkVisibility()) continue;
      const limit = Math.min(el.getBoundingClientRect().right, clipRight(el));
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const re = /[^\\s-]+-?/g;
        let match;
        while ((match = re.exec(node.data))) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          const tops = new Set(rects.map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(match[0] + ' (split)');
          const right = Math.max(...rects.map((r) => r.right));
          if (right > limit + 0.5) broken.push(match[0] + ' (cut off by ' + Math.round(right - limit) + ' px)');
        }
      }
    }
    return broken;
  })()`);
}

async function h1Left(page: Page): Promise<number> {
  const box = await page.getByRole('heading', { level: 1 }).first().boundingBox();
  return Math.round(box!.x);
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
}

describe.each([
  { width: 'phone' as const, colorScheme: 'light' as const, language: 'en' as const },
  { width: 'phone' as const, colorScheme: 'dark' as const, language: 'de' as const },
  { width: 'laptop' as const, colorScheme: 'light' as const, language: 'de' as const },
  { width: 'desktop' as const, colorScheme: 'dark' as const, language: 'en' as const },
])('layout ($width, $colorScheme, $language)', ({ width, colorScheme, language }) => {
  it('fits the screen, keeps labels whole and titles in one place', { timeout: 240_000 }, async () => {
    const { user, petId } = users[language];
    const context = await signedInContext(browser, user, {
      colorScheme,
      locale: language === 'de' ? 'de-DE' : 'en-US',
    });
    const page = await context.newPage();
    await page.setViewportSize(WIDTHS[width]);
    const pet = `/pet-details/${PET}/${petId}`;
    const screens: Record<string, string> = {
      dashboard: '/dashboard',
      'pet-dashboard': pet,
      contacts: `${pet}/contacts`,
      appointments: `${pet}/appointments`,
      medical: `${pet}/medical-data`,
      profile: '/my-account/profile',
      settings: '/my-account/profile/settings',
      'delete-account': '/my-account/delete-account',
    };
    const lefts: Record<string, number> = {};
    for (const [name, path] of Object.entries(screens)) {
      await open(page, path);
      if (name === 'settings') {
        // The address form's buttons too.
        await page.getByRole('button', { name: /User Administration|Benutzerverwaltung/ }).click();
        await page.getByRole('button', { name: /Save address|Adresse speichern/ }).waitFor();
      }
      await screenshot(page, `layout-${name}-${width}-${colorScheme}-${language}`);
      expect.soft(await overflowing(page), `${name}: wider than the screen`).toEqual([]);
      expect
        .soft(await wrappedLabels(page, 'main .MuiButton-root'), `${name}: button on two lines`)
        .toEqual([]);
      expect
        .soft(await brokenWords(page, 'main h1, main h2, main h3'), `${name}: word broken in a title`)
        .toEqual([]);
      expect.soft(await crowdedButtons(page), `${name}: buttons crowded`).toEqual([]);
      if (name === 'delete-account' && width === 'phone') {
        // Without its icon (phones) the card's title starts where the card's other texts start.
        const title = await page.locator('main h2').first().boundingBox();
        const list = await page.locator('main .MuiCard-root li').first().boundingBox();
        expect.soft(Math.round(title!.x), 'delete-account: card title indented').toBe(Math.round(list!.x));
      }
      if (name !== 'pet-dashboard') lefts[name] = await h1Left(page); // the pet's name is centred in its card
      if (name !== 'dashboard' && name !== 'pet-dashboard') {
        const crumbs = page
          .getByRole('navigation', { name: /You are here|Sie sind hier/ })
          .getByRole('listitem');
        const current = (await crumbs.last().textContent())?.trim();
        const title = (await page.getByRole('heading', { level: 1 }).first().textContent())?.trim();
        expect.soft(current, `${name}: breadcrumb and title`).toBe(title);
      }
    }
    // The long breed is shown whole (wrapped), not cut off or pushed out of the header.
    await open(page, pet);
    await page.getByText(LONG_BREED).waitFor();
    expect(await overflowing(page)).toEqual([]);
    // Every page title starts at the same place.
    expect(new Set(Object.values(lefts)).size, JSON.stringify(lefts)).toBe(1);
    await context.close();
  });
});

describe('card titles on small phones (320, 360, 390 px)', () => {
  it.each(['de', 'en'] as const)(
    'keeps every title word whole on one line (%s)',
    { timeout: 240_000 },
    async (language) => {
      const { user, petId } = users[language];
      const context = await signedInContext(browser, user, { locale: language === 'de' ? 'de-DE' : 'en-US' });
      const page = await context.newPage();
      const pet = `/pet-details/${PET}/${petId}`;
      // The screens of cards with titles, and the longest German titles ("Abstammungsnachweise").
      const screens = [
        '/dashboard',
        pet,
        `${pet}/medical-data`,
        `${pet}/document-safe`,
        `${pet}/vet-findings`,
        `${pet}/document-safe/certificates-of-descent`,
        `${pet}/document-safe/certificates-of-descent/add-descent-certificate`,
      ];
      for (const width of [320, 360, 390]) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of screens) {
          await open(page, path);
          const where = `${path} at ${width} px (${language})`;
          const broken = await brokenWords(page, 'main h1, main h2, main h3');
          if (broken.length > 0)
            await screenshot(page, `layout-titles-${width}-${language}-${path.split('/').pop()}`);
          expect.soft(broken, `${where}: word broken in a title`).toEqual([]);
          expect.soft(await overflowing(page), `${where}: wider than the screen`).toEqual([]);
        }
      }
      await context.close();
    },
  );
});

describe('greeting', () => {
  it('welcomes a first sign-in and welcomes back from the second on', { timeout: 120_000 }, async () => {
    const user = await createUser(server, { name: 'Nora Neu', language: 'en' });
    const context = await signedInContext(browser, user);
    const page = await context.newPage();
    await open(page, '/dashboard');
    const h1 = page.getByRole('heading', { level: 1 });
    await expect.poll(() => h1.textContent()).toBe(tr('en', 'dashboard.greetingFirst', { name: 'Nora Neu' }));
    // Still the first session after a reload.
    await page.reload();
    await expect.poll(() => h1.textContent()).toBe(tr('en', 'dashboard.greetingFirst', { name: 'Nora Neu' }));

    await signOutThroughMenu(page, 'en', 'Nora Neu');
    await signInThroughForm(page, 'en', user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/dashboard');
    await expect.poll(() => h1.textContent()).toBe(tr('en', 'dashboard.greeting', { name: 'Nora Neu' }));
    await context.close();
  });
});
