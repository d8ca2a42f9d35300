import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { launchBrowser, newContext, screenshot, type ContextOptions } from '../support/browser.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { api, createUser, setPlanByAdmin, signedInContext, type TestUser } from '../support/session.ts';
import { FILES } from './documents-support.ts';

/**
 * WCAG 2.2 AA (axe-core) on every route of the app: signed out and signed in with a pet that has
 * data in every area, in the light and the dark theme, at desktop and phone width. Any violation
 * fails the journey with the rule and the elements (support/axe.ts).
 */

let server: RunningServer;
let browser: Browser;
let user: TestUser;
let petId: string;
let documentId: string | undefined;

const PET = 'Bello';

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

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  user = await createUser(server, { name: 'Erika Muster' });
  await setPlanByAdmin(server, user, 'premium');
  petId = (
    await created(
      api(user, 'POST', '/v1/pet', {
        name: PET,
        pet_type: 'Dog',
        // A long breed: the pet header must wrap it at phone width.
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
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(FILES.policyPdf.buffer)], { type: 'application/pdf' }),
    'scan.pdf',
  );
  const upload = await fetch(`${user.origin}/v1/upload/document?file_for=pet&pet_id=${petId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  if (upload.status !== 201) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  const { doc_url } = (await upload.json()) as { doc_url: string[] };
  const document = await api<{ id: string }>(user, 'POST', `/v1/document?pet_id=${petId}`, {
    document_type: 'Insurance',
    description: 'Liability insurance',
    doc_url,
  });
  // The document's own page needs one; the documents journeys own that call, so a failure here
  // is reported and leaves only that page out.
  if (document.status === 201) documentId = document.body.id;
  else console.warn(`document not created (${document.status}): its page is not checked`);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ANONYMOUS_ROUTES = [
  '/signin',
  '/register',
  '/notfall',
  '/forgot-password',
  '/reset-password?token=x',
  '/no/such/page',
];

function signedInRoutes(): string[] {
  const pet = `/pet-details/${PET}/${petId}`;
  const safe = `${pet}/document-safe`;
  const findings = `${pet}/vet-findings`;
  return [
    '/dashboard',
    '/my-account/profile',
    '/my-account/profile/settings',
    '/my-account/change-password',
    '/my-account/bills',
    '/my-account/subscription',
    '/my-account/delete-account',
    '/my-account/activate-product',
    '/emergency-data',
    '/dashboard/my-pets',
    '/dashboard/new-pet',
    '/dashboard/my-appointments',
    '/dashboard/my-appointments/add-appointment',
    pet,
    `${pet}/my-pet`,
    `${pet}/contacts`,
    `${pet}/appointments`,
    `${pet}/appointments/add-appointment`,
    `${pet}/medical-data`,
    `${pet}/medical-data/allergies`,
    `${pet}/medical-data/allergies/add-allergy`,
    `${pet}/medical-data/diseases`,
    `${pet}/medical-data/medicalinterventions`,
    `${pet}/medical-data/medications`,
    safe,
    `${safe}/insurances`,
    `${safe}/insurances/add-insurance`,
    ...(documentId ? [`${safe}/insurances/document?doc_id=${documentId}`] : []),
    `${safe}/bill`,
    findings,
    `${findings}/xrays`,
    `${findings}/xrays/add-xray`,
  ];
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

async function checkRoutes(context: BrowserContext, origin: string, routes: string[], label: string) {
  const page = await context.newPage();
  const failures: string[] = [];
  for (const route of routes) {
    await page.goto(`${origin}${route}`);
    await settle(page);
    try {
      // The screen itself, not a redirect or an error state in its place.
      const path = new URL(page.url()).pathname + new URL(page.url()).search;
      if (decodeURI(path) !== decodeURI(route)) throw new Error(`${route} showed ${path} (${label})`);
      if (await page.getByRole('button', { name: /try again|erneut versuchen/i }).count()) {
        throw new Error(`${route} showed an error state (${label})`);
      }
      await expectNoAxeViolations(page, `${route} (${label})`);
    } catch (error) {
      failures.push((error as Error).message);
      await screenshot(page, `a11y-fail-${label}-${route.replace(/[^a-z0-9]+/gi, '_').slice(0, 60)}`);
    }
  }
  await page.close();
  // Every route is checked before failing, so one run lists all that is wrong.
  if (failures.length > 0) throw new Error(failures.join('\n\n'));
}

const VARIANTS: ContextOptions[] = [
  { viewport: 'desktop', colorScheme: 'light' },
  { viewport: 'desktop', colorScheme: 'dark' },
  { viewport: 'phone', colorScheme: 'light' },
  { viewport: 'phone', colorScheme: 'dark' },
];

describe.each(VARIANTS)('WCAG 2.2 AA ($viewport, $colorScheme)', (options) => {
  const label = `${options.viewport}-${options.colorScheme}`;

  it('has no violations on the signed-out routes', { timeout: 180_000 }, async () => {
    const context = await newContext(browser, options);
    try {
      await checkRoutes(context, server.url, ANONYMOUS_ROUTES, label);
    } finally {
      await context.close();
    }
  });

  it('has no violations on the signed-in routes of a pet with data', { timeout: 400_000 }, async () => {
    const context = await signedInContext(browser, user, options);
    try {
      await checkRoutes(context, user.origin, signedInRoutes(), label);
    } finally {
      await context.close();
    }
  });
});
