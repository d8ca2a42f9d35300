import { createHmac } from 'node:crypto';
import { getMigrations } from 'better-auth/db/migration';
import { createEmailVerificationToken } from 'better-auth/api';
import { SIGN_IN_VERIFIED_PATH } from '@pet/contract';
import {
  createAuth,
  isBanActive,
  VERIFICATION_TOKEN_SECONDS,
  ONE_TIME_TOKEN_MINUTES,
  type IdentityDeps,
} from './auth.ts';
import { SessionCache } from './session-cache.ts';
import { betterAuthActivity } from './async-context.ts';

/** The signed-in user of a request, as /v1 routes see it (`request.user`). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** The brand the account belongs to (spec: partner_id). */
  partnerId: string | null;
  emailVerified: boolean;
  /** Banned by an operator (and the ban has not run out). */
  banned: boolean;
  sessionId: string;
  sessionToken: string;
  sessionExpiresAt: Date;
}

interface RawSession {
  session: { id: string; token: string; expiresAt: Date | string };
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    partnerId?: string | null;
    banned?: boolean | null;
    banExpires?: Date | string | null;
  };
}

/**
 * The identity service: better-auth configured for the portal (see auth.ts), plus the few
 * operations our own routes and the operator command need.
 */
export class Identity {
  readonly auth: ReturnType<typeof createAuth>['auth'];
  readonly options: ReturnType<typeof createAuth>['options'];
  /** Resolved sessions of this instance (see session-cache.ts for what invalidates them). */
  readonly sessions = new SessionCache();
  /** Session lookups in flight, by cache key, with the cache generation they started in. */
  private readonly lookups = new Map<string, { generation: number; lookup: Promise<SessionUser | null> }>();

  constructor(readonly deps: IdentityDeps) {
    const created = createAuth(deps);
    this.auth = created.auth;
    this.options = created.options;
  }

  get hosts() {
    return this.deps.hosts;
  }

  get mails() {
    return this.deps.mails;
  }

  /** Creates or updates better-auth's tables (run after our own migrations). */
  async migrate(): Promise<void> {
    const { runMigrations } = await getMigrations(this.options);
    await runMigrations();
  }

  async sessionCookieName(): Promise<string> {
    return (await this.auth.$context).authCookies.sessionToken.name;
  }

  /**
   * The session cache's key for a /v1 request: `credentials` is its bearer token and session
   * cookie value (what better-auth would read), `connection` the socket it came on.
   */
  sessionKey(credentials: string, connection: object): string {
    return this.sessions.keyOn(connection, credentials);
  }

  /**
   * The fast path of session resolution, without a promise: the cached user, or undefined. A hit
   * on an entry past its refresh time also starts a lookup in the background (`headersOf(source)`
   * builds the request headers for it), which renews the entry, or drops it when the session is
   * gone. A function and its argument, not a closure: no function is created per request.
   */
  cachedSession<T>(key: string, headersOf: (source: T) => Headers, source: T): SessionUser | undefined {
    const entry = this.sessions.entry(key);
    if (entry === undefined) return undefined;
    if (entry.refreshAt <= this.sessions.now() && !this.lookups.has(key)) {
      this.lookUpSession(key, headersOf(source)).catch((err: unknown) => {
        this.deps.log.warn({ err }, 'a session refresh failed; the cached session stays until its end');
      });
    }
    return entry.user;
  }

  /**
   * The slow path: better-auth's lookup, kept in the cache when it succeeds. Concurrent lookups
   * of one key share one, unless the cache was invalidated after it started (a revocation must not
   * be answered by a lookup that began before it).
   */
  lookUpSession(key: string, headers: Headers): Promise<SessionUser | null> {
    const generation = this.sessions.generation;
    const inFlight = this.lookups.get(key);
    if (inFlight !== undefined && inFlight.generation === generation) return inFlight.lookup;
    const lookup = this.getSession(headers)
      .then((user) => {
        if (user) this.sessions.set(key, user, generation);
        else this.sessions.delete(key);
        return user;
      })
      .finally(() => {
        if (this.lookups.get(key)?.lookup === lookup) this.lookups.delete(key);
      });
    this.lookups.set(key, { generation, lookup });
    return lookup;
  }

  /** Drops the cached sessions of a user on this instance (their sessions or profile changed). */
  invalidateSessions(userId: string): void {
    this.sessions.invalidateUser(userId);
  }

