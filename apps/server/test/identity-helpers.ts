import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { IDENTITY_HEADER, type SignupBodyInput } from '@pet/contract';
import { expect } from 'vitest';

/**
 * Helpers of the identity tests: requests on a brand host with an Origin (better-auth refuses
 * POSTs without one), a distinct client address per test (rate limits are on in tests too), the
 * dev outbox, and cookie handling.
 */
export const DEFAULT_HOST = 'localhost:3000';

export interface ClientOptions {
  host?: string;
  ip?: string;
  cookie?: string;
  bearer?: string;
  headers?: Record<string, string>;
}

let ipCounter = 0;
/** A fresh client address (10.x.y.z), so each test has its own per-IP rate-limit budget. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.org`;
}

function headersFor(options: ClientOptions, method: string): Record<string, string> {
  const host = options.host ?? DEFAULT_HOST;
  const headers: Record<string, string> = {
    host,
    'x-forwarded-for': options.ip ?? '10.255.255.1',
    ...(method !== 'GET' ? { origin: `http://${host}` } : {}),
    ...options.headers,
  };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  return headers;
}

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  options: ClientOptions = {},
): Promise<LightMyRequestResponse> {
  const request: InjectOptions = { method, url, headers: headersFor(options, method) };
  if (body !== undefined) request.payload = body as InjectOptions['payload'];
  return app.inject(request);
}

/** A /v1 call as the web makes it: with the identity header (the CSRF guard of cookie sessions). */
export function v1(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  options: ClientOptions & { userId?: string } = {},
) {
  return call(app, method, url, body, {
    ...options,
    headers: { [IDENTITY_HEADER]: options.userId ?? 'web', ...options.headers },
  });
}

/** The name=value pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookiesOf(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => pair.split('=')[1] !== '')
    .join('; ');
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  links: string[];
  /** The mail's files (bytes at /dev/mailbox/attachment?id=). */
  attachments: Array<{ id: string; name: string; type: string; size: number }>;
}

export async function mailbox(app: FastifyInstance): Promise<OutboxMail[]> {
  const res = await app.inject({ url: '/dev/mailbox.json' });
  expect(res.statusCode).toBe(200);
  return res.json() as OutboxMail[];
}

/** Waits for a mail to `to` (mail can be sent after the answer). */
export async function waitForMail(
  app: FastifyInstance,
  to: string,
  kind?: string,
  timeoutMs = 5000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailbox(app)).find((m) => m.to === to && (!kind || m.kind === kind));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no ${kind ?? ''} mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function linkWithPath(mail: OutboxMail, path: string): URL {
  const link = mail.links.map((l) => new URL(l)).find((url) => url.pathname === path);
  if (!link) throw new Error(`no link to ${path} in ${mail.links.join(', ')}`);
  return link;
}

export const PASSWORD = 'secret-123';

export async function signup(
  app: FastifyInstance,
  overrides: Partial<SignupBodyInput> = {},
  options: ClientOptions = {},
): Promise<LightMyRequestResponse> {
  const body: SignupBodyInput = {
    name: 'Erika Muster',
    email: uniqueEmail(),
    password: PASSWORD,
    activation_code: null,
    tracker_ids: [],
    language: 'en',
    product_associated: 'no',
    ...overrides,
  };
  return call(app, 'POST', '/v1/auth/signup', body, { ip: freshIp(), ...options });
}

/** Opens the verification link of the newest verification mail to `email` (it starts no session). */
export async function verifyByMail(
  app: FastifyInstance,
  email: string,
  options: ClientOptions = {},
): Promise<void> {
  const mail = await waitForMail(app, email, 'verification');
  const link = linkWithPath(mail, '/identity/verify-email');
  const res = await call(app, 'GET', `${link.pathname}${link.search}`, undefined, {
    host: link.host,
    ip: freshIp(),
    ...options,
  });
  expect(res.statusCode).toBe(302);
  expect(res.headers['set-cookie']).toBeUndefined();
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  options: ClientOptions = {},
): Promise<LightMyRequestResponse> {
  return call(app, 'POST', '/identity/sign-in/email', { email, password }, { ip: freshIp(), ...options });
}

/** Registers, verifies and signs in: answers the user id, the cookie and the bearer token. */
export async function registeredUser(
  app: FastifyInstance,
  overrides: Partial<SignupBodyInput> = {},
  options: ClientOptions = {},
): Promise<{ id: string; email: string; cookie: string; token: string }> {
  const email = overrides.email ?? uniqueEmail();
  const res = await signup(app, { ...overrides, email }, options);
  expect(res.statusCode, res.body).toBe(201);
  await verifyByMail(app, email, options);
  const signedIn = await signIn(app, email, overrides.password ?? PASSWORD, options);
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return {
    id: res.json().user_id,
    email,
    cookie: cookiesOf(signedIn),
    token: String(signedIn.headers['set-auth-token']),
  };
}
