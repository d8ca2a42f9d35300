import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { admin, bearer, genericOAuth, magicLink, oneTimeToken } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  BANNED_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  Status,
  type UiLanguage,
} from '@pet/contract';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import { RATE_LIMITS, type RateLimiter } from '../rate-limit.ts';
import type { PasswordHasher } from './password.ts';
import { PasswordPoolBusyError } from './password-pool.ts';
import type { HostPolicy } from './hosts.ts';
import { languageFromHeaders, type IdentityMails, type MailRecipient } from './mails.ts';
import { betterAuthActivity, trackedAuth } from './async-context.ts';
import { COOKIE_PREFIX } from './session-cookie.ts';

/** Session lifetimes (stay_loggedin): 30 days, or 1 day with a browser-session cookie. */
export const SESSION_LIFETIME_STAY_SECONDS = 30 * 24 * 3600;
export const SESSION_LIFETIME_SHORT_SECONDS = 24 * 3600;
/** Token lifetimes: verification 24 h (verifies, never signs in), reset 30 min and magic link 15 min (single use). */
export const VERIFICATION_TOKEN_SECONDS = 24 * 3600;
export const RESET_TOKEN_SECONDS = 30 * 60;
export const MAGIC_LINK_SECONDS = 15 * 60;
export const ONE_TIME_TOKEN_MINUTES = 3;

/** The status and code of a sign-in on a brand the account does not belong to. */
export const WRONG_PLATFORM_CODE = 'USER_NOT_ON_THIS_PLATFORM';

/**
 * What the identity service needs to know from the portal (implemented by modules/identity):
 * the user's language and session preference, and completing an account created by the identity
 * service itself (Google, magic link) with our profile and the brand's default plan.
 */
export interface IdentityDirectory {
  userSettings(userId: string): Promise<{ language: UiLanguage; stayLoggedIn: boolean } | null>;
  onUserCreated(user: { id: string; partnerId: string; language: UiLanguage }): Promise<void>;
  /** A sign-in started a session (counted for myinfo's first_sign_in). */
  onSignedIn(userId: string): Promise<void>;
}

/**
 * Sessions that are no sign-in of the user: changing the password replaces the caller's session
 * with a new one, and an operator's impersonation is not the user signing in.
 */
function isSignIn(session: { impersonatedBy?: unknown }, path: string | undefined): boolean {
  if (session.impersonatedBy) return false;
  return path !== '/change-password' && !path?.startsWith('/admin/');
}

export interface IdentityDeps {
  config: AppConfig;
  db: Kysely<Database>;
  kind: DatabaseKind;
  authSecret: string;
  mails: IdentityMails;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  hosts: HostPolicy;
  directory: IdentityDirectory;
  passwords: PasswordHasher;
}

type RequestLike = Request | Headers | undefined | null;

function headersOf(source: RequestLike): Headers | null {
  if (!source) return null;
  return source instanceof Headers ? source : source.headers;
}

/** Error code of a sign-in into an account whose deletion was requested (shown as No_User_Found). */
export const ACCOUNT_DELETED_CODE = 'ACCOUNT_DELETED';