  /**
   * A Set-Cookie header that re-issues a session's cookie with new attributes (stay_loggedin):
   * persistent (Max-Age until the session ends) or, with `persistent` false, a browser-session
   * cookie (no Max-Age, no Expires). The value is signed as better-auth signs it, so better-auth
   * reads it like its own. The dont_remember marker follows, because better-auth reads it when it
   * issues a new cookie itself (change password).
   */
  async sessionCookieHeaders(
    session: { token: string; expiresAt: Date },
    persistent: boolean,
  ): Promise<string[]> {
    const context = await this.auth.$context;
    const { sessionToken, dontRememberToken } = context.authCookies;
    const sign = (value: string) =>
      encodeURIComponent(`${value}.${createHmac('sha256', context.secret).update(value).digest('base64')}`);
    const attributes = (options: {
      path?: string;
      secure?: boolean;
      sameSite?: string | boolean;
      httpOnly?: boolean;
      domain?: string;
    }) =>
      [
        `Path=${options.path ?? '/'}`,
        options.domain ? `Domain=${options.domain}` : '',
        options.httpOnly ? 'HttpOnly' : '',
        options.secure ? 'Secure' : '',
        typeof options.sameSite === 'string'
          ? `SameSite=${options.sameSite[0]!.toUpperCase()}${options.sameSite.slice(1).toLowerCase()}`
          : '',
      ].filter(Boolean);
    const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
    const sessionCookie = [
      `${sessionToken.name}=${sign(session.token)}`,
      ...(persistent ? [`Max-Age=${maxAge}`] : []),
      ...attributes(sessionToken.attributes),
    ].join('; ');
    const marker = persistent
      ? [`${dontRememberToken.name}=`, 'Max-Age=0', ...attributes(dontRememberToken.attributes)].join('; ')
      : [`${dontRememberToken.name}=${sign('true')}`, ...attributes(dontRememberToken.attributes)].join('; ');
    return [sessionCookie, marker];
  }

  /** The session of a request (cookie or `Authorization: Bearer`), or null. */
  async getSession(headers: Headers): Promise<SessionUser | null> {
    const result = (await this.auth.api.getSession({
      headers,
      query: { disableCookieCache: true },
    })) as RawSession | null;
    if (!result) return null;
    const { session, user } = result;
    // An account whose deletion was requested has no session any more (its sessions are deleted
    // with the request; this covers one created in between, before the purge removes the user).
    const profile = await this.deps.db
      .selectFrom('user_profile')
      .select('deletion_requested_at')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (profile?.deletion_requested_at) return null;
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      partnerId: user.partnerId ?? null,
      emailVerified: Boolean(user.emailVerified),
      banned: isBanActive(user),
      sessionId: session.id,
      sessionToken: session.token,
      sessionExpiresAt: new Date(session.expiresAt),
    };
  }

  /**
   * Sends the verification mail for an account our signup created. The link is better-auth's
   * verify endpoint on the request's origin; it marks the address verified (no session: see
   * autoSignInAfterVerification in auth.ts) and redirects to `${origin}${callbackPath}`: by default
   * the sign-in screen, which says the address is verified and asks for the password.
   */
  async sendVerificationMail(
    user: { id: string; email: string; name: string; partnerId: string | null },
    headers: Headers,
    callbackPath = SIGN_IN_VERIFIED_PATH,
  ): Promise<void> {
    const context = await this.auth.$context;
    const token = await createEmailVerificationToken(
      context.secret,
      user.email,
      undefined,
      VERIFICATION_TOKEN_SECONDS,
      { userId: user.id },
    );
    const origin = this.hosts.originForHost(headers.get('host'));
    const callbackURL = `${origin}${callbackPath}`;
    const url = `${origin}/identity/verify-email?token=${token}&callbackURL=${encodeURIComponent(callbackURL)}`;
    await this.mails.send('verification', user, url, headers, VERIFICATION_TOKEN_SECONDS / 60);
  }

  /**
   * Custom-token sign-in, minted by the server: a new session for the user and a one-time token
   * bound to it (single use, 3 minutes). The browser exchanges it at POST /identity/one-time-token/verify
   * for the session cookie. A banned user gets no session (better-auth's admin rule).
   */
  async mintSignInToken(userId: string): Promise<{ token: string; expiresIn: number }> {
    const context = await this.auth.$context;
    const session = await betterAuthActivity.run(() => context.internalAdapter.createSession(userId));
    if (!session) throw new Error('could not create a session');
    return this.oneTimeTokenForSession(session.token);
  }

  /** A one-time token for an existing session (the signed-in mobile app hands its session to the web). */
  async oneTimeTokenForSession(sessionToken: string): Promise<{ token: string; expiresIn: number }> {
    const { token } = await this.auth.api.generateOneTimeToken({
      headers: new Headers({ authorization: `Bearer ${sessionToken}` }),
    });
    return { token, expiresIn: ONE_TIME_TOKEN_MINUTES * 60 };
  }

  async revokeSessions(userId: string): Promise<void> {
    const context = await this.auth.$context;
    await betterAuthActivity.run(() => context.internalAdapter.deleteUserSessions(userId));
    this.invalidateSessions(userId);
  }
}
