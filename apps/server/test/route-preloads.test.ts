import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoutePreload, RoutePreloadsFile } from '@pet/contract';
import { RoutePreloads } from '../src/http/route-preloads.ts';
import { carriesSessionCookie } from '../src/platform/auth/session-cookie.ts';
import { acceptedUiLanguage, appLanguageOf } from '../src/http/ui-language.ts';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { call } from './identity-helpers.ts';

/**
 * Issue 16: a page's HTML lists the chunks its first visit loads (`<link rel="modulepreload">`),
 * from the web build's route-preloads.json, guessing from the session cookie where the app's
 * guards will send the visitor, with the texts the app loads first in the visitor's language.
 */
const ROWS: RoutePreload[] = [
  {
    path: '/signin',
    access: 'signedOutOnly',
    signedIn: false,
    files: ['/assets/signin-1.js'],
    textScope: 'public',
  },
  {
    path: '/dashboard',
    access: 'signedIn',
    signedIn: true,
    files: ['/assets/dashboard-1.js', '/assets/shell-1.js'],
    textScope: 'all',
  },
  { path: '/forgot-password', access: 'open', signedIn: false, files: [], textScope: 'all' },
  {
    path: '/pet-details/:name/:id/my-pet',
    access: 'signedIn',
    signedIn: true,
    files: ['/assets/my-pet-1.js', '/assets/shell-1.js'],
    textScope: 'all',
    earlyReads: [{ path: '/v1/pet', query: { pet_id: ':id', view: 'full' } }],
  },
  {
    path: '/pet-details/:name/:id',
    access: 'signedIn',
    signedIn: true,
    files: ['/assets/pet-1.js'],
    textScope: 'all',
  },
  {
    path: '/dashboard/my-pets',
    access: 'signedIn',
    signedIn: true,
    files: ['/assets/pets-1.js'],
    textScope: 'all',
  },
  {
    path: '/dashboard/:anything',
    access: 'signedIn',
    signedIn: true,
    files: ['/assets/generic-1.js'],
    textScope: 'all',
  },
];
const TEXTS: RoutePreloadsFile['texts'] = {
  de: { public: ['/assets/texts-de-public-1.js'], rest: ['/assets/texts-de-rest-1.js'] },
  en: { public: ['/assets/texts-en-public-1.js'], rest: ['/assets/texts-en-rest-1.js'] },
};
const INDEX_HTML = `<!doctype html><html><head><title>Pet portal</title></head><body>${'<!-- filler -->'.repeat(100)}</body></html>\n`;

