import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BANNED_MESSAGE, IDENTITY_HEADER, Status } from '@pet/contract';
import { AppError, forbidden, unauthorized, withStatus } from '../errors.ts';
import type { Identity, SessionUser } from './identity.ts';

declare module 'fastify' {
  interface FastifyInstance {
    identity: Identity;
  }
  interface FastifyRequest {
    /** The session's user on /v1 requests (cookie or bearer), or null. See requireUser. */
    user: SessionUser | null;
    /** How the session came: the browser cookie or an `Authorization: Bearer` token. */
    authVia: 'cookie' | 'bearer' | null;
  }
}

/** Client address header the bridge hands to better-auth (for its per-IP rate limits). */
export const CLIENT_IP_HEADER = 'x-pet-client-ip';
const HOP_BY_HOP = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  CLIENT_IP_HEADER,
]);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Node request headers as Fetch headers, with the client address the rate limits key on. */
export function requestHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

export interface IdentityPluginOptions {
  identity: Identity;
}

/**
 * Mounts the identity service at /identity/* and resolves the session of every /v1 request into
 * `request.user`. Cookie sessions must send the identity header (IDENTITY_HEADER) on
 * state-changing /v1 calls: the CSRF guard (a cross-site form cannot set a custom header).
 */
export const identityPlugin = fp<IdentityPluginOptions>(
  async (app, { identity }) => {
    app.decorate('identity', identity);
    app.decorateRequest('user', null);
    app.decorateRequest('authVia', null);
    const cookieName = await identity.sessionCookieName();

    await app.register(async (scope) => {
      // better-auth reads the raw body itself (JSON or form posts).
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 65_536 }, (_request, body, done) =>
        done(null, body),
      );
      scope.route({
        method: ['GET', 'POST'],
        url: '/identity/*',
        schema: { hide: true },
        // Before the body is read: a refused body's answer is personal too.
        onRequest: (_request, reply, done) => {
          reply.header('cache-control', PERSONAL_CACHE_CONTROL);
          done();
        },
        handler: async (request, reply) => {
          // A banned user's existing session: every identity call but sign-out answers the admin
          // message (sign-in itself is refused by better-auth's admin plugin with the same text).
          if (!request.url.startsWith('/identity/sign-out') && hasCredentials(request, cookieName)) {
            const user = await identity.getSession(requestHeaders(request));
            if (user?.banned) {
              return reply.code(Status.Unauthorized).send({
                code: 'BANNED_USER',
                message: BANNED_MESSAGE,
              });
            }
          }
          try {
            return await bridge(identity, request, reply);
          } finally {
            if (mayChangeSessions(request)) identity.sessions.clear();
          }
        },
      });
    });

    // A callback hook: a session found in the cache costs no promise (most signed-in calls).
    app.addHook('onRequest', (request, reply, done) => {
      if (!request.url.startsWith('/v1/')) return done();
      const bearer = bearerToken(request);
      const cookie = sessionCookieValue(request, cookieName);
      if (bearer === null && cookie === null) return done();
      // Keyed on exactly what better-auth reads: the bearer token and the session cookie.
      const key = identity.sessionKey(`${bearer ?? ''}\n${cookie ?? ''}`, request.raw.socket);
      const cached = identity.cachedSession(key, requestHeaders, request);
      if (cached) return done(signedIn(request, reply, cached, bearer));
      identity.lookUpSession(key, requestHeaders(request)).then(
        (user) => done(user ? signedIn(request, reply, user, bearer) : undefined),
        (error: Error) => done(error),
      );
    });
  },
  { name: 'identity', dependencies: ['brand'] },
);

/**
 * Personal answers (a /v1 request with a resolved user, success or error, and everything the
 * identity service answers) are never stored by a browser or a shared cache, unless the route
 * chose its own policy (signed file URLs, PDFs): set when the request starts, a route's own header
 * replaces it.
 */
const PERSONAL_CACHE_CONTROL = 'private, no-store';

/**
 * Sets the request's user, how the session came and the personal answer's Cache-Control; the CSRF
 * guard's refusal, if it applies.
 */
function signedIn(
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
  bearer: string | null,
): AppError | undefined {
  request.user = user;
  reply.header('cache-control', PERSONAL_CACHE_CONTROL);
  request.authVia = bearer !== null && isTokenOf(bearer, user.sessionToken) ? 'bearer' : 'cookie';
  if (request.authVia === 'cookie' && !SAFE_METHODS.has(request.method)) {
    const header = request.headers[IDENTITY_HEADER];
    if (typeof header !== 'string' || header.trim() === '') {
      return forbidden('Forbidden_Text', `Cookie sessions must send the ${IDENTITY_HEADER} header`);
    }
  }
  return undefined;
}

/**
 * Whether a bearer value carries this session token: the token itself or better-auth's signed
 * cookie value (`token.signature`), URL-encoded or not. Decodes only when there is something to
 * decode (this runs on every signed-in call).
 */
function isTokenOf(bearer: string, sessionToken: string): boolean {
  const value = bearer.includes('%') ? decodeURIComponent(bearer) : bearer;
  return (
    value.startsWith(sessionToken) &&
    (value.length === sessionToken.length || value.charCodeAt(sessionToken.length) === 46) // '.'
  );
}

