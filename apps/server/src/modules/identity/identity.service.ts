import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  CODE_CHECK_MESSAGES,
  SIGN_IN_VERIFIED_PATH,
  Status,
  termDays,
  uiLanguageToUserLanguage,
  type BrandConfig,
  type CodeCheckBody,
  isPromoPlan,
  type CodeCheckResponse,
  type Downgrading,
  type ModifyBody,
  type PetSummary,
  type SignupBody,
  type UserInfo,
  type VerifyCodeBody,
  DEFAULT_USER_TIME_ZONE,
} from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import { AppError, badRequest, conflict, withStatus } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/auth/db-errors.ts';
import { SESSION_LIFETIME_SHORT_SECONDS, SESSION_LIFETIME_STAY_SECONDS } from '../../platform/auth/auth.ts';
import type { Identity, SessionUser } from '../../platform/auth/identity.ts';
import type { PasswordHasher } from '../../platform/auth/password.ts';
import { PasswordPoolBusyError } from '../../platform/auth/password-pool.ts';
import { RATE_LIMITS, TooManyRequestsError, type RateLimiter } from '../../platform/rate-limit.ts';
import type { CodeEvaluation, CodeService } from '../plans/codes.service.ts';
import type { AccountDirectory } from './account-directory.ts';
import { CHECK_MESSAGE, codeProblemError, trackerTaken } from './code-problems.ts';
import { defaultProduct, productById, toProduct } from '../plans/plans.repo.ts';
import * as repo from './identity.repo.ts';

/** What a route hands the service about its request. */
export interface RequestContext {
  brand: BrandConfig;
  /** Fetch headers of the request (host decides links and brand of the identity service). */
  headers: Headers;
  ip: string;
}

/** What other modules answer in myinfo (GET /v1/auth/myinfo); app/services.ts wires them. */
export interface UserInfoSources {
  /** The pets module: the pet list. */
  petSummaries(userId: string): Promise<PetSummary[]>;
  /** The account module: user_profile.image_url holds a storage key, answered as a URL. */
  imageUrl(stored: string | null): string | null;
  /** The subscription module: a pending downgrade, or false. */
  downgrading(userId: string): Promise<Downgrading>;
  /** The subscription module: whether the user paid for a tracker (`tracker_owned`). */
  trackerBought(userId: string, partnerId: string): Promise<boolean>;
  /** The subscription module: the added renewal_problem and restore_until. */
  renewalState(userId: string): Promise<Pick<UserInfo, 'renewal_problem' | 'restore_until'>>;
  /** The sharing module: the pets shared with the user now. */
  sharedPets(userId: string): Promise<NonNullable<UserInfo['shared_pets']>>;
}

export const MESSAGES = {
  signedUp: 'USER CREATED: PLEASE VERIFY YOUR E-MAIL ADDRESS',
  emailVerified: 'EMAIL IS VERIFIED',
  verificationSent:
    'If the address belongs to an account that is not verified yet, a verification e-mail is on its way.',
  resetSent: 'If this e-mail exists in our system, check your e-mail for the reset link.',
  productActivated: 'PRODUCT ACTIVATED',
} as const;

function unique(values: string[] | undefined): string[] {
  return [...new Set((values ?? []).map((v) => v.trim()).filter(Boolean))];
}

function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

export interface IdentityServiceDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
  codes: CodeService;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Key for the mobile token hashes. */
  secret: string;
  /** Password hashing on the pool (platform/auth/password-pool.ts). */
  passwords: PasswordHasher;
  /** Business time (the app's clock): when plans attached by code run out. */
  now?: () => Date;
  /** better-auth behind our routes: verification mails, sessions, one-time tokens. */
  identity: Identity;
  /** Our rows of a user (created here on first need). */
  directory: AccountDirectory;
  userInfo: UserInfoSources;
  /** The sharing module: a live invitation link to this address (else its 404/403); answers true. */
  assertInvited: (token: string, email: string) => Promise<true>;
}

/**
 * The /v1/auth rules: registration (with the activation code in the same transaction), the
 * user info, settings, activation codes for signed-in users and the mails of the identity
 * service.
 */
export class IdentityService {
  private readonly identity: Identity;
  private readonly now: () => Date;

  constructor(private readonly deps: IdentityServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.identity = deps.identity;
  }

