import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { freshIp, registeredUser } from './identity-helpers.ts';
import { fixtures } from './support/fixtures.ts';
import { createPet } from './support/owners.ts';

let t: TestApp;
let port = 0;
let user: Awaited<ReturnType<typeof registeredUser>>;
let petId = '';
beforeAll(async () => {
  t = await createTestApp({ REQUEST_IDLE_TIMEOUT_MS: '400' });
  user = await registeredUser(t.app, {}, { ip: freshIp() });
  petId = (await createPet(t.app, user, { name: 'Bello' })).id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

/** Sends `head` then `body` on a raw socket and collects what the server answers until it closes. */
function rawRequest(head: string, body: Buffer): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closing: NodeJS.Timeout | undefined;
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // The answer is in: the server may keep the socket open after it (the body is unfinished).
      closing ??= setTimeout(() => socket.destroy(), 200);
    });
    socket.on('error', reject);
    socket.on('close', () =>
      resolve({ answer: Buffer.concat(chunks).toString('latin1'), ms: Date.now() - started }),
    );
    socket.write(head);
    socket.write(body);
  });
}

function tempFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(full);
    }
  };
  walk(t.config.filesDir);
  return found;
}

describe(`stalled and malformed uploads (${testDatabaseKind})`, { timeout: 30_000 }, () => {
  for (const path of ['/v1/upload/document', '/v1/upload/image']) {
    it(`${path}: a body without its closing boundary answers 408 and leaves no file`, async () => {
      const url = `${path}?file_for=pet&pet_id=${petId}`;
      const before = tempFiles();
      const boundary = 'stalled-boundary';
      const part = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        fixtures.png(),
      ]);
      const head =
        `POST ${url} HTTP/1.1\r\nHost: localhost:3000\r\nAuthorization: Bearer ${user.token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${part.length + 1000}\r\n\r\n`;
      const { answer, ms } = await rawRequest(head, part);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      // Written raw, yet with the API's security headers and the request id.
      expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
      expect(answer).toMatch(/\r\ncontent-security-policy: default-src 'none'/i);
      expect(answer).toMatch(/\r\nx-request-id: \S+\r\n/i);
      expect(ms).toBeLessThan(10_000);
      // Give the cleanup a moment, then nothing new may remain (temp files included).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(tempFiles()).toEqual(before);
    });
  }

  // Issue 40.3: a complete Content-Length, but the body ends before its closing boundary (in a
  // file's bytes, in a part's header, right after the first boundary).
  const filePart = Buffer.from('--zz\r\nContent-Disposition: form-data; name="file"; filename="f"\r\n\r\n');
  const truncatedBodies = [
    '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 trunc',
    '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG\r\n\x1a\n\0\0\0\rIHDR',
    '--zz\r\nContent-Disposition: form-da',
    '--zz\r\n',
  ]
    .map((text) => Buffer.from(text, 'latin1'))
    .concat(
      // A whole file that the type check accepts, then nothing.
      [fixtures.pdf(), fixtures.png()].map((file) => Buffer.concat([filePart, file])),
      // A whole file and its boundary, but no closing one: the part ended, the body did not.
      [fixtures.png()].map((file) => Buffer.concat([filePart, file, Buffer.from('\r\n--zz')])),
    );
  for (const route of [
    { name: 'the document upload', url: () => `/v1/upload/document?file_for=pet&pet_id=${petId}` },
    { name: 'a pet photo', url: () => `/v1/upload/image?file_for=pet&pet_id=${petId}` },
    { name: 'the avatar with a stray pet_id', url: () => '/v1/upload/image?file_for=user&pet_id=24%3A60' },
  ]) {
    it(`${route.name}: a body cut before its closing boundary answers 400 at once, storing nothing`, async () => {
      const before = tempFiles();
      for (const body of truncatedBodies) {
        const head =
          `POST ${route.url()} HTTP/1.1\r\nHost: localhost:3000\r\nAuthorization: Bearer ${user.token}\r\n` +
          `Content-Type: multipart/form-data; boundary=zz\r\nContent-Length: ${body.length}\r\n\r\n`;
        const { answer } = await rawRequest(head, body);
        // At once: a body that waits for more gets the idle timeout's 408 (400 ms here, 30 s by default).
        expect(answer, body.subarray(0, 80).toString('latin1')).toMatch(/^HTTP\/1\.1 400 /);
        expect(answer).toMatch(/"key":"Document_Error"/);
      }
      expect(tempFiles()).toEqual(before);
    });
  }

  it('a multipart request without a boundary answers 400 with a catalogue key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/upload/document?file_for=pet&pet_id=${petId}`,
      headers: {
        host: 'localhost:3000',
        authorization: `Bearer ${user.token}`,
        'content-type': 'multipart/form-data',
      },
      payload: 'hello',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().key).toBe('Document_Error');
  });
});

describe(`answers over a real socket (${testDatabaseKind})`, { timeout: 30_000 }, () => {
  it('keeps the status and key of an error raised after the body was read', async () => {
    const url = `http://127.0.0.1:${port}`;
    // A fully read JSON body is destroyed by Node: that is not a client abort.
    const limit = await fetch(`${url}/v1/medical/allergy?pet_id=${petId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ name: 'Pollen', medical_type: 'allergy' }),
    });
    expect(limit.status).toBe(500);
    expect(((await limit.json()) as { key: string }).key).toBe('Medical_Not_Allowed_Text');
    const invalid = await fetch(`${url}/v1/pet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ name: '', pet_type: 'Dog' }),
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { key: string }).key).toBe('Pet_Name_Error');
  });
});
