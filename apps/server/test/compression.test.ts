import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { APP_ID_HEADER, decodeDocUrl } from '@pet/contract';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { call, freshIp, registeredUser, v1 } from './identity-helpers.ts';
import { confirmWith, placeOrder, runJobs } from './support/buying.ts';
import { generateCodes } from './support/codes.ts';
import { fixtures } from './support/fixtures.ts';
import { as, createPet, postFiles, setPlan, type User } from './support/owners.ts';

/**
 * Compression (issue 16): the SPA's files go pre-compressed from the build (`.br`/`.gz` beside
 * each file) with their cache headers and `Vary: Accept-Encoding`; API answers over 1 KB are
 * compressed on the fly; PDFs and streamed file downloads go as they are, with their headers.
 */

/** A fake build: a hashed script over 1 KB with its .br and .gz, and index.html with both. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-dist-'));
const script = Buffer.from(`console.log(${JSON.stringify('pet portal '.repeat(400))});\n`);
const indexHtml = Buffer.from(
  `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head>` +
    `<body><div id="root"></div>${'<!-- filler -->'.repeat(100)}</body></html>\n`,
);
const ASSET = '/assets/index-Ab12Cd34.js';

function writeWithCompressed(file: string, data: Buffer) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
}
writeWithCompressed(path.join(webDist, 'index.html'), indexHtml);
writeWithCompressed(path.join(webDist, ...ASSET.split('/')), script);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, extra: Parameters<typeof call>[4] = {}) =>
  call(t.app, 'GET', url, undefined, {
    ...extra,
    headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...extra.headers },
  });

function expectVary(res: LightMyRequestResponse) {
  expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
}

/** The file is sent as it is: no encoding, its exact length and bytes. */
function expectIdentity(res: LightMyRequestResponse, bytes?: Buffer) {
  expect(res.headers['content-encoding']).toBeUndefined();
  if (bytes) {
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(bytes.length);
  }
}

describe(`compression (${testDatabaseKind})`, () => {
  describe('the built web app', () => {
    it('answers a hashed asset in brotli when asked, cached a year, with Vary', async () => {
      const res = await get(ASSET, 'gzip, deflate, br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expectVary(res);
      expect(res.rawPayload.equals(fs.readFileSync(path.join(webDist, `${ASSET}.br`)))).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(zlib.brotliDecompressSync(res.rawPayload).equals(script)).toBe(true);
    });

    it('answers gzip to a client that accepts only gzip', async () => {
      const res = await get(ASSET, 'gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expectVary(res);
      expect(zlib.gunzipSync(res.rawPayload).equals(script)).toBe(true);
    });

    it('answers the plain file without Accept-Encoding, or with identity only', async () => {
      for (const acceptEncoding of [undefined, 'identity']) {
        const res = await get(ASSET, acceptEncoding);
        expect(res.statusCode).toBe(200);
        expectIdentity(res, script);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expectVary(res);
      }
    });

    it('answers index.html for an app route pre-compressed and never cached', async () => {
      const br = await get('/signin', 'br, gzip');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^text\/html/);
      expect(br.headers['cache-control']).toBe('no-cache');
      expectVary(br);
      expect(zlib.brotliDecompressSync(br.rawPayload).equals(indexHtml)).toBe(true);

      const plain = await get('/', undefined);
      expect(plain.statusCode).toBe(200);
      expectIdentity(plain, indexHtml);
      expect(plain.headers['cache-control']).toBe('no-cache');
    });

    it('still answers 404 for a missing asset', async () => {
      expect((await get('/assets/missing-Zz99.js', 'br')).statusCode).toBe(404);
    });
  });

  describe('API answers', () => {
    it('compresses JSON over 1 KB in brotli or gzip, by Accept-Encoding', async () => {
      const plain = await get('/v1/openapi.json');
      expect(plain.statusCode).toBe(200);
      expectIdentity(plain);
      expect(plain.rawPayload.length).toBeGreaterThan(1024);

      const br = await get('/v1/openapi.json', 'gzip, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^application\/json/);
      expectVary(br);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

      const gz = await get('/v1/openapi.json', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    });

    it('leaves answers under 1 KB as they are', async () => {
      const res = await get('/healthz', 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeLessThan(1024);
      expectIdentity(res);
      expect(res.json()).toBeTruthy();
    });
  });

  describe('PDFs and file downloads are streamed as they are', () => {
    let owner: User;
    beforeAll(async () => {
      owner = await registeredUser(t.app);
      await setPlan(t.app, owner.id, 'premium');
    });

    it('a stored PDF and a stored text file (compressible type): bytes, length and headers as stored', async () => {
      const pet = await createPet(t.app, owner);
      const text = Buffer.from(`${fixtures.txt().toString('utf8')}\n`.repeat(40));
      expect(text.length).toBeGreaterThan(1024);
      const uploaded = await postFiles(
        t.app,
        `/v1/upload/document?file_for=pet&pet_id=${pet.id}`,
        [
          { name: 'scan.pdf', type: 'application/pdf', data: fixtures.pdf() },
          { name: 'note.txt', type: 'text/plain', data: text },
        ],
        as(owner),
      );
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const [pdfEntry, textEntry] = decodeDocUrl(uploaded.json().doc_url as string[]);
      for (const [entry, bytes, type] of [
        [pdfEntry!, fixtures.pdf(), 'application/pdf'],
        [textEntry!, text, 'text/plain'],
      ] as const) {
        const owned = await get(entry.url, 'br, gzip', as(owner));
        expect(owned.statusCode, owned.body).toBe(200);
        expectIdentity(owned, bytes);
        expect(owned.headers['content-type']).toContain(type);
        expect(owned.headers['content-disposition']).toMatch(/^attachment; /);
        expect(owned.headers['x-content-type-options']).toBe('nosniff');

        // The same file through a signed /v1/files/* link.
        const stored = await t.app.db
          .selectFrom('document_file')
          .select('storage_key')
          .where('id', '=', new URL(entry.url, 'http://x').searchParams.get('file_id')!)
          .executeTakeFirstOrThrow();
        const signed = t.app.storage.signedUrl(stored.storage_key, {
          expiresInSeconds: 60,
          downloadName: 'file',
        });
        const viaLink = await get(signed, 'br, gzip');
        expect(viaLink.statusCode, viaLink.body).toBe(200);
        expectIdentity(viaLink, bytes);
        expect(viaLink.headers['content-disposition']).toMatch(/^attachment; /);
      }
    });

    it('the emergency PDF: not compressed, attachment, no-store', async () => {
      await createPet(t.app, owner);
      const [code] = await generateCodes(t.app, { plan: 'premium' });
      const redeemed = await v1(
        t.app,
        'POST',
        '/v1/auth/verifycode',
        { code },
        { cookie: owner.cookie, ip: freshIp() },
      );
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      const res = await get('/v1/emergency?language=en', 'br, gzip', as(owner));
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="Emergency_File.pdf"');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    it('the invoice PDF: not compressed, inline, private no-store', async () => {
      const buyer = await registeredUser(t.app);
      const { orderId, secret } = await placeOrder(t.app, buyer, { plan: 'premium' });
      expect((await confirmWith(t.app, secret, { card: '4242424242424242' })).statusCode).toBe(200);
      await runJobs(t.app);
      const res = await v1(t.app, 'GET', `/v1/order/orderpdfweb?id=${orderId}`, undefined, {
        ...as(buyer),
        headers: { [APP_ID_HEADER]: 'web', 'accept-encoding': 'br, gzip' },
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  });
});