  // --- Registration -------------------------------------------------------------------------------

  async signup(body: SignupBody, ctx: RequestContext): Promise<{ user_id: string; email: string }> {
    const { db, kind, limiter } = this.deps;
    const email = body.email.trim().toLowerCase();
    await limiter.enforce(
      [`signup:ip:${ctx.ip}`, RATE_LIMITS.signupPerIp],
      [`signup:email:${email}`, RATE_LIMITS.signupPerEmail],
    );
    // A share invitation's link proved the mailbox: no code needed, the account starts verified.
    const invited = body.invitation_token
      ? await this.deps.assertInvited(body.invitation_token, email)
      : false;
    if (!invited && !ctx.brand.codeChoices.includes(body.product_associated)) {
      throw badRequest('No_Code', 'product_associated', 'This code choice is not offered by this brand');
    }
    const trackerIds = unique(body.tracker_ids);
    // Hashed before anything is looked up: known and unknown addresses cost the same.
    const passwordHash = await this.deps.passwords.hash(body.password).catch((error: unknown) => {
      if (error instanceof PasswordPoolBusyError) throw new TooManyRequestsError(error.retryAfterSeconds);
      throw error;
    });
    const userId = randomUUID();
    const brand = ctx.brand;

    try {
      await db.transaction().execute(async (trx) => {
        const existing = await repo.findAuthUserByEmail(trx, email);
        if (existing) {
          if (existing.partnerId && existing.partnerId !== brand.partnerId) {
            throw withStatus(
              Status.Forbidden,
              'PrimePet_Merging_Services',
              'The account exists on another platform',
            );
          }
          throw conflict('User_Already_Exists', 'User already exists');
        }
        const plan = await defaultProduct(trx, brand.partnerId);
        if (!plan) throw new Error(`brand ${brand.partnerId} has no default plan`);

        let evaluation: CodeEvaluation | null = null;
        if (body.activation_code) {
          evaluation = await this.deps.codes.evaluate(trx, {
            code: body.activation_code,
            partnerId: brand.partnerId,
            trackerIds,
            trackerRequired: brand.tracker.enabled,
          });
          if (!evaluation.ok) throw codeProblemError(evaluation.problem, 'signup')!;
        }
        const taken = await repo.trackersOwnedByOthers(trx, trackerIds, null);
        if (taken[0]) throw trackerTaken(taken[0]);

        await repo.insertCredentialUser(trx, kind, {
          id: userId,
          name: body.name,
          email,
          partnerId: brand.partnerId,
          passwordHash,
          accountId: randomUUID(),
          emailVerified: invited,
        });
        await repo.insertProfile(trx, {
          userId,
          partnerId: brand.partnerId,
          language: uiLanguageToUserLanguage(body.language),
          stayLoggedIn: false,
          timeZone: body.time_zone ?? DEFAULT_USER_TIME_ZONE,
        });
        await repo.insertSubscription(trx, {
          userId,
          partnerId: brand.partnerId,
          productId: plan.id,
          codeChoice:
            invited && !ctx.brand.codeChoices.includes(body.product_associated)
              ? 'no'
              : body.product_associated,
        });
        if (evaluation?.ok) await this.applyCode(trx, evaluation, userId, trackerIds, 'signup');
        const registered = await repo.registerTrackers(trx, userId, brand.partnerId, trackerIds);
        if (registered.conflict) throw trackerTaken(registered.conflict);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        // A parallel signup with the same address won the race.
        throw conflict('User_Already_Exists', 'User already exists');
      }
      throw error;
    }

    if (!invited) {
      await this.identity.sendVerificationMail(
        { id: userId, email, name: body.name, partnerId: brand.partnerId },
        ctx.headers,
      );
    }
    return { user_id: userId, email };
  }

  /** Redeems an evaluated code for the user inside the transaction and attaches its product. */
  private async applyCode(
    trx: Transaction<Database>,
    evaluation: Extract<CodeEvaluation, { ok: true }>,
    userId: string,
    trackerIds: string[],
    context: 'signup' | 'verifycode',
  ) {
    const { code, product } = evaluation;
    const trackerId = code.tracker_id ?? trackerIds[0] ?? null;
    const outcome = await this.deps.codes.redeem(trx, code, userId, trackerId);
    if (outcome !== 'ok') throw codeProblemError(outcome, context)!;
    await repo.applyCodeToSubscription(trx, userId, {
      productId: product.id,
      codeId: code.id,
      codeType: code.kind,
      expiresAt: code.duration_months ? addMonths(this.now(), code.duration_months).toISOString() : null,
      isPromo: code.is_promo === 1 || isPromoPlan(product),
      isGift: code.is_gift === 1,
      trialMonths: code.trial_months,
    });
  }

  // --- Activation codes -----------------------------------------------------------------------------

  /** The public code check of registration (and of the activation page). */
  async checkCode(
    body: CodeCheckBody,
    ctx: RequestContext,
    user: SessionUser | null,
  ): Promise<CodeCheckResponse> {
    const { db, codes, limiter } = this.deps;
    await limiter.enforce(
      [`codecheck:ip:${ctx.ip}`, RATE_LIMITS.codeCheckPerIp],
      [
        `codecheck:code:${codes.hash(body.code.toUpperCase().replace(/[\s-]+/g, ''))}`,
        RATE_LIMITS.codeCheckPerCode,
      ],
    );
    const given = unique(body.tracker_id ? [body.tracker_id] : []);
    const registered = user ? await repo.trackerIdsOf(db, user.id) : [];
    const evaluation = await codes.evaluate(db, {
      code: body.code,
      partnerId: ctx.brand.partnerId,
      userId: user?.id ?? null,
      trackerIds: unique([...given, ...registered]),
      trackerRequired: ctx.brand.tracker.enabled,
    });
    if (!evaluation.ok) return { isvalid: false, message: CHECK_MESSAGE[evaluation.problem], product: null };
    const taken = await repo.trackersOwnedByOthers(db, given, user?.id ?? null);
    if (taken[0]) throw trackerTaken(taken[0]);
    return { isvalid: true, message: CODE_CHECK_MESSAGES.valid, product: toProduct(evaluation.product) };
  }

  /**
   * POST /v1/auth/verifycode. Answers null for 204 (no such code); throws the catalogue's status
   * for every other refusal (see the route's description).
   */
  async verifyCode(user: SessionUser, body: VerifyCodeBody, ctx: RequestContext) {
    const { db, codes, limiter } = this.deps;
    await limiter.enforce(
      [`verifycode:user:${user.id}`, RATE_LIMITS.verifyCodePerUser],
      [`verifycode:ip:${ctx.ip}`, RATE_LIMITS.verifyCodePerIp],
    );
    const partnerId = ctx.brand.partnerId;
    const given = unique(body.tracker_ids);
    const registered = await repo.trackerIdsOf(db, user.id);
    const evaluation = await codes.evaluate(db, {
      code: body.code,
      partnerId,
      userId: user.id,
      trackerIds: unique([...given, ...registered]),
      trackerRequired: ctx.brand.tracker.enabled,
    });
    if (!evaluation.ok) {
      const error = codeProblemError(evaluation.problem, 'verifycode');
      if (!error) return null;
      throw error;
    }
    const taken = await repo.trackersOwnedByOthers(db, given, user.id);
    if (taken[0]) throw trackerTaken(taken[0]);
    await db.transaction().execute(async (trx) => {
      await this.applyCode(trx, evaluation, user.id, unique([...given, ...registered]), 'verifycode');
      const registeredNow = await repo.registerTrackers(trx, user.id, partnerId, given);
      if (registeredNow.conflict) throw trackerTaken(registeredNow.conflict);
    });
    return { message: MESSAGES.productActivated, product: toProduct(evaluation.product) };
  }

  // --- User info and settings ---------------------------------------------------------------------

  async userInfo(user: SessionUser): Promise<UserInfo> {
    const { db } = this.deps;
    const authUser = await repo.findAuthUserById(db, user.id);
    if (!authUser) throw new AppError(Status.Unauthorized, 'Session_Expired_Text', 'Not signed in');
    const partnerId = authUser.partnerId ?? user.partnerId ?? '';
    let profile = await repo.findProfile(db, user.id);
    let subscription = await repo.findSubscription(db, user.id);
    if (!profile || !subscription) {
      await this.deps.directory.ensureAccount(db, user.id, partnerId, 'de', 'no');
      profile = (await repo.findProfile(db, user.id))!;
      subscription = (await repo.findSubscription(db, user.id))!;
    }
    const expired =
      subscription.product_expires_at !== null &&
      new Date(subscription.product_expires_at).getTime() <= this.now().getTime();
    const productRow = expired
      ? await defaultProduct(db, partnerId)
      : ((await productById(db, subscription.product_id)) ?? (await defaultProduct(db, partnerId)));
    const trackers = await repo.trackerIdsOf(db, user.id);
    const pets = await this.deps.userInfo.petSummaries(user.id);
    const codeEnd = subscription.product_expires_at
      ? Math.floor(new Date(subscription.product_expires_at).getTime() / 1000)
      : null;
    return {
      id: authUser.id,
      name: authUser.name,
      image_url: this.deps.userInfo.imageUrl(profile.image_url),
      email: authUser.email,
      language: profile.language,
      time_zone: profile.time_zone ?? DEFAULT_USER_TIME_ZONE,
      stay_loggedin: profile.stay_loggedin === 1,
      product: productRow ? toProduct(productRow) : null,
      product_associated: subscription.product_associated === 1,
      tracker_ids: trackers,
      tracker_owned: trackers.length > 0 || (await this.deps.userInfo.trackerBought(user.id, partnerId)),
      stripe_subscription_end: subscription.stripe_subscription_end ?? codeEnd,
      ...termDays(subscription.stripe_subscription_end ?? codeEnd),
      stripe_price_id: subscription.stripe_price_id,
      stripe_customer_id: subscription.stripe_customer_id,
      is_promo: subscription.is_promo === 1,
      is_gift: subscription.is_gift === 1,
      is_trial: subscription.is_trial === 1,
      trial_months: subscription.trial_months,
      activation_code_type: subscription.activation_code_type,
      downgrading: await this.deps.userInfo.downgrading(user.id),
      zipcode: profile.zipcode,
      phone: profile.phone,
      address_1: profile.address_1,
      address_2: profile.address_2,
      city: profile.city,
      country: profile.country,
      pets,
      shared_pets: await this.deps.userInfo.sharedPets(user.id),
      first_sign_in: profile.sign_in_count <= 1,
      ...(await this.deps.userInfo.renewalState(user.id)),
    };
  }

  async modify(user: SessionUser, body: ModifyBody): Promise<UserInfo> {
    const { db, kind } = this.deps;
    if (body.name !== undefined) await repo.updateAuthUserName(db, kind, user.id, body.name);
    if (body.language !== undefined) await repo.updateProfile(db, user.id, { language: body.language });
    if (body.stay_loggedin !== undefined) {
      await repo.updateProfile(db, user.id, { stay_loggedin: body.stay_loggedin ? 1 : 0 });
      await this.applySessionLifetime(user.id, body.stay_loggedin);
    }
    // The cached session carries the name and the session's end: both may have changed.
    this.identity.invalidateSessions(user.id);
    return this.userInfo(user);
  }

  /**
   * The Set-Cookie headers that re-issue the caller's session cookie after a stay_loggedin change,
   * so the switch takes effect in this browser at once: persistent until the session's (new) end
   * when on, a browser-session cookie when off.
   */
  async reissuedSessionCookie(user: SessionUser, stay: boolean): Promise<string[]> {
    const row = await repo.findSessionToken(this.deps.db, user.sessionId);
    if (!row) return [];
    return this.identity.sessionCookieHeaders({ token: row.token, expiresAt: new Date(row.expiresAt) }, stay);
  }

  /**
   * stay_loggedin on: the user's sessions last 30 days from their sign-in; off: at most one more
   * day (and new sign-ins get 1-day sessions in a browser-session cookie).
   */
  private async applySessionLifetime(userId: string, stay: boolean) {
    const { db, kind } = this.deps;
    const sessions = await repo.sessionsOf(db, userId);
    const now = Date.now();
    for (const session of sessions) {
      const created = new Date(session.createdAt).getTime();
      const current = new Date(session.expiresAt).getTime();
      const next = stay
        ? created + SESSION_LIFETIME_STAY_SECONDS * 1000
        : Math.min(current, now + SESSION_LIFETIME_SHORT_SECONDS * 1000);
      await repo.setSessionExpiry(db, kind, session.id, new Date(next));
    }
  }

  /**
   * POST /v1/auth/verifyemail: called by the web after sign-in when the user has no product. Marks
   * nothing (verification happens through the mail link; unverified users cannot hold a session):
   * it confirms the address is verified and completes the account when the identity service
   * created it (Google, magic link) without our rows.
   */
  async verifyEmailCall(user: SessionUser): Promise<{ message: string }> {
    await this.userInfo(user);
    return { message: MESSAGES.emailVerified };
  }

  // --- Mails ---------------------------------------------------------------------------------------

  async sendVerification(
    input: { email: string | null; url: string },
    ctx: RequestContext,
    sessionUser: SessionUser | null,
  ): Promise<{ message: string }> {
    const { db, limiter } = this.deps;
    const email = (sessionUser?.email ?? input.email ?? '').trim().toLowerCase();
    if (!email) throw badRequest('Email_Error', 'email', 'An e-mail address is required');
    await limiter.enforce(
      [`sendverification:ip:${ctx.ip}`, RATE_LIMITS.sendVerificationPerIp],
      [`sendverification:email:${email}`, RATE_LIMITS.sendVerificationPerEmail],
    );
    const callbackPath = this.sameOriginPath(input.url, ctx.headers);
    // The same answer, at the same speed, for unknown, verified, other-brand and unverified addresses.
    void (async () => {
      const user = await repo.findAuthUserByEmail(db, email);
      if (!user || user.emailVerified) return;
      if (user.partnerId && user.partnerId !== ctx.brand.partnerId) return;
      await this.identity.sendVerificationMail(user, ctx.headers, callbackPath);
    })().catch((err: unknown) => this.deps.log.error({ err }, 'verification mail failed'));
    return { message: MESSAGES.verificationSent };
  }

  async requestPasswordReset(email: string, ctx: RequestContext): Promise<{ message: string }> {
    await this.deps.limiter.enforce([`reset:ip:${ctx.ip}`, RATE_LIMITS.resetPerIp]);
    try {
      await this.identity.auth.api.requestPasswordReset({
        body: { email: email.trim().toLowerCase() },
        headers: ctx.headers,
      });
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === Status.TooManyRequests) throw new TooManyRequestsError(RATE_LIMITS.resetPerEmail.window);
      this.deps.log.error({ err: error }, 'password reset request failed');
    }
    return { message: MESSAGES.resetSent };
  }

