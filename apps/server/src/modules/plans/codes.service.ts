import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, ProductRow } from '../../db/schema.ts';
import type { ActivationCodeBatchTable, ActivationCodeTable } from '../../db/tables/codes.ts';
import type { ActivationCodeKind } from '../../db/tables/identity.ts';
import { nowIso, toDbBool } from '../../db/database.ts';
import { isUniqueViolation } from '../../platform/auth/db-errors.ts';
import { codeShape, formatCode, generateCode, hashCode, normalizeCode } from './codes.ts';
import { productById } from './plans.repo.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type ActivationCodeRow = Selectable<ActivationCodeTable>;
export type ActivationCodeBatchRow = Selectable<ActivationCodeBatchTable>;

/**
 * Why a code cannot be redeemed, in the order the checks run:
 * - unknown: no code with this hash (and it does not have the batch-code shape);
 * - unknown_batch: a batch-code-shaped input that matches no code;
 * - other_brand: the code belongs to another brand;
 * - redeemed_by_user: this user redeemed the code already;
 * - redeemed: the code is used up (a single code by someone else; a batch code at its cap);
 * - expired: the code's validity ended;
 * - no_product: the code attaches no product (or its product is gone);
 * - tracker_missing: the code is bound to a tracker, or the brand sells trackers, and no tracker id came;
 * - tracker_mismatch: the code is bound to another tracker id.
 */
export type CodeProblem =
  | 'unknown'
  | 'unknown_batch'
  | 'other_brand'
  | 'redeemed_by_user'
  | 'redeemed'
  | 'expired'
  | 'no_product'
  | 'tracker_missing'
  | 'tracker_mismatch';

export type CodeEvaluation =
  | { ok: true; code: ActivationCodeRow; product: ProductRow }
  | { ok: false; problem: CodeProblem; code: ActivationCodeRow | null };

export interface EvaluateInput {
  code: string;
  partnerId: string;
  /** The redeeming user, when known (signed in). */
  userId?: string | null;
  /** Tracker ids that come with the redemption: given ones plus the user's registered ones. */
  trackerIds: string[];
  /** The brand sells GPS trackers: a tracker id is required. */
  trackerRequired: boolean;
  now?: Date;
}

export interface GenerateInput {
  partnerId: string;
  kind: ActivationCodeKind;
  productId: string | null;
  count: number;
  durationMonths: number | null;
  /** One tracker id per code (count must match), or none. */
  trackerIds: string[];
  /** Batch codes: redemptions allowed per code (null: no cap). Single codes: always 1. */
  maxRedemptions: number | null;
  expiresAt: Date | null;
  isGift: boolean;
  isPromo: boolean;
  trialMonths: number | null;
  note: string;
}

export interface GeneratedCode {
  /** The code in clear, display form: shown once, never stored. */
  code: string;
  trackerId: string | null;
}

export type CodeState = 'unused' | 'redeemed' | 'expired';

export function codeState(code: ActivationCodeRow, now = new Date()): CodeState {
  if (code.expires_at && new Date(code.expires_at).getTime() <= now.getTime()) return 'expired';
  if (code.max_redemptions !== null && code.redemption_count >= code.max_redemptions) return 'redeemed';
  return 'unused';
}

/**
 * Activation codes: generation (operator), evaluation (code check, verifycode, signup) and the
 * atomic redemption. Codes exist in clear only in the operator's CSV; the table holds their HMAC.
 */
export class CodeService {
  constructor(private readonly secret: string) {}

  hash(normalized: string): string {
    return hashCode(this.secret, normalized);
  }

  async findByInput(
    db: Db,
    input: string,
  ): Promise<{ row: ActivationCodeRow | undefined; shape: ActivationCodeKind | null }> {
    const normalized = normalizeCode(input);
    const shape = codeShape(normalized);
    if (!shape) return { row: undefined, shape };
    const row = await db
      .selectFrom('activation_code')
      .selectAll()
      .where('code_hash', '=', this.hash(normalized))
      .executeTakeFirst();
    return { row, shape };
  }

  async evaluate(db: Db, input: EvaluateInput): Promise<CodeEvaluation> {
    const now = input.now ?? new Date();
    const { row: code, shape } = await this.findByInput(db, input.code);
    if (!code) return { ok: false, problem: shape === 'batch' ? 'unknown_batch' : 'unknown', code: null };
    const fail = (problem: CodeProblem): CodeEvaluation => ({ ok: false, problem, code });
    if (code.partner_id !== input.partnerId) return fail('other_brand');
    if (input.userId) {
      const own = await db
        .selectFrom('code_redemption')
        .select('id')
        .where('code_id', '=', code.id)
        .where('user_id', '=', input.userId)
        .executeTakeFirst();
      if (own) return fail('redeemed_by_user');
    }
    const state = codeState(code, now);
    if (state === 'redeemed') return fail('redeemed');
    if (state === 'expired') return fail('expired');
    const product = code.product_id ? await productById(db, code.product_id) : undefined;
    if (!product || product.partner_id !== code.partner_id) return fail('no_product');
    const trackers = input.trackerIds;
    if ((code.tracker_id || input.trackerRequired) && trackers.length === 0) return fail('tracker_missing');
    if (code.tracker_id && !trackers.includes(code.tracker_id)) return fail('tracker_mismatch');
    return { ok: true, code, product };
  }