describe('which chunks a first visit preloads', () => {
  const preloads = new RoutePreloads(ROWS, INDEX_HTML, TEXTS);

  it("finds a path's row as the app's router does: params, any case, a trailing slash", () => {
    expect(preloads.rowOf('/pet-details/Bello/abc/my-pet')?.path).toBe('/pet-details/:name/:id/my-pet');
    expect(preloads.rowOf('/Pet-Details/Bello/abc/My-Pet/')?.path).toBe('/pet-details/:name/:id/my-pet');
    expect(preloads.rowOf('/pet-details/Bello/abc')?.path).toBe('/pet-details/:name/:id');
    // A static segment wins over a param, whatever the order of the rows.
    expect(preloads.rowOf('/dashboard/my-pets')?.path).toBe('/dashboard/my-pets');
    expect(preloads.rowOf('/dashboard/other')?.path).toBe('/dashboard/:anything');
    expect(preloads.rowOf('/pet-details/Bello')).toBeUndefined();
    expect(preloads.rowOf('/nowhere')).toBeUndefined();
  });

  it("gives the texts and chunks of the page the visitor will see: the row's own, /signin's or the dashboard's", () => {
    expect(preloads.filesFor('/pet-details/Bello/abc/my-pet', true, 'en')).toEqual([
      '/assets/texts-en-public-1.js',
      '/assets/texts-en-rest-1.js',
      '/assets/my-pet-1.js',
      '/assets/shell-1.js',
    ]);
    // Without a session cookie, a signed-in page sends the visitor to /signin (the public texts only).
    const signIn = ['/assets/texts-de-public-1.js', '/assets/signin-1.js'];
    expect(preloads.filesFor('/pet-details/Bello/abc/my-pet', false, 'de')).toEqual(signIn);
    expect(preloads.filesFor('/signin', false, 'de')).toEqual(signIn);
    // With one, /signin sends the visitor on to the dashboard.
    expect(preloads.filesFor('/signin', true, 'en')).toEqual([
      '/assets/texts-en-public-1.js',
      '/assets/texts-en-rest-1.js',
      '/assets/dashboard-1.js',
      '/assets/shell-1.js',
    ]);
    expect(preloads.filesFor('/forgot-password', true, 'de')).toEqual([
      '/assets/texts-de-public-1.js',
      '/assets/texts-de-rest-1.js',
    ]);
    expect(preloads.filesFor('/nowhere', true, 'de')).toEqual([]);
    // The same list each time (a page is built once per list).
    expect(preloads.filesFor('/dashboard', true, 'de')).toBe(preloads.filesFor('/dashboard/', true, 'de'));
    // A build without texts (an older one): the chunks alone.
    expect(new RoutePreloads(ROWS, INDEX_HTML).filesFor('/signin', false, 'de')).toEqual([
      '/assets/signin-1.js',
    ]);
  });

  it('lists them before </head>, once per list, at low priority', () => {
    const files = preloads.filesFor('/signin', false, 'en');
    const page = preloads.page(files);
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/texts-en-public-1.js"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/signin-1.js"></head>',
    );
    expect(preloads.page(files)).toBe(page);
  });

  it("starts the first screen's GET calls: the session on every page, a signed-in page's early reads with its params", () => {
    expect(preloads.readsFor('/pet-details/Bello%20Two/a%2Fb%26c/my-pet', true)).toEqual([
      '/v1/auth/myinfo',
      // Decoded as the app's router does, written as its api-client does (URLSearchParams).
      '/v1/pet?pet_id=a%2Fb%26c&view=full',
    ]);
    // The visitor will see /signin (no session cookie): that page asks for the session only.
    expect(preloads.readsFor('/pet-details/Bello/abc/my-pet', false)).toEqual(['/v1/auth/myinfo']);
    expect(preloads.readsFor('/signin', false)).toEqual(['/v1/auth/myinfo']);
    expect(preloads.readsFor('/dashboard', true)).toEqual(['/v1/auth/myinfo']);
    // A path the app's router could not decode either: the session only.
    expect(preloads.readsFor('/pet-details/Bello/%E0%A4%A/my-pet', true)).toEqual(['/v1/auth/myinfo']);
    expect(preloads.readsFor('/nowhere', true)).toEqual([]);
    // In the page with the app's credentials mode, the query's & escaped.
    expect(preloads.page(['/assets/a.js'], ['/v1/pet?pet_id=1&view=full'])).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/v1/pet?pet_id=1&amp;view=full"></head>',
    );
  });

  it("guesses the app's language: the user's choice (its cookie), else the browser's by weight, else German", () => {
    expect(appLanguageOf({ cookie: 'pet.language=en', 'accept-language': 'de-DE' })).toBe('en');
    expect(appLanguageOf({ cookie: 'a=1; pet.language=de', 'accept-language': 'en-US,en' })).toBe('de');
    // Not ours, or not a language we offer: the browser decides.
    expect(appLanguageOf({ cookie: 'pet.language=fr', 'accept-language': 'en' })).toBe('en');
    expect(appLanguageOf({ cookie: 'xpet.language=en', 'accept-language': 'de' })).toBe('de');
    expect(appLanguageOf({})).toBe('de');
    expect(acceptedUiLanguage('fr-FR, en;q=0.5, de;q=0.8')).toBe('de');
    expect(acceptedUiLanguage('fr-FR,en-GB;q=0.9')).toBe('en');
    expect(acceptedUiLanguage('en;q=0, fr')).toBe('de');
  });

  it('reads a session cookie by its name only, secure or not', () => {
    expect(carriesSessionCookie('pet.session_token=abc.def')).toBe(true);
    expect(carriesSessionCookie('theme=dark; __Secure-pet.session_token=abc')).toBe(true);
    expect(carriesSessionCookie('pet.session_token=')).toBe(false);
    expect(carriesSessionCookie('other.pet.session_token=abc')).toBe(false);
    expect(carriesSessionCookie('pet.session_data=abc')).toBe(false);
    expect(carriesSessionCookie(undefined)).toBe(false);
  });
});

describe(`the SPA's HTML with the route's preloads (${testDatabaseKind})`, () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-dist-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(webDist, 'index.html.br'), zlib.brotliCompressSync(INDEX_HTML));
  fs.writeFileSync(
    path.join(webDist, 'route-preloads.json'),
    JSON.stringify({ routes: ROWS, texts: TEXTS } satisfies RoutePreloadsFile),
  );
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string>) =>
    call(t.app, 'GET', url, undefined, { headers });

  it("answers a signed-in page's HTML with its chunks, compressed and never cached", async () => {
    const res = await get('/pet-details/Bello/abc/my-pet?tab=1', {
      cookie: 'pet.session_token=abc; pet.language=en',
      'accept-language': 'de-DE',
      'accept-encoding': 'br',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary).toLowerCase()).toMatch(/cookie, accept-language/);
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/my-pet-1.js">',
    );
    expect(html).toContain('href="/assets/texts-en-rest-1.js"');
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/v1/pet?pet_id=abc&amp;view=full">',
    );
    expect(html).not.toContain('texts-de-');
    expect(html).not.toContain('signin-1.js');
  });

  it("answers a signed-out visitor of that page with the sign-in page's chunk and the browser language's public texts", async () => {
    const res = await get('/pet-details/Bello/abc/my-pet', { 'accept-language': 'en-GB,de;q=0.5' });
    expect(res.body).toContain('href="/assets/signin-1.js"');
    expect(res.body).toContain('href="/assets/texts-en-public-1.js"');
    expect(res.body).not.toContain('texts-en-rest-1.js');
    expect(res.body).not.toContain('my-pet-1.js');
  });

  it('answers the plain index.html where there is nothing to add', async () => {
    const res = await get('/nowhere/at/all', {});
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });
});
