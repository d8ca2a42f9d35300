import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BRAND_IDS, brandConfig, isAccountMenuItemVisible, type AccountMenuItem } from '@pet/contract';
import { startServer, type RunningServer } from '../support/server.ts';
import { launchBrowser, newContext, screenshot, type ContextOptions } from '../support/browser.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { api, createUser, setPlanByAdmin, signedInContext, type TestUser } from '../support/session.ts';
import { FILES } from './documents-support.ts';

/**
 * WCAG 2.2 AA (axe-core) on EVERY route of the app's route table (apps/web/src/app/route-table.ts,
 * read at run time, so a new route is checked without touching this file), in the light and the
 * dark theme: signed-out routes signed out, signed-in routes as a premium user whose pet has data
 * in every area (contacts, medical records of each kind, an appointment, a document in every
 * category for the document pages), routes of a menu entry the default brand hides as a user of a
 * brand that shows it. Every route at desktop width, one route of each screen module at phone
 * width too. Any violation fails with the rule and the elements (support/axe.ts).
 */

interface RouteRow {
  path: string;
  access: 'signedOutOnly' | 'open' | 'signedIn' | 'signedInRoot' | 'signedInHome';
  titleKey: string;
  module: () => Promise<unknown>;
  menuItem?: AccountMenuItem;
  meta?: { kind: string; area?: string; documentType?: string };
}

/** The route table itself (a computed path: the e2e typecheck does not compile the web app). */
async function routeTable(): Promise<readonly RouteRow[]> {
  const file = path.resolve(import.meta.dirname, '../../apps/web/src/app/route-table.ts');
  const { ROUTES } = (await import(pathToFileURL(file).href)) as { ROUTES: readonly RouteRow[] };
  if (!Array.isArray(ROUTES) || ROUTES.length < 40) throw new Error('route table not read');
  return ROUTES;
}

let server: RunningServer;
let browser: Browser;
let routes: readonly RouteRow[];
let user: TestUser;
let petId: string;
/** Document id per `${area}/${documentType}` (the document view routes need one). */
const documentIds = new Map<string, string>();
/** Users of other brands, for routes of a menu entry the default brand hides. */
const brandUsers = new Map<string, TestUser>();

const PET = 'Bello';
const DEFAULT_BRAND = brandConfig('primepet');

function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

async function created(call: Promise<{ status: number; body: unknown }>, what: string) {
  const res = await call;
  if (res.status >= 300) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string };
}