export function createAuthOptions(deps: IdentityDeps) {
  const { config, db, hosts, mails, limiter, log, directory, passwords } = deps;

  const google = config.identity.google;

  const options = {
    appName: 'Pet portal',
    basePath: '/identity',
    baseURL: hosts.betterAuthBaseURL(),
    secret: deps.authSecret,
    trustedOrigins: hosts.trustedOrigins(),
    database: { db, type: deps.kind, transaction: deps.kind === 'postgres' },
    telemetry: { enabled: false },
    logger: {
      level: config.logLevel === 'silent' ? 'error' : 'warn',
      disabled: config.logLevel === 'silent',
      log: (level, message, ...args) => {
        const target =
          level === 'error'
            ? log.error.bind(log)
            : level === 'warn'
              ? log.warn.bind(log)
              : log.debug.bind(log);
        target({ args }, `identity: ${message}`);
      },
    },
    user: {
      additionalFields: {
        /** The brand the account belongs to (spec: partner_id). Set on creation, never by input. */
        partnerId: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_LIFETIME_STAY_SECONDS,
      // Absolute lifetimes: a session lasts 30 days (stay_loggedin) or 1 day from sign-in.
      disableSessionRefresh: true,
      cookieCache: { enabled: false },
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: ['google'] },
    },
    emailAndPassword: {
      enabled: true,
      // Registration is POST /v1/auth/signup (activation code, brand, plan in one transaction).
      disableSignUp: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      // On the password pool; at capacity the call is refused at once (429, Retry-After). An
      // unknown address costs one hash there too (better-auth hashes the given password), so it
      // takes as long as a known one and is bounded by the same queue.
      password: {
        hash: (password: string) => busyAsTooMany(passwords.hash(password)),
        verify: (input: { hash: string; password: string }) => busyAsTooMany(passwords.verify(input)),
      },
      sendResetPassword: async ({ user, token }, request) => {
        const headers = headersOf(request);
        if (!mails.belongsToRequestBrand(user as MailRecipient, headers)) return;
        const origin = hosts.originForHost(headers?.get('host'));
        const url = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
        await mails.send('reset', user as MailRecipient, url, headers, RESET_TOKEN_SECONDS / 60);
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: false,
      // The link verifies the address and nothing more: mail scanners and shared devices open
      // links, and a session must never start in whatever browser that is (sign in afterwards).
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_TOKEN_SECONDS,
      sendVerificationEmail: async ({ user, url }, request) => {
        if (!mails.belongsToRequestBrand(user as MailRecipient, headersOf(request))) return;
        await mails.send(
          'verification',
          user as MailRecipient,
          url,
          headersOf(request),
          VERIFICATION_TOKEN_SECONDS / 60,
        );
      },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customStorage: limiter.store,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        // Disabled (registration is POST /v1/auth/signup); limited all the same.
        '/sign-up/email': { window: 3600, max: 20 },
        '/sign-in/social': { window: 60, max: 20 },
        '/sign-in/magic-link': { window: 300, max: 5 },
        '/magic-link/verify': { window: 60, max: 10 },
        '/request-password-reset': { window: 300, max: 5 },
        '/reset-password': { window: 300, max: 10 },
        '/reset-password/*': { window: 300, max: 10 },
        '/send-verification-email': { window: 300, max: 5 },
        '/verify-email': { window: 60, max: 20 },
        '/change-password': { window: 300, max: 5 },
        '/one-time-token/verify': { window: 60, max: 10 },
        '/one-time-token/generate': { window: 60, max: 10 },
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      // Explicit: better-auth would skip both checks when NODE_ENV=test; they stay on everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: hosts.secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // The HTTP bridge (plugin.ts) sets this header from Fastify's request.ip and drops any value
      // a client sent, so rate limits key on the real client address.
      ipAddress: { ipAddressHeaders: ['x-pet-client-ip'] },
      // Mail is sent after the answer, so known and unknown addresses answer at the same speed.
      backgroundTasks: {
        handler: (promise: Promise<unknown>) => {
          betterAuthActivity.track(promise);
          promise.catch((err: unknown) => log.error({ err }, 'identity background task failed'));
        },
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            const headers = ctx?.headers ?? ctx?.request?.headers ?? null;
            const partnerId =
              (typeof user.partnerId === 'string' && user.partnerId) ||
              hosts.brandForHost(headers?.get('host')).partnerId;
            return { data: { ...user, partnerId } };
          },
          after: async (user, ctx) => {
            const headers = ctx?.headers ?? ctx?.request?.headers ?? null;
            await directory.onUserCreated({
              id: user.id,
              partnerId: String(user.partnerId ?? hosts.defaultBrand().partnerId),
              language: languageFromHeaders(headers),
            });
          },
        },
      },
      session: {
        create: {
          before: async (session, ctx) => {
            const adapter = ctx?.context.internalAdapter;
            if (ctx && adapter) {
              // Signing in on a brand the account does not belong to: 438.
              const headers = ctx.headers ?? ctx.request?.headers ?? null;
              const user = (await adapter.findUserById(session.userId)) as {
                partnerId?: string | null;
              } | null;
              const brand = hosts.brandForHost(headers?.get('host'));
              if (user?.partnerId && user.partnerId !== brand.partnerId) {
                // better-call takes any numeric status at run time; its type lists the named ones only.
                throw new APIError(Status.UserNotOnThisPlatform as unknown as 'FORBIDDEN', {
                  code: WRONG_PLATFORM_CODE,
                  message: 'User does not exist on this platform',
                });
              }
            }
            // An account whose deletion was requested never signs in again (the purge follows).
            const profile = await db
              .selectFrom('user_profile')
              .select('deletion_requested_at')
              .where('user_id', '=', session.userId)
              .executeTakeFirst();
            if (profile?.deletion_requested_at) {
              throw new APIError('FORBIDDEN', {
                code: ACCOUNT_DELETED_CODE,
                message: 'This account was deleted',
              });
            }
            const settings = await directory.userSettings(session.userId);
            const lifetime =
              settings && !settings.stayLoggedIn
                ? SESSION_LIFETIME_SHORT_SECONDS
                : SESSION_LIFETIME_STAY_SECONDS;
            return { data: { ...session, expiresAt: new Date(Date.now() + lifetime * 1000) } };
          },
          after: async (session, ctx) => {
            if (isSignIn(session as { impersonatedBy?: unknown }, ctx?.path)) {
              await directory.onSignedIn(session.userId);
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : null;
        switch (ctx.path) {
          case '/sign-in/email': {
            if (email) await enforce(limiter, `signin:email:${email}`, RATE_LIMITS.signInPerEmail);
            // stay_loggedin off: a 1-day session in a browser-session cookie.
            const row = email
              ? await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst()
              : undefined;
            const settings = row ? await directory.userSettings(row.id) : null;
            if (settings && !settings.stayLoggedIn)
              return { context: { body: { ...body, rememberMe: false } } };
            return;
          }
          case '/sign-in/magic-link':
            if (email) await enforce(limiter, `magic:email:${email}`, RATE_LIMITS.magicLinkPerEmail);
            return;
          case '/request-password-reset':
            if (email) await enforce(limiter, `reset:email:${email}`, RATE_LIMITS.resetPerEmail);
            return;
          case '/send-verification-email':
            if (email) await enforce(limiter, `verify:email:${email}`, RATE_LIMITS.sendVerificationPerEmail);
            return;
          case '/change-password':
            // A password change always ends every other session.
            return { context: { body: { ...body, revokeOtherSessions: true } } };
          default:
            return;
        }
      }),
    },
    plugins: [
      bearer(),
      admin({ bannedUserMessage: BANNED_MESSAGE, defaultRole: 'user' }),
      magicLink({
        expiresIn: MAGIC_LINK_SECONDS,
        // Accounts are created by registration; a magic link signs in an existing account only.
        disableSignUp: true,
        storeToken: 'hashed',
        rateLimit: { window: 300, max: 5 },
        sendMagicLink: async ({ email, url }, ctx) => {
          const normalized = email.trim().toLowerCase();
          const user = await db
            .selectFrom('user')
            .select(['id', 'email', 'name', 'partnerId'])
            .where('email', '=', normalized)
            .executeTakeFirst();
          // Unknown address or another brand's account: nothing is sent, the answer is the same.
          const headers = ctx?.headers ?? ctx?.request?.headers ?? null;
          if (!user || !mails.belongsToRequestBrand(user, headers)) return;
          await mails.send('magic-link', user, url, headers, MAGIC_LINK_SECONDS / 60);
        },
      }),
      oneTimeToken({ expiresIn: ONE_TIME_TOKEN_MINUTES, storeToken: 'hashed' }),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  discoveryUrl: `${google.issuer}/.well-known/openid-configuration`,
                  clientId: google.clientId,
                  ...(google.clientSecret ? { clientSecret: google.clientSecret } : {}),
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
    ],
  } satisfies BetterAuthOptions;
  return options;
}

export function isBanActive(user: { banned?: unknown; banExpires?: Date | string | null }): boolean {
  if (!user.banned) return false;
  if (!user.banExpires) return true;
  return new Date(user.banExpires).getTime() > Date.now();
}

async function busyAsTooMany<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof PasswordPoolBusyError)) throw error;
    const seconds = String(error.retryAfterSeconds);
    throw new APIError(
      'TOO_MANY_REQUESTS',
      { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' },
      { 'Retry-After': seconds, 'X-Retry-After': seconds },
    );
  }
}

async function enforce(limiter: RateLimiter, key: string, rule: { window: number; max: number }) {
  const decision = await limiter.consume(key, rule);
  if (!decision.allowed) {
    throw new APIError(
      'TOO_MANY_REQUESTS',
      { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' },
      { 'X-Retry-After': String(decision.retryAfter ?? rule.window) },
    );
  }
}

export function createAuth(deps: IdentityDeps) {
  const options = createAuthOptions(deps);
  return { auth: trackedAuth(betterAuth(options)), options };
}

export type AuthOptions = ReturnType<typeof createAuthOptions>;
export type Auth = ReturnType<typeof betterAuth<AuthOptions>>;
