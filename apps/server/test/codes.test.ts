import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE_CHECK_MESSAGES,
  apiErrorBodySchema,
  codeCheckResponseSchema,
  userInfoSchema,
} from '@pet/contract';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { call, freshIp, registeredUser, signup, uniqueEmail, v1 } from './identity-helpers.ts';
import {
  CODE_ALPHABET,
  CODE_ENTROPY_BITS,
  codeShape,
  hashCode,
  normalizeCode,
} from '../src/modules/plans/codes.ts';
import { generateCodes, type TestCodeInput } from './support/codes.ts';

const TRACKER_HOST = 'gpstracker.localhost:3000';
const DOG_HOST = 'hundeschutz.localhost:3000';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const codes = (input: TestCodeInput = {}) => generateCodes(t.app, input);
const oneCode = async (input: TestCodeInput = {}) => (await codes(input))[0]!;

/** The stored row of a code (codes are kept only as their hash). */
const storedCode = (code: string) =>
  t.app.db
    .selectFrom('activation_code')
    .selectAll()
    .where('code_hash', '=', t.app.codes.hash(normalizeCode(code)))
    .executeTakeFirstOrThrow();

/** The signup fields of a tracker-brand user who registers a tracker with a fresh activation code. */
const trackerSignup = async (trackerId: string) => ({
  activation_code: await oneCode({ brand: 'gpstracker' }),
  tracker_ids: [trackerId],
  product_associated: 'yes' as const,
});

function check(body: unknown, host?: string) {
  return call(t.app, 'POST', '/v1/auth/checkcode', body, { host, ip: freshIp() });
}

async function checkMessage(body: unknown, host?: string) {
  const res = await check(body, host);
  expect(res.statusCode, res.body).toBe(200);
  return codeCheckResponseSchema.parse(res.json());
}

