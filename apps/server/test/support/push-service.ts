import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/**
 * A local push service speaking the real protocol (issue 36), standing in for a browser vendor's
 * (FCM, Mozilla autopush), which tests cannot reach:
 * - HTTPS with a self-signed certificate made here by `openssl req` (the server under test trusts
 *   it through PUSH_CA_FILE = `caFile`);
 * - accepts RFC 8030 POSTs to /push/<id>, requiring TTL and Content-Encoding: aes128gcm;
 * - verifies the RFC 8292 VAPID Authorization header: `vapid t=<JWT>, k=<key>`, an ES256 JWT signed
 *   by the key in k=, aud = this service's origin, exp within 24 hours, a sub;
 * - decrypts the body (RFC 8188 aes128gcm, RFC 8291 key derivation) with the subscription's private
 *   key and auth secret, made by `subscribe()` as a browser makes them (ECDH P-256, 16 random bytes).
 * It records what it received and can be told to answer 410 (gone) for an endpoint.
 */
export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload as text. */
  payload: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID key that signed it (k=), base64url. */
  vapidKey: string;
  subject: string;
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's private key (never leaves a real browser; the tests decrypt with it). */
  privateKey: string;
}

interface Subscriber {
  ecdhPrivate: Buffer;
  ecdhPublic: Buffer;
  auth: Buffer;
}

export interface LocalPushService {
  origin: string;
  /** The self-signed certificate (PEM file): the CA the sender must trust. */
  caFile: string;
  received: ReceivedPush[];
  /** Refused requests (bad VAPID, bad body) with the reason, for assertions. */
  refused: Array<{ endpoint: string; status: number; reason: string }>;
  subscribe(): BrowserSubscription;
  /** From now on this endpoint answers 410 Gone. */
  gone(endpoint: string): void;
  /** Called with each accepted message (e2e hands it to the page's service worker). */
  onPush: ((push: ReceivedPush) => void | Promise<void>) | null;
  close(): Promise<void>;
}

function b64u(value: Buffer): string {
  return value.toString('base64url');
}

/** The certificate and key of `localhost`/127.0.0.1, by the openssl command line. */
function selfSignedCertificate(dir: string): { cert: string; key: string; certFile: string } {
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { cert: fs.readFileSync(certFile, 'utf8'), key: fs.readFileSync(keyFile, 'utf8'), certFile };
}

/** RFC 8292: checks the `vapid t=..., k=...` header; answers the key and subject or a reason. */
export function verifyVapid(
  header: string | undefined,
  origin: string,
  nowSeconds: number,
): { key: string; subject: string } | string {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) return 'no vapid authorization';
  const params = Object.fromEntries(
    match[1].split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  ) as Record<string, string | undefined>;
  const { t: jwt, k: key } = params;
  if (!jwt || !key) return 'vapid t= or k= missing';
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return 'k= is not an uncompressed P-256 point';
  const [header64, claims64, signature64] = jwt.split('.');
  if (!header64 || !claims64 || !signature64) return 'malformed JWT';
  const jwtHeader = JSON.parse(Buffer.from(header64, 'base64url').toString()) as { alg?: string };
  if (jwtHeader.alg !== 'ES256') return 'JWT alg is not ES256';
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header64}.${claims64}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature64, 'base64url'),
  );
  if (!valid) return 'JWT signature does not verify against k=';
  const claims = JSON.parse(Buffer.from(claims64, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== origin) return `JWT aud ${claims.aud} is not ${origin}`;
  if (!claims.exp || claims.exp <= nowSeconds || claims.exp > nowSeconds + 24 * 3600 + 60) {
    return 'JWT exp not within 24 hours';
  }
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'JWT sub missing';
  return { key, subject: claims.sub };
}

/** RFC 8188 + RFC 8291: one aes128gcm record decrypted with the subscriber's keys. */
export function decryptAes128gcm(body: Buffer, subscriber: Subscriber): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('keyid is not the sender’s P-256 key');
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(subscriber.ecdhPrivate);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.ecdhPublic, serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, subscriber.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record: the data, the delimiter 0x02, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-service-'));
  const { cert, key, certFile } = selfSignedCertificate(dir);
  const subscribers = new Map<string, Subscriber>();
  const goneEndpoints = new Set<string>();
  const received: ReceivedPush[] = [];
  const refused: LocalPushService['refused'] = [];
  let origin = '';
  const service: LocalPushService = {
    origin: '',
    caFile: certFile,
    received,
    refused,
    onPush: null,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      const ecdhPublic = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = b64u(randomBytes(16));
      const endpoint = `${origin}/push/${id}`;
      subscribers.set(endpoint, { ecdhPrivate: ecdh.getPrivateKey(), ecdhPublic, auth });
      return {
        endpoint,
        keys: { p256dh: b64u(ecdhPublic), auth: b64u(auth) },
        privateKey: b64u(ecdh.getPrivateKey()),
      };
    },
    gone(endpoint) {
      goneEndpoints.add(endpoint);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };

  const server = https.createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const endpoint = `${origin}${request.url ?? ''}`;
        const refuse = (status: number, reason: string) => {
          refused.push({ endpoint, status, reason });
          response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
        };
        if (request.method !== 'POST' || !request.url?.startsWith('/push/')) return refuse(404, 'not found');
        if (goneEndpoints.has(endpoint)) return refuse(410, 'subscription gone');
        const subscriber = subscribers.get(endpoint);
        if (!subscriber) return refuse(404, 'no such subscription');
        const vapid = verifyVapid(request.headers.authorization, origin, Math.floor(Date.now() / 1000));
        if (typeof vapid === 'string') return refuse(401, vapid);
        const ttl = request.headers.ttl;
        if (ttl === undefined || !/^\d+$/.test(String(ttl))) return refuse(400, 'TTL header missing');
        if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'not aes128gcm');
        let payload: string;
        try {
          payload = decryptAes128gcm(Buffer.concat(chunks), subscriber);
        } catch (error) {
          return refuse(400, `decryption failed: ${(error as Error).message}`);
        }
        const push: ReceivedPush = {
          endpoint,
          payload,
          ttl: Number(ttl),
          urgency: (request.headers.urgency as string | undefined) ?? null,
          topic: (request.headers.topic as string | undefined) ?? null,
          vapidKey: vapid.key,
          subject: vapid.subject,
        };
        received.push(push);
        try {
          await service.onPush?.(push);
        } catch {
          // the e2e hand-over failing is the test's to see in its assertions
        }
        response.writeHead(201, { location: `${endpoint}/message/${received.length}` }).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service.origin = origin;
  return service;
}
