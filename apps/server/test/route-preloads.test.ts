import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoutePreload } from '@pet/contract';
import { RoutePreloads } from '../src/http/route-preloads.ts';
import { carriesSessionCookie } from '../src/platform/identity/session-cookie.ts';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { call } from './identity-helpers.ts';

/**
 * Issue 16: a page's HTML lists the chunks its first visit loads (`<link rel="modulepreload">`),
 * from the web build's route-preloads.json, guessing from the session cookie where the app's
 * guards will send the visitor.
 */
const ROWS: RoutePreload[] = [
  { path: '/signin', access: 'signedOutOnly', signedIn: false, files: ['/assets/signin-1.js'] },
  {
    path: '/dashboard',
    access: 'signedInHome',
    signedIn: true,
    files: ['/assets/dashboard-1.js', '/assets/shell-1.js'],
  },
  { path: '/forgot-password', access: 'open', signedIn: false, files: [] },
  {
    path: '/pet-details/:name/:id/my-pet',
    access: 'signedInHome',
    signedIn: true,
    files: ['/assets/my-pet-1.js', '/assets/shell-1.js'],
  },
  { path: '/pet-details/:name/:id', access: 'signedInHome', signedIn: true, files: ['/assets/pet-1.js'] },
  { path: '/dashboard/my-pets', access: 'signedInHome', signedIn: true, files: ['/assets/pets-1.js'] },
  { path: '/dashboard/:anything', access: 'signedInHome', signedIn: true, files: ['/assets/generic-1.js'] },
];
const INDEX_HTML = `<!doctype html><html><head><title>Pet portal</title></head><body>${'<!-- filler -->'.repeat(100)}</body></html>\n`;

describe('which chunks a first visit preloads', () => {
  const preloads = new RoutePreloads(ROWS, INDEX_HTML);

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

  it("gives the chunks of the page the visitor will see: the row's own, /signin's or the dashboard's", () => {
    expect(preloads.filesFor('/pet-details/Bello/abc/my-pet', true)).toEqual([
      '/assets/my-pet-1.js',
      '/assets/shell-1.js',
    ]);
    // Without a session cookie, a signed-in page sends the visitor to /signin.
    expect(preloads.filesFor('/pet-details/Bello/abc/my-pet', false)).toEqual(['/assets/signin-1.js']);
    expect(preloads.filesFor('/signin', false)).toEqual(['/assets/signin-1.js']);
    // With one, /signin sends the visitor on to the dashboard.
    expect(preloads.filesFor('/signin', true)).toEqual(['/assets/dashboard-1.js', '/assets/shell-1.js']);
    expect(preloads.filesFor('/forgot-password', true)).toEqual([]);
    expect(preloads.filesFor('/nowhere', true)).toEqual([]);
  });

  it('lists them before </head>, once per list', () => {
    const files = preloads.filesFor('/dashboard', true);
    const page = preloads.page(files);
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/dashboard-1.js"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/shell-1.js"></head>',
    );
    expect(preloads.page(files)).toBe(page);
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
  fs.writeFileSync(path.join(webDist, 'route-preloads.json'), JSON.stringify({ routes: ROWS }));
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
      cookie: 'pet.session_token=abc',
      'accept-encoding': 'br',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/my-pet-1.js">',
    );
    expect(html).not.toContain('signin-1.js');
  });

  it("answers a signed-out visitor of that page with the sign-in page's chunk", async () => {
    const res = await get('/pet-details/Bello/abc/my-pet', {});
    expect(res.body).toContain('href="/assets/signin-1.js"');
    expect(res.body).not.toContain('my-pet-1.js');
  });

  it('answers the plain index.html where there is nothing to add', async () => {
    for (const url of ['/forgot-password', '/nowhere/at/all']) {
      const res = await get(url, {});
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
    }
  });
});
