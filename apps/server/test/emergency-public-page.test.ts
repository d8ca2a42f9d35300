import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { BRANDS } from '@pet/contract';
import { call, freshIp, registeredUser, v1, type ClientOptions } from './identity-helpers.ts';
import { generateCodes } from './support/codes.ts';
import { readPdf } from './support/pdf-text.ts';
import { createPet, setPlan, setUpOwnerAndStranger, type User } from './support/owners.ts';

const t = setUpOwnerAndStranger();
/** The owner's emergency password: a redeemed single code of the premium plan. */
let ownerCode = '';

async function redeemSingleCode(user: User): Promise<string> {
  const [code] = await generateCodes(t.app, { plan: 'premium' });
  const res = await v1(
    t.app,
    'POST',
    '/v1/auth/verifycode',
    { code },
    { cookie: user.cookie, ip: freshIp() },
  );
  expect(res.statusCode, res.body).toBe(200);
  return code!;
}

beforeAll(async () => {
  ownerCode = await redeemSingleCode(t.owner);
  await createPet(t.app, t.owner, { name: 'Bello' });
});

const page = (url = '/notfall', options: ClientOptions = {}) =>
  call(t.app, 'GET', url, undefined, { ip: freshIp(), ...options });

/** The form as a browser without JavaScript posts it. */
const post = (fields: Record<string, string>, url = '/notfall', options: ClientOptions = {}) =>
  call(t.app, 'POST', url, new URLSearchParams(fields).toString(), {
    ip: freshIp(),
    ...options,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
  });

function expectPage(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.body).not.toContain('<script');
  return res.body;
}

const logoBytes = (logo: string) =>
  fs.statSync(path.resolve(import.meta.dirname, '../../web/public', logo.slice(1))).size;

describe('GET /notfall (server-rendered public emergency page)', () => {
  it('is one small HTML page without scripts: page plus logo at most 20 KB, uncompressed', async () => {
    const res = await page();
    const html = expectPage(res, 200);
    const bytes = Buffer.byteLength(html) + logoBytes(BRANDS.primepet.logo);
    expect(bytes).toBeLessThanOrEqual(20_000);
    // The form works without JavaScript: a plain POST to the page itself with the API's fields.
    expect(html).toMatch(/<form method="post" action="\/notfall\?lang=de">/);
    expect(html).toContain('name="activation_code"');
    expect(html).toMatch(/<input type="radio" name="language" value="de" checked>/);
    expect(html).toContain('name="language" value="en"');
    expect(html).toContain('<style>');
  });

  it('speaks German by default and English for an English browser or ?lang=en', async () => {
    const de = expectPage(await page(), 200);
    expect(de).toContain('<html lang="de">');
    expect(de).toContain('Notfallpasswort');
    expect(de).toContain('Bestätigen');

    const en = expectPage(
      await page('/notfall', { headers: { 'accept-language': 'fr-FR,en;q=0.8,de;q=0.5' } }),
      200,
    );
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('Emergency password');
    expect(en).toContain('action="/notfall?lang=en"');

    const chosen = expectPage(
      await page('/notfall?lang=en', { headers: { 'accept-language': 'de-DE' } }),
      200,
    );
    expect(chosen).toContain('<html lang="en">');
    // A language we do not offer in ?lang falls back to the browser's.
    expect(
      expectPage(await page('/notfall?lang=fr', { headers: { 'accept-language': 'de' } }), 200),
    ).toContain('<html lang="de">');
  });

  it("shows the host's brand: its logo and name", async () => {
    const petclub = expectPage(await page('/notfall', { host: 'petclub.localhost:3000' }), 200);
    expect(petclub).toContain(`src="${BRANDS.petclub.logo}"`);
    expect(petclub).toContain(`alt="${BRANDS.petclub.name}"`);
    const primepet = expectPage(await page(), 200);
    expect(primepet).toContain(`src="${BRANDS.primepet.logo}"`);
  });

  it('sends a signed-in user with a verified e-mail to / (signed-out only)', async () => {
    const res = await page('/notfall', { cookie: t.stranger.cookie });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    // A stale cookie is no session: the page is shown.
    expectPage(await page('/notfall', { cookie: `${t.stranger.cookie.split('=')[0]}=stale` }), 200);
  });
});

describe('POST /notfall (the form without JavaScript)', () => {
  it('answers the PDF for the right password, in the chosen language', async () => {
    const de = await post({ activation_code: `  ${ownerCode}  `, language: 'de' });
    expect(de.statusCode, de.body.slice(0, 200)).toBe(200);
    expect(de.headers['content-type']).toBe('application/pdf');
    expect(de.headers['content-disposition']).toBe('attachment; filename="Notfallakte.pdf"');
    expect(readPdf(de.rawPayload).text).toContain('Bello');

    const en = await post({ activation_code: ownerCode, language: 'en' }, '/notfall?lang=en');
    expect(en.headers['content-disposition']).toBe('attachment; filename="Emergency_File.pdf"');
    expect(readPdf(en.rawPayload).text).toContain('Emergency file');
  });

  it('shows the page again with the spec message for an empty or wrong password, keeping the input', async () => {
    const empty = expectPage(await post({ activation_code: '   ', language: 'en' }), 400);
    expect(empty).toContain('role="alert"');
    expect(empty).toContain('Notfallpasswort ist erforderlich');

    const wrongRes = await post({ activation_code: '<b>WRONG-1</b>', language: 'en' });
    const wrong = expectPage(wrongRes, 404);
    // The answer holds what was typed: never stored.
    expect(wrongRes.headers['cache-control']).toBe('no-store');
    expect(wrong).toContain('Ungültiges Notfallpasswort');
    // What was typed comes back escaped, and the chosen file language stays chosen.
    expect(wrong).toContain('value="&#60;b&#62;WRONG-1&#60;/b&#62;"');
    expect(wrong).not.toContain('<b>WRONG-1</b>');
    expect(wrong).toMatch(/value="en" checked/);

    const english = expectPage(await post({ activation_code: 'WRONG-2' }, '/notfall?lang=en'), 404);
    expect(english).toContain('Invalid emergency password');
  });

  it('shows "not supported" when the owner\'s plan has no emergency file', async () => {
    const user = await registeredUser(t.app);
    const code = await redeemSingleCode(user);
    await setPlan(t.app, user.id, 'free');
    const html = expectPage(await post({ activation_code: code }), 403);
    expect(html).toContain('Die Notfalldatei wird für dieses Abonnement nicht unterstützt');
  });

  it('counts against the same per-address limit as GET /v1/emergency/public', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await post({ activation_code: 'ZZZZ-ZZZZ-ZZZZ' }, '/notfall', { ip })).statusCode).toBe(404);
    }
    const limited = expectPage(await post({ activation_code: ownerCode }, '/notfall?lang=en', { ip }), 429);
    expect(limited).toContain('Too many attempts');
    const api = await call(t.app, 'GET', `/v1/emergency/public?activation_code=${ownerCode}`, undefined, {
      ip,
    });
    expect(api.statusCode).toBe(429);
  });
});