describe(`activation codes (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  it('generates unambiguous grouped codes with at least 40 bits, stored only as HMAC', async () => {
    expect(CODE_ENTROPY_BITS).toBeGreaterThanOrEqual(40);
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
    const generated = await codes({ count: 50 });
    const batchCodes = await codes({ kind: 'batch', count: 5 });
    expect(new Set(generated).size).toBe(50);
    for (const code of generated)
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    for (const code of batchCodes) expect(code).toMatch(/^B-[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){2}$/);
    expect(codeShape(normalizeCode(generated[0]!))).toBe('single');
    expect(codeShape(normalizeCode(batchCodes[0]!))).toBe('batch');
    // No clear code anywhere in the table; the hash is keyed (not a plain SHA-256).
    const rows = await t.app.db.selectFrom('activation_code').selectAll().execute();
    const dump = JSON.stringify(rows);
    for (const code of [...generated, ...batchCodes]) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(normalizeCode(code));
    }
    const normalized = normalizeCode(generated[0]!);
    expect(rows.some((r) => r.code_hash === hashCode('another secret', normalized))).toBe(false);
    expect(rows.some((r) => r.code_hash === t.app.codes.hash(normalized))).toBe(true);
  });

  describe('POST /v1/auth/checkcode', { timeout: 120_000 }, () => {
    it('answers a valid code with its product, ignoring case, spaces and dashes', async () => {
      const code = await oneCode();
      const answer = await checkMessage({ code: ` ${code.toLowerCase().replace(/-/g, ' ')} ` });
      expect(answer).toMatchObject({ isvalid: true, message: CODE_CHECK_MESSAGES.valid });
      expect(answer.product?.name).toBe('Premium');
    });

    it('answers invalid for unknown, malformed-but-checkable, other-brand and product-less codes', async () => {
      expect(await checkMessage({ code: 'ABCD-EFGH-JKMN' })).toEqual({
        isvalid: false,
        message: CODE_CHECK_MESSAGES.invalid,
        product: null,
      });
      expect((await checkMessage({ code: 'B-ABCD-EFGH-JKMN' })).message).toBe(CODE_CHECK_MESSAGES.invalid);
      expect((await checkMessage({ code: 'hello world' })).message).toBe(CODE_CHECK_MESSAGES.invalid);
      const dogCode = await oneCode({ brand: 'hundeschutz' });
      expect((await checkMessage({ code: dogCode })).message).toBe(CODE_CHECK_MESSAGES.invalid);
      expect((await checkMessage({ code: dogCode }, DOG_HOST)).isvalid).toBe(true);
      const noProduct = await oneCode({ plan: null });
      expect((await checkMessage({ code: noProduct })).message).toBe(CODE_CHECK_MESSAGES.invalid);
    });

    it('answers 400 for a malformed body', async () => {
      for (const body of [
        {},
        { code: '' },
        { code: 'A' },
        { code: 42 },
        { code: 'ABCD-EFGH-JKMN', tracker_id: '' },
      ]) {
        const res = await check(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(apiErrorBodySchema.parse(res.json()).statusCode).toBe(400);
      }
    });

    it('answers already redeemed and expired', async () => {
      const code = await oneCode();
      const res = await signup(t.app, { activation_code: code, product_associated: 'yes' });
      expect(res.statusCode, res.body).toBe(201);
      expect(await checkMessage({ code })).toMatchObject({
        isvalid: false,
        message: CODE_CHECK_MESSAGES.alreadyRedeemed,
      });
      const expired = await oneCode({ expiresAt: new Date(Date.now() - 60_000) });
      expect(await checkMessage({ code: expired })).toMatchObject({
        isvalid: false,
        message: CODE_CHECK_MESSAGES.expired,
      });
    });

    it('handles the tracker cases: missing, mismatched, registered to another user', async () => {
      const [bound] = await codes({ brand: 'gpstracker', trackerIds: ['TRK-1001'] });
      expect((await checkMessage({ code: bound }, TRACKER_HOST)).message).toBe(
        CODE_CHECK_MESSAGES.trackerMissing,
      );
      expect((await checkMessage({ code: bound, tracker_id: 'TRK-9999' }, TRACKER_HOST)).message).toBe(
        CODE_CHECK_MESSAGES.trackerMismatch,
      );
      expect((await checkMessage({ code: bound, tracker_id: 'TRK-1001' }, TRACKER_HOST)).isvalid).toBe(true);
      // The tracker brand needs a tracker id even for an unbound code.
      const unbound = await oneCode({ brand: 'gpstracker' });
      expect((await checkMessage({ code: unbound }, TRACKER_HOST)).message).toBe(
        CODE_CHECK_MESSAGES.trackerMissing,
      );
      // A tracker registered to someone else: 409.
      const owner = await signup(t.app, await trackerSignup('TRK-2002'), { host: TRACKER_HOST });
      expect(owner.statusCode, owner.body).toBe(201);
      const res = await check({ code: unbound, tracker_id: 'TRK-2002' }, TRACKER_HOST);
      expect(res.statusCode).toBe(409);
      expect(res.json().key).toBe('GPS_Tracker_Already_Exist');
    });
  });

  describe('POST /v1/auth/verifycode', { timeout: 120_000 }, () => {
    let user: Awaited<ReturnType<typeof registeredUser>>;
    let other: Awaited<ReturnType<typeof registeredUser>>;
    beforeAll(async () => {
      [user, other] = await Promise.all([registeredUser(t.app), registeredUser(t.app)]);
    });
    const verify = (body: unknown, who = user, host?: string) =>
      v1(t.app, 'POST', '/v1/auth/verifycode', body, { cookie: who.cookie, host, ip: freshIp() });

    it('needs a session and, with a cookie, the identity header', async () => {
      const code = await oneCode();
      expect((await call(t.app, 'POST', '/v1/auth/verifycode', { code })).statusCode).toBe(401);
      const noHeader = await call(t.app, 'POST', '/v1/auth/verifycode', { code }, { cookie: user.cookie });
      expect(noHeader.statusCode).toBe(403);
    });

    it('204: no such code', async () => {
      const res = await verify({ code: 'ZZZZ-ZZZZ-ZZZZ' });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    });

    it('478: a batch code that does not exist', async () => {
      const res = await verify({ code: 'B-ZZZZ-ZZZZ-ZZZZ' });
      expect(res.statusCode).toBe(478);
      expect(res.json().key).toBe('Batch_Code_Does_Not_Exist_Text');
    });

    it('470: a code of another brand', async () => {
      const res = await verify({ code: await oneCode({ brand: 'petclub' }) });
      expect(res.statusCode).toBe(470);
      expect(res.json().key).toBe('Wrong_Code_Text');
    });

    it('433: a single code redeemed by someone else; 477: redeemed by this user', async () => {
      const code = await oneCode();
      expect((await verify({ code }, other)).statusCode).toBe(200);
      const taken = await verify({ code });
      expect(taken.statusCode).toBe(433);
      expect(taken.json().key).toBe('Code_Already_Redeemed');
      const again = await verify({ code }, other);
      expect(again.statusCode).toBe(477);
      expect(again.json().key).toBe('Code_Already_Redeemed');
    });

    it('batch codes: each user once, up to the cap (433 after it)', async () => {
      const [batch] = await codes({ kind: 'batch', maxRedemptions: 2, plan: 'basic' });
      expect((await verify({ code: batch }, user)).statusCode).toBe(200);
      expect((await verify({ code: batch }, user)).statusCode).toBe(477);
      expect((await verify({ code: batch }, other)).statusCode).toBe(200);
      const third = await registeredUser(t.app);
      expect((await verify({ code: batch }, third)).statusCode).toBe(433);
    });

    it('473: an expired code', async () => {
      const res = await verify({ code: await oneCode({ expiresAt: new Date(Date.now() - 1000) }) });
      expect(res.statusCode).toBe(473);
      expect(res.json().key).toBe('Subscription_Expired');
    });

    it('471: a code without a product', async () => {
      const res = await verify({ code: await oneCode({ plan: null }) });
      expect(res.statusCode).toBe(471);
      expect(res.json().key).toBe('Product_Not_Attached_Text');
    });

    it('400, 470, 409 and 200 for the tracker cases of the tracker brand', async () => {
      const tracker = await registeredUser(t.app, {}, { host: TRACKER_HOST });
      const trackerOther = await registeredUser(t.app, await trackerSignup('TRK-3003'), {
        host: TRACKER_HOST,
      });
      expect(trackerOther.id).toBeTruthy();
      const [bound] = await codes({ brand: 'gpstracker', trackerIds: ['TRK-4004'], durationMonths: 12 });
      const missing = await verify({ code: bound }, tracker, TRACKER_HOST);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().key).toBe('GPS_Tracker_ID_Required');
      const mismatch = await verify({ code: bound, tracker_ids: ['TRK-5005'] }, tracker, TRACKER_HOST);
      expect(mismatch.statusCode).toBe(470);
      const unbound = await oneCode({ brand: 'gpstracker' });
      const taken = await verify({ code: unbound, tracker_ids: ['TRK-3003'] }, tracker, TRACKER_HOST);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().key).toBe('GPS_Tracker_Already_Exist');

      const ok = await verify({ code: bound, tracker_ids: ['TRK-4004'] }, tracker, TRACKER_HOST);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({
        message: 'PRODUCT ACTIVATED',
        product: { name: 'BASIS 12', duration: 12 },
      });
      const info = userInfoSchema.parse(
        (
          await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { cookie: tracker.cookie, host: TRACKER_HOST })
        ).json(),
      );
      expect(info.tracker_ids).toEqual(['TRK-4004']);
      expect(info.product?.name).toBe('BASIS 12');
      expect(info.product_associated).toBe(true);
      expect(info.activation_code_type).toBe('single');
      // Attached for 12 months: the end shows as epoch seconds.
      const months = (info.stripe_subscription_end! * 1000 - Date.now()) / (30.4 * 24 * 3600 * 1000);
      expect(months).toBeGreaterThan(11.5);
      expect(months).toBeLessThan(12.5);
      // With a registered tracker the next code needs no tracker id.
      const next = await verify({ code: await oneCode({ brand: 'gpstracker' }) }, tracker, TRACKER_HOST);
      expect(next.statusCode).toBe(200);
    });

    it('200: attaches the product and marks the user (bearer clients need no identity header)', async () => {
      const fresh = await registeredUser(t.app);
      const code = await oneCode({ plan: 'basic', isGift: true });
      const res = await call(
        t.app,
        'POST',
        '/v1/auth/verifycode',
        { code },
        { bearer: fresh.token, ip: freshIp() },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().product.name).toBe('Basic');
      const info = userInfoSchema.parse(
        (await call(t.app, 'GET', '/v1/auth/myinfo', undefined, { bearer: fresh.token })).json(),
      );
      expect(info).toMatchObject({ product_associated: true, is_gift: true, activation_code_type: 'single' });
      expect(info.product?.name).toBe('Basic');
    });
  });

  describe('signup with a code', { timeout: 120_000 }, () => {
    it('redeems the code in the same transaction as the account', async () => {
      const code = await oneCode({ plan: 'basic' });
      const email = uniqueEmail();
      const res = await signup(t.app, { email, activation_code: code, product_associated: 'yes' });
      expect(res.statusCode, res.body).toBe(201);
      const row = await storedCode(code);
      expect(row.redemption_count).toBe(1);
      const redemption = await t.app.db
        .selectFrom('code_redemption')
        .selectAll()
        .where('code_id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(redemption.user_id).toBe(res.json().user_id);
      const subscription = await t.app.db
        .selectFrom('user_subscription')
        .selectAll()
        .where('user_id', '=', res.json().user_id)
        .executeTakeFirstOrThrow();
      expect(subscription.product_id).toBe(row.product_id);
      expect(subscription.code_choice).toBe('yes');
    });

    it('creates nothing when the code fails, and redeems nothing when the account fails', async () => {
      const email = uniqueEmail();
      const unknown = await signup(t.app, {
        email,
        activation_code: 'ZZZZ-ZZZZ-ZZZZ',
        product_associated: 'yes',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ key: 'Invalid_Code', field: 'activation_code' });
      expect(
        await t.app.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst(),
      ).toBeUndefined();

      // The code is fine but the tracker belongs to someone else: the code stays unused.
      const owner = await signup(
        t.app,
        {
          activation_code: await oneCode({ brand: 'gpstracker' }),
          tracker_ids: ['TRK-6006'],
          product_associated: 'yes',
        },
        { host: TRACKER_HOST },
      );
      expect(owner.statusCode).toBe(201);
      const code = await oneCode({ brand: 'gpstracker' });
      const clash = await signup(
        t.app,
        { email, activation_code: code, tracker_ids: ['TRK-6006'], product_associated: 'yes' },
        { host: TRACKER_HOST },
      );
      expect(clash.statusCode).toBe(409);
      expect(clash.json().key).toBe('GPS_Tracker_Already_Exist');
      expect((await checkMessage({ code, tracker_id: 'TRK-7007' }, TRACKER_HOST)).isvalid).toBe(true);
      expect(
        await t.app.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst(),
      ).toBeUndefined();
    });

    it('answers the code statuses at signup (433, 473, 471, 470, 478)', async () => {
      const used = await oneCode();
      expect((await signup(t.app, { activation_code: used, product_associated: 'yes' })).statusCode).toBe(
        201,
      );
      const cases: Array<[string, number]> = [
        [used, 433],
        [await oneCode({ expiresAt: new Date(Date.now() - 1000) }), 473],
        [await oneCode({ plan: null }), 471],
        [await oneCode({ brand: 'tierfritz' }), 470],
        ['B-ZZZZ-ZZZZ-ZZZZ', 478],
      ];
      for (const [code, status] of cases) {
        const res = await signup(t.app, { activation_code: code, product_associated: 'yes' });
        expect(res.statusCode, `${code}: ${res.body}`).toBe(status);
      }
    });

    it('overlapping redemptions of one single code in parallel transactions: exactly one wins', async () => {
      const code = await oneCode();
      const users = Array.from({ length: 8 }, () => crypto.randomUUID());
      // PostgreSQL: every transaction has read the code as unused before any redeems (a barrier);
      // SQLite runs one write transaction at a time, so there they simply queue.
      const overlapping = t.app.database.kind === 'postgres';
      let arrived = 0;
      let release!: () => void;
      const allRead = new Promise<void>((resolve) => (release = resolve));
      const outcomes = await Promise.all(
        users.map((userId) =>
          t.app.db.transaction().execute(async (trx) => {
            const evaluation = await t.app.codes.evaluate(trx, {
              code,
              partnerId: 'primepet',
              userId,
              trackerIds: [],
              trackerRequired: false,
            });
            if (overlapping) {
              expect(evaluation.ok).toBe(true);
              if (++arrived === users.length) release();
              await allRead;
            }
            if (!evaluation.ok) return evaluation.problem;
            return t.app.codes.redeem(trx, evaluation.code, userId, null);
          }),
        ),
      );
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'redeemed')).toHaveLength(users.length - 1);
    });

    it('20 parallel signups with one single code: exactly one succeeds', async () => {
      const code = await oneCode();
      const emails = Array.from({ length: 20 }, () => uniqueEmail('race'));
      const results = await Promise.all(
        emails.map((email) => signup(t.app, { email, activation_code: code, product_associated: 'yes' })),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 433)).toHaveLength(19);
      const created = await t.app.db
        .selectFrom('user')
        .select('email')
        .where('email', 'in', emails)
        .execute();
      expect(created).toHaveLength(1);
      const row = await storedCode(code);
      expect(row.redemption_count).toBe(1);
    });
  });
});