async function createDocument(area: string, documentType: string): Promise<string> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(FILES.letterTxt.buffer)], { type: 'text/plain' }),
    'letter.txt',
  );
  const upload = await fetch(`${user.origin}/v1/upload/document?file_for=pet&pet_id=${petId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  if (upload.status !== 201) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  const { doc_url } = (await upload.json()) as { doc_url: string[] };
  return (
    await created(
      api(user, 'POST', `/v1/document?pet_id=${petId}`, {
        document_type: documentType,
        area,
        description: `A ${documentType.toLowerCase()}`,
        doc_url,
      }),
      `document ${area}/${documentType}`,
    )
  ).id;
}

beforeAll(async () => {
  [server, browser, routes] = await Promise.all([startServer(), launchBrowser(), routeTable()]);
  user = await createUser(server, { name: 'Erika Muster' });
  await setPlanByAdmin(server, user, 'premium');
  petId = (
    await created(
      api(user, 'POST', '/v1/pet', {
        name: PET,
        pet_type: 'Dog',
        race: 'Nova Scotia Duck Tolling Retriever crossed with a Bernese Mountain Dog',
      }),
      'pet',
    )
  ).id;
  await created(
    api(user, 'POST', `/v1/contact?pet_id=${petId}`, {
      name: 'Dr. Vet',
      phone: '+49 30 123456',
      contact_type: 'Vet',
      country: 'DE',
    }),
    'contact',
  );
  for (const type of ['allergy', 'disease', 'intervention', 'medication']) {
    await created(
      api(user, 'POST', `/v1/medical/${type}?pet_id=${petId}`, { name: `A ${type}`, medical_type: type }),
      type,
    );
  }
  await created(
    api(user, 'POST', `/v1/appointment?pet_id=${petId}`, {
      appointment_type: 'Examination',
      reason: 'Check-up',
      appointment_date: dayFromToday(3),
      appointment_time: '09:00',
      reminder_time_zone: 1,
    }),
    'appointment',
  );
  // One document in each category whose view route the table has.
  for (const route of routes) {
    const { area, documentType } = route.meta ?? {};
    if (!route.path.endsWith('/document') || !area || !documentType) continue;
    const key = `${area}/${documentType}`;
    if (!documentIds.has(key)) documentIds.set(key, await createDocument(area, documentType));
  }
  // A user of a brand that shows each menu entry the default brand hides.
  for (const route of routes) {
    const item = route.menuItem;
    if (!item || isAccountMenuItemVisible(DEFAULT_BRAND, item)) continue;
    const brand = BRAND_IDS.find((id) => isAccountMenuItemVisible(brandConfig(id), item));
    if (!brand) throw new Error(`no brand shows the menu entry of ${route.path}`);
    if (!brandUsers.has(brand))
      brandUsers.set(brand, await createUser(server, { brand, name: 'Erika Muster' }));
  }
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The address of a route row: its parameters from the seeded data. */
function urlOf(route: RouteRow): string {
  let url = route.path.replace(':name', PET).replace(':id', petId);
  if (url.endsWith('/document') && route.meta?.area && route.meta.documentType) {
    url += `?doc_id=${documentIds.get(`${route.meta.area}/${route.meta.documentType}`)}`;
  }
  if (url === '/reset-password') url += '?token=not-a-real-token';
  if (/:\w+/.test(url)) throw new Error(`no value for a parameter of ${route.path}`);
  return url;
}

/** Who opens a route: nobody (signed-out routes), the user of a brand that shows its menu entry, or the main user. */
function ownerOf(route: RouteRow): TestUser | null {
  if (route.access === 'signedOutOnly' || route.access === 'open') return null;
  const item = route.menuItem;
  if (item && !isAccountMenuItemVisible(DEFAULT_BRAND, item)) {
    const brand = BRAND_IDS.find((id) => isAccountMenuItemVisible(brandConfig(id), item))!;
    return brandUsers.get(brand)!;
  }
  return user;
}

/** Waits until the page has its title heading and no loading state is left. */
async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
  for (let i = 0; i < 100; i++) {
    const busy = await page
      .locator('[aria-busy="true"], .MuiSkeleton-root, .MuiCircularProgress-root')
      .count();
    if (busy === 0) break;
    await page.waitForTimeout(100);
  }
}

const backgroundOf = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/**
 * Opens each address once and runs axe in the light theme, then in the dark one (the app follows
 * the system's scheme until the user picks one). Every address is checked before failing.
 */
async function checkRoutes(context: BrowserContext, origin: string, urls: string[], label: string) {
  const page = await context.newPage();
  const failures: string[] = [];
  for (const url of urls) {
    try {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(`${origin}${url}`);
      await settle(page);
      // A route that sends this user on (/ and /my-account lead to their screens) is checked
      // where it lands, and said so.
      const shown = new URL(page.url());
      if (decodeURI(shown.pathname) !== decodeURI(new URL(url, origin).pathname)) {
        console.warn(`${url} led to ${shown.pathname} (${label}): checked there`);
      }
      // An error state in the screen's place (a result page of a failure has its own Try again).
      const failurePage = /Failed$/.test(titleKeys.get(url) ?? '');
      if (!failurePage && (await page.getByRole('button', { name: /try again|erneut versuchen/i }).count())) {
        throw new Error(`${url} showed an error state (${label})`);
      }
      await expectNoAxeViolations(page, `${url} (${label}, light)`);
      const light = await backgroundOf(page);
      await page.emulateMedia({ colorScheme: 'dark' });
      for (let i = 0; i < 20 && (await backgroundOf(page)) === light; i++) await page.waitForTimeout(50);
      if ((await backgroundOf(page)) === light) throw new Error(`${url}: the dark theme did not apply`);
      await expectNoAxeViolations(page, `${url} (${label}, dark)`);
    } catch (error) {
      failures.push(`${url} (${label}): ${(error as Error).message}`);
      // Reported at once as well: a run cut short by its time limit still names what it found.
      console.warn(failures.at(-1));
      await screenshot(page, `a11y-fail-${label}-${url.replace(/[^a-z0-9]+/gi, '_').slice(0, 60)}`);
    }
  }
  await page.close();
  if (failures.length > 0) throw new Error(failures.join('\n\n'));
}

/** The title key of each checked address. */
const titleKeys = new Map<string, string>();

/** Addresses per user (null: signed out); at phone width one route of each screen module. */
function plan(phone: boolean): Map<TestUser | null, string[]> {
  const byOwner = new Map<TestUser | null, string[]>();
  const modules = new Set<unknown>();
  for (const route of routes) {
    if (phone) {
      if (modules.has(route.module)) continue;
      modules.add(route.module);
    }
    const owner = ownerOf(route);
    titleKeys.set(urlOf(route), route.titleKey);
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), urlOf(route)]);
  }
  // Outside the table: the server-rendered public emergency page and the not-found page.
  byOwner.set(null, [...(byOwner.get(null) ?? []), '/notfall', '/no/such/page']);
  return byOwner;
}

describe.each([{ viewport: 'desktop' as const }, { viewport: 'phone' as const }])(
  'WCAG 2.2 AA on every route ($viewport, light and dark)',
  ({ viewport }) => {
    it('has no violations', { timeout: 900_000 }, async () => {
      const failures: string[] = [];
      for (const [owner, urls] of plan(viewport === 'phone')) {
        const options: ContextOptions = { viewport };
        const context = owner
          ? await signedInContext(browser, owner, options)
          : await newContext(browser, options);
        try {
          await checkRoutes(
            context,
            owner?.origin ?? server.url,
            urls,
            `${viewport}-${owner ? 'signed-in' : 'signed-out'}`,
          );
        } catch (error) {
          failures.push((error as Error).message);
        } finally {
          await context.close();
        }
      }
      if (failures.length > 0) throw new Error(failures.join('\n\n'));
    });
  },
);
