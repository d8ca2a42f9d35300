import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { publicConfigSchema } from '@pet/contract';
import { startServer, type RunningServer } from '../support/server.ts';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { api, createUser, signedInContext } from '../support/session.ts';
import { signInThroughForm, tr } from './identity-helpers.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the portal as npm start serves it', () => {
  it('answers health, config and a valid OpenAPI document', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const config = publicConfigSchema.parse(await (await fetch(`${server.url}/v1/config`)).json());
    expect(config.brand.id).toBe('primepet');
    const doc = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as {
      openapi: string;
      paths: object;
    };
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
  });

  it('serves the app with history fallback and cacheable hashed assets', async () => {
    for (const route of ['/', '/dashboard', '/pet-details/Bello/123/contacts']) {
      const res = await fetch(`${server.url}${route}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
      expect(asset).toBeTruthy();
      if (route === '/') {
        const assetRes = await fetch(`${server.url}${asset}`);
        expect(assetRes.status).toBe(200);
        expect(assetRes.headers.get('cache-control')).toContain('immutable');
      }
    }
  });

  it("lists in a page's HTML the chunks its first visit loads, which the app then does not add again", async () => {
    const preloadsOf = async (route: string, headers: Record<string, string> = {}) => {
      const html = await (await fetch(`${server.url}${route}`, { headers })).text();
      return [
        ...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)"/g),
      ].map((match) => match[1]!);
    };
    const english = { 'accept-language': 'en-US,en;q=0.9' };
    const signIn = await preloadsOf('/signin', english);
    expect(signIn.some((href) => /^\/assets\/signin-[\w-]+\.js$/.test(href))).toBe(true);
    // With the texts the app loads first, in the visitor's language: the public ones for /signin.
    expect(signIn.filter((href) => href.includes('/texts-'))).toEqual([
      expect.stringMatching(/^\/assets\/texts-en-public-[\w-]+\.js$/),
    ]);
    // A signed-in page: its own chunk and the signed-in shell's, for a visitor with a session cookie.
    const dashboard = await preloadsOf('/dashboard', {
      cookie: 'pet.session_token=any; pet.language=de',
      ...english,
    });
    expect(dashboard.some((href) => /^\/assets\/dashboard-[\w-]+\.js$/.test(href))).toBe(true);
    expect(dashboard.some((href) => /^\/assets\/shell-[\w-]+\.js$/.test(href))).toBe(true);
    // The language the user chose in the app (its cookie) over the browser's; all of its texts.
    expect(dashboard.filter((href) => href.includes('/texts-'))).toEqual([
      expect.stringMatching(/^\/assets\/texts-de-public-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/texts-de-rest-[\w-]+\.js$/),
    ]);
    // Without one, the visitor will end on /signin: that page's chunks.
    expect(await preloadsOf('/dashboard', english)).toEqual(signIn);
    for (const href of new Set([...signIn, ...dashboard])) {
      expect((await fetch(`${server.url}${href}`)).status, href).toBe(200);
    }

    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/signin`);
    await page.getByRole('button', { name: tr('en', 'identity.signIn.submit'), exact: true }).waitFor();
    const links = await page.$$eval('link[rel="modulepreload"]', (all) =>
      all.map((link) => new URL((link as HTMLLinkElement).href).pathname),
    );
    // Vite's preloading found the page's chunks in the HTML and added none of them a second time.
    expect(links.length).toBe(new Set(links).size);
    for (const href of signIn) expect(links).toContain(href);
    // The texts the app imported are the ones the HTML preloaded, fetched once.
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    const texts = fetched.filter((href) => href.includes('/texts-'));
    expect(texts).toEqual(signIn.filter((href) => href.includes('/texts-')));
    await context.close();
  });

  it("starts a pet page's first calls with its HTML (session and pet), which the app then takes instead of asking again", async () => {
    const user = await createUser(server);
    const pet = await api<{ id: string }>(user, 'POST', '/v1/pet', { name: 'Bello', pet_type: 'Dog' });
    expect(pet.status).toBe(201);
    const context = await signedInContext(browser, user, { locale: 'en-US', viewport: 'phone' });
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/v1/')) calls.push(`${url.pathname}${url.search}`);
    });
    await page.goto(`${server.url}/pet-details/Bello/${pet.body.id}/my-pet`);
    // The form shows the pet.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('input')].some((input) => input.value === 'Bello'),
    );
    const html = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="preload"][as="fetch"]')].map(
        (link) =>
          new URL((link as HTMLLinkElement).href).pathname + new URL((link as HTMLLinkElement).href).search,
      ),
    );
    expect(html).toEqual(['/v1/config', '/v1/auth/myinfo', `/v1/pet?pet_id=${pet.body.id}`]);
    // Each asked once: the app's own calls took the preloaded answers.
    for (const call of html)
      expect(
        calls.filter((seen) => seen === call),
        call,
      ).toHaveLength(1);
    await context.close();
  });

  it('sends a signed-out visitor of / to /signin, and of /dashboard to /signin with the way back', async () => {
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard?tab=1`);
    await page.waitForURL(/\/signin/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/signin');
    // Issue 40.8: /dashboard keeps its target (apps/web/src/app/route-handle.ts, signedIn).
    expect(url.searchParams.get('continueUrl')).toBe('/dashboard?tab=1');
    await page.goto(`${server.url}/`);
    await page.waitForURL((next) => next.pathname === '/signin');
    expect(new URL(page.url()).searchParams.get('continueUrl')).toBeNull();
    await screenshot(page, 'foundation-signin-en-desktop');
    await context.close();
  });

  it("a finder or reminder mail's link to a pet page lands on that page after sign-in (issue 40.8)", async () => {
    const user = await createUser(server);
    const pet = await api<{ id: string }>(user, 'POST', '/v1/pet', { name: 'Bello', pet_type: 'Dog' });
    const target = `/pet-details/Bello/${pet.body.id}/contacts?from=mail`;
    const context = await newContext(browser, { locale: 'en-US', viewport: 'phone' });
    const page = await context.newPage();
    await page.goto(`${server.url}${target}`);
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(new URL(page.url()).searchParams.get('continueUrl')).toBe(target);
    await signInThroughForm(page, 'en', user.email, user.password);
    await page.waitForURL((url) => url.pathname === `/pet-details/Bello/${pet.body.id}/contacts`);
    expect(new URL(page.url()).search).toBe('?from=mail');
    await page.getByRole('heading', { level: 1, name: tr('en', 'route.contacts') }).waitFor();
    await context.close();
  });

  it('picks the brand from the host name and the language from the browser', async () => {
    const context = await newContext(browser, { locale: 'de-DE', viewport: 'phone', colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${server.brandUrl('hundeschutz')}/signin`);
    await expect.poll(() => page.title()).toContain('Hunde-Schutz');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await screenshot(page, 'foundation-signin-de-phone-dark-hundeschutz');
    await context.close();
  });

  it('shows a not-found page for unknown app routes', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/forgot-password/this/does/not/exist`);
    await expect.poll(async () => (await page.textContent('body')) ?? '').toMatch(/not found|404/i);
    await context.close();
  });
});