function bearerToken(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  return typeof authorization === 'string' && /^bearer\s+\S/i.test(authorization)
    ? authorization.slice(7).trim()
    : null;
}

function sessionCookieValue(request: FastifyRequest, cookieName: string): string | null {
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === cookieName) return part.slice(at + 1).trim();
  }
  return null;
}

function hasCredentials(request: FastifyRequest, cookieName: string): boolean {
  return bearerToken(request) !== null || (request.headers.cookie ?? '').includes(`${cookieName}=`);
}

/**
 * Identity calls that cannot end or alter an existing session: reads and new sign-ins. Every other
 * call (sign-out, session revocation, admin ban or removal, password change or reset, e-mail
 * verification, user update or deletion) empties this instance's session cache (rare, and always
 * correct, whichever user it concerned).
 */
const KEEPS_SESSIONS =
  /^\/identity\/(get-session|list-sessions|ok|error|sign-in\/|sign-up\/|callback\/|oauth2\/callback\/|request-password-reset|one-time-token\/|magic-link\/verify|reset-password\/)/;

function mayChangeSessions(request: FastifyRequest): boolean {
  return !KEEPS_SESSIONS.test(request.url);
}

/** Links opened from a mail in the browser: a refusal must land on a page, never as raw JSON. */
const LINK_PATHS = new Set(['/identity/magic-link/verify', '/identity/verify-email']);

/**
 * Where a refused mail link goes: the link's own errorCallbackURL when it is on this origin (the
 * sign-in screen), else /signin, with the refusal's code as `?error=` (for instance BANNED_USER when
 * a banned user opens a magic link) for the sign-in screen to translate.
 */
async function linkFailureTarget(url: string, response: Response): Promise<string> {
  const requested = new URL(url);
  let code = 'SIGN_IN_FAILED';
  try {
    const body = (await response.json()) as { code?: unknown };
    if (typeof body.code === 'string' && /^[A-Z_]{1,64}$/.test(body.code)) code = body.code;
  } catch {
    // Not JSON: the generic code.
  }
  let target = new URL('/signin', requested.origin);
  const callback = requested.searchParams.get('errorCallbackURL');
  const candidate = callback ? URL.parse(callback, requested.origin) : null;
  if (candidate?.origin === requested.origin) target = candidate;
  target.searchParams.set('error', code);
  return target.toString();
}

async function bridge(identity: Identity, request: FastifyRequest, reply: FastifyReply) {
  const host = request.headers.host ?? new URL(identity.hosts.publicUrl).host;
  const url = `${request.protocol}://${host}${request.url}`;
  const method = request.method;
  const body =
    method !== 'GET' && method !== 'HEAD' && Buffer.isBuffer(request.body) ? request.body : undefined;
  const response = await identity.auth.handler(
    new Request(url, {
      method,
      headers: requestHeaders(request),
      body: body && body.length > 0 ? body : undefined,
    }),
  );
  if (method === 'GET' && LINK_PATHS.has(new URL(url).pathname) && response.status >= 400) {
    return reply.redirect(await linkFailureTarget(url, response), 302);
  }
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const cacheControl = response.headers.get('cache-control');
  if (cacheControl) reply.header('cache-control', cacheControl);
  const payload = Buffer.from(await response.arrayBuffer());
  return reply.send(payload.length > 0 ? payload : null);
}

/** Why a request may not use a signed-in route, or null when it may (see requireUser). */
export type SignInRefusal = 'noSession' | 'banned' | 'unverified' | 'otherBrand';

/**
 * The one definition of who may use a signed-in route: a session of a verified, not banned user
 * of this request's brand. requireUser answers the refusal; the read cache admits only requests
 * refused nothing (a cached answer skips the route's guards).
 */
export function signInRefusal(request: FastifyRequest): SignInRefusal | null {
  const user = request.user;
  if (!user) return 'noSession';
  if (user.banned) return 'banned';
  if (!user.emailVerified) return 'unverified';
  if (user.partnerId && user.partnerId !== request.brand.partnerId) return 'otherBrand';
  return null;
}

const refusalAnswers: Record<SignInRefusal, () => AppError> = {
  noSession: () => unauthorized(),
  banned: () => new AppError(Status.Unauthorized, 'Account_Disabled', BANNED_MESSAGE),
  unverified: () => new AppError(Status.Unauthorized, 'Email_Verify_Failed', 'E-mail address not verified'),
  otherBrand: () =>
    withStatus(
      Status.UserNotOnThisPlatform,
      'User_Does_Not_Exist_On_This_Platform',
      'User does not exist on this platform',
    ),
};

/**
 * The guard of every signed-in /v1 route (access level `user` or `petData`, http/route-access.ts).
 * Answers 401 Session_Expired_Text (no session), 401 Account_Disabled with the admin message
 * (banned), 401 Email_Verify_Failed (unverified), 438 (another brand's account).
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const refusal = signInRefusal(request);
  if (refusal) throw refusalAnswers[refusal]();
}

/** The signed-in user of a route guarded by requireUser. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