  /** A path on our own origin from a client-sent URL, else the sign-in screen's verified notice. */
  private sameOriginPath(url: string | undefined, headers: Headers): string {
    if (!url) return SIGN_IN_VERIFIED_PATH;
    try {
      const parsed = new URL(url);
      const origin = this.identity.hosts.originForHost(headers.get('host'));
      if (parsed.origin !== origin) return SIGN_IN_VERIFIED_PATH;
      return `${parsed.pathname}${parsed.search}`;
    } catch {
      return SIGN_IN_VERIFIED_PATH;
    }
  }

  // --- Tokens --------------------------------------------------------------------------------------

  /** Custom-token sign-in: a one-time token for the caller's session (3 minutes, single use). */
  async customToken(user: SessionUser) {
    await this.deps.limiter.enforce([`customtoken:user:${user.id}`, RATE_LIMITS.oneTimeTokenPerUser]);
    const { token, expiresIn } = await this.identity.oneTimeTokenForSession(user.sessionToken);
    return { token, expires_in: expiresIn };
  }

  private mobileTokenHash(token: string): string {
    return createHmac('sha256', this.deps.secret).update(`mobile-token:${token}`).digest('hex');
  }

  /** A new mobile embedding token (tokenI / tokenA); only its HMAC is stored. */
  async issueMobileToken(user: SessionUser): Promise<{ token: string }> {
    const token = randomBytes(24).toString('base64url');
    await repo.updateProfile(this.deps.db, user.id, {
      mobile_token_hash: this.mobileTokenHash(token),
      mobile_token_created_at: new Date().toISOString(),
    });
    return { token };
  }

  async checkMobileToken(user: SessionUser, token: string): Promise<{ valid: boolean }> {
    const profile = await repo.findProfile(this.deps.db, user.id);
    if (!profile?.mobile_token_hash) return { valid: false };
    const expected = Buffer.from(profile.mobile_token_hash, 'hex');
    const actual = Buffer.from(this.mobileTokenHash(token), 'hex');
    return { valid: expected.length === actual.length && timingSafeEqual(expected, actual) };
  }
}
