import type { Browser, BrowserContext } from 'playwright-core';
import { newContext, type ContextOptions } from './browser.ts';
import type { RunningServer } from './server.ts';

export const PASSWORD = 'secret-123';

export interface TestUser {
  email: string;
  password: string;
  name: string;
  /** Bearer token for API calls from the test. */
  token: string;
  /** Set-Cookie name=value pairs of the browser session. */
  cookies: Array<{ name: string; value: string }>;
  /** Origin the user belongs to (brand host). */
  origin: string;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  kind: string;
  links: string[];
  attachments?: Array<{ id: string; name: string; type: string; size: number }>;
}

export async function mailbox(origin: string): Promise<OutboxMail[]> {
  return (await (await fetch(`${origin}/dev/mailbox.json`)).json()) as OutboxMail[];
}

/** The newest mail to `email` whose links include `pathPart` (waits up to 10 s). */
export async function waitForMailLink(origin: string, email: string, pathPart: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = (await mailbox(origin)).find(
      (m) => m.to.includes(email) && m.links.some((l) => l.includes(pathPart)),
    );
    if (mail) return mail.links.find((l) => l.includes(pathPart))!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${email} with a ${pathPart} link`);
}

function cookiePairs(setCookie: string[]): Array<{ name: string; value: string }> {
  return setCookie
    .map((cookie) => cookie.split(';')[0]!)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }))
    .filter((cookie) => cookie.value !== '');
}

/**
 * A registered, verified and signed-in user made through the API (fast): for journeys whose subject
 * is not sign-up itself. `brand` picks the brand host (e.g. 'hundeschutz').
 */
export async function createUser(
  server: RunningServer,
  options: { brand?: string; language?: 'de' | 'en'; name?: string; email?: string } = {},
): Promise<TestUser> {
  const origin = options.brand ? server.brandUrl(options.brand) : server.url;
  const email = options.email ?? `e2e-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.org`;
  const name = options.name ?? 'Erika Muster';
  const post = (path: string, body: unknown) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
      redirect: 'manual',
    });
  const signup = await post('/v1/auth/signup', {
    name,
    email,
    password: PASSWORD,
    activation_code: null,
    tracker_ids: [],
    language: options.language ?? 'en',
    product_associated: 'no',
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  await fetch(await waitForMailLink(origin, email, '/identity/verify-email'), { redirect: 'manual' });
  const signIn = await post('/identity/sign-in/email', { email, password: PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return {
    email,
    password: PASSWORD,
    name,
    token: signIn.headers.get('set-auth-token') ?? '',
    cookies: cookiePairs(signIn.headers.getSetCookie()),
    origin,
  };
}

/** A browser context already signed in as `user` (its session cookie set for the user's origin). */
export async function signedInContext(
  browser: Browser,
  user: TestUser,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, options);
  await context.addCookies(user.cookies.map((cookie) => ({ ...cookie, url: user.origin })));
  return context;
}

/** An API call as the user (bearer), e.g. to set up data or read it back. */
export async function api<T = unknown>(
  user: TestUser,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${user.origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Puts the user on one of the brand's plans by its key (free, basic, premium ...) via the operator command. */
export { setPlanByAdmin } from './admin.ts';