  /**
   * Redeems inside the caller's transaction. The counter update is conditional, so of parallel
   * redemptions of a single code exactly one succeeds ('redeemed' for the others); a second
   * redemption by the same user hits the unique (code, user) key ('redeemed_by_user').
   */
  async redeem(
    trx: Transaction<Database>,
    code: ActivationCodeRow,
    userId: string,
    trackerId: string | null,
  ): Promise<'ok' | 'redeemed' | 'redeemed_by_user'> {
    const now = nowIso();
    const updated = await trx
      .updateTable('activation_code')
      .set({ redemption_count: sql`redemption_count + 1`, last_redeemed_at: now })
      .where('id', '=', code.id)
      .where((eb) =>
        eb.or([eb('max_redemptions', 'is', null), eb('redemption_count', '<', eb.ref('max_redemptions'))]),
      )
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return 'redeemed';
    try {
      await trx
        .insertInto('code_redemption')
        .values({
          id: randomUUID(),
          code_id: code.id,
          user_id: userId,
          tracker_id: trackerId,
          redeemed_at: now,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) return 'redeemed_by_user';
      throw error;
    }
    return 'ok';
  }

  /** Generates codes in one transaction; answers them in clear (the only time they exist so). */
  async generate(
    db: Kysely<Database>,
    input: GenerateInput,
  ): Promise<{ batch: ActivationCodeBatchRow; codes: GeneratedCode[] }> {
    if (input.trackerIds.length > 0 && input.trackerIds.length !== input.count) {
      throw new Error('give one tracker id per code (or none)');
    }
    const maxRedemptions = input.kind === 'single' ? 1 : input.maxRedemptions;
    const createdAt = nowIso();
    const batch: ActivationCodeBatchRow = {
      id: randomUUID(),
      partner_id: input.partnerId,
      kind: input.kind,
      product_id: input.productId,
      duration_months: input.durationMonths,
      code_count: input.count,
      max_redemptions: maxRedemptions,
      expires_at: input.expiresAt ? input.expiresAt.toISOString() : null,
      is_gift: toDbBool(input.isGift),
      is_promo: toDbBool(input.isPromo),
      trial_months: input.trialMonths,
      note: input.note,
      created_at: createdAt,
    };
    const codes: GeneratedCode[] = [];
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('activation_code_batch').values(batch).execute();
      const seen = new Set<string>();
      const rows = [];
      for (let i = 0; i < input.count; i++) {
        let normalized = generateCode(input.kind);
        while (seen.has(normalized)) normalized = generateCode(input.kind);
        seen.add(normalized);
        const trackerId = input.trackerIds[i] ?? null;
        codes.push({ code: formatCode(normalized), trackerId });
        rows.push({
          id: randomUUID(),
          batch_id: batch.id,
          partner_id: input.partnerId,
          kind: input.kind,
          code_hash: this.hash(normalized),
          product_id: input.productId,
          duration_months: input.durationMonths,
          tracker_id: trackerId,
          max_redemptions: maxRedemptions,
          redemption_count: 0,
          expires_at: batch.expires_at,
          is_gift: batch.is_gift,
          is_promo: batch.is_promo,
          trial_months: input.trialMonths,
          created_at: createdAt,
          last_redeemed_at: null,
        });
      }
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('activation_code')
          .values(rows.slice(i, i + 200))
          .execute();
      }
    });
    return { batch, codes };
  }

  /** Batches with their codes' states, newest first (operator command). */
  async listBatches(db: Db, partnerId?: string, now = new Date()) {
    let query = db.selectFrom('activation_code_batch').selectAll().orderBy('created_at', 'desc');
    if (partnerId) query = query.where('partner_id', '=', partnerId);
    const batches = await query.execute();
    const result = [];
    for (const batch of batches) {
      const codes = await db
        .selectFrom('activation_code')
        .selectAll()
        .where('batch_id', '=', batch.id)
        .execute();
      const states = { unused: 0, redeemed: 0, expired: 0 };
      let redemptions = 0;
      for (const code of codes) {
        states[codeState(code, now)] += 1;
        redemptions += code.redemption_count;
      }
      result.push({ batch, states, redemptions });
    }
    return result;
  }

  /** Marks every code of a batch expired now (a lost or withdrawn batch). */
  async expireBatch(db: Kysely<Database>, batchId: string): Promise<number> {
    const now = nowIso();
    const result = await db
      .updateTable('activation_code')
      .set({ expires_at: now })
      .where('batch_id', '=', batchId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst();
    await db
      .updateTable('activation_code_batch')
      .set({ expires_at: now })
      .where('id', '=', batchId)
      .execute();
    return Number(result.numUpdatedRows);
  }

  /**
   * The owner of a redeemed single code (the emergency password of the emergency module), or null.
   */
  async singleCodeOwner(db: Db, input: string): Promise<string | null> {
    const { row } = await this.findByInput(db, input);
    if (!row || row.kind !== 'single') return null;
    const redemption = await db
      .selectFrom('code_redemption')
      .select('user_id')
      .where('code_id', '=', row.id)
      .executeTakeFirst();
    return redemption?.user_id ?? null;
  }
}
