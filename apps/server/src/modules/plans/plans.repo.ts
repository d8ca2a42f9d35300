import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Product } from '@pet/contract';
import type { Database, ProductRow } from '../../db/schema.ts';
import { fromDbBool, nowIso, toDbBool } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A plan row as the API shows it (prices in euro, booleans). */
export function toProduct(row: ProductRow): Product {
  const duration = row.duration === 1 || row.duration === 12 || row.duration === 24 ? row.duration : null;
  return {
    id: row.id,
    name: row.name,
    sequence: row.sequence,
    monthly_price: row.monthly_price_cents / 100,
    yearly_price: row.yearly_price_cents / 100,
    monthly_price_id: row.monthly_price_id,
    yearly_price_id: row.yearly_price_id,
    is_default: fromDbBool(row.is_default),
    pets_limit: row.pets_limit,
    documents_limit: row.documents_limit,
    gps_tracking: fromDbBool(row.gps_tracking),
    medical: fromDbBool(row.medical),
    appointments: fromDbBool(row.appointments),
    duration,
    stripe_id: row.stripe_id,
    internal_note: row.internal_note,
  };
}

export async function productById(db: Db, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('product').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function productByKey(
  db: Db,
  partnerId: string,
  planKey: string,
): Promise<ProductRow | undefined> {
  return db
    .selectFrom('product')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('plan_key', '=', planKey)
    .executeTakeFirst();
}

/** The brand's default plan (every new user starts on it). */
export async function defaultProduct(db: Db, partnerId: string): Promise<ProductRow | undefined> {
  return db
    .selectFrom('product')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('is_default', '=', 1)
    .orderBy('sequence')
    .executeTakeFirst();
}

export async function listProducts(db: Db, partnerId?: string): Promise<ProductRow[]> {
  let query = db.selectFrom('product').selectAll();
  if (partnerId) query = query.where('partner_id', '=', partnerId);
  return query.orderBy('partner_id').orderBy('sequence').orderBy('plan_key').execute();
}

export interface NewPlan {
  partnerId: string;
  key: string;
  name: string;
  sequence: number;
  isDefault: boolean;
  monthlyPriceCents: number;
  yearlyPriceCents: number;
  monthlyPriceId: string | null;
  yearlyPriceId: string | null;
  stripeId: string | null;
  petsLimit: number;
  documentsLimit: number;
  gpsTracking: boolean;
  medical: boolean;
  appointments: boolean;
  duration: number | null;
  internalNote: string;
}

/** Adds a plan; a new default plan takes the default flag from the brand's previous one. */
export async function createPlan(db: Kysely<Database>, plan: NewPlan): Promise<ProductRow> {
  return db.transaction().execute(async (trx) => {
    if (plan.isDefault) {
      await trx
        .updateTable('product')
        .set({ is_default: 0 })
        .where('partner_id', '=', plan.partnerId)
        .execute();
    }
    const row = {
      id: randomUUID(),
      partner_id: plan.partnerId,
      plan_key: plan.key,
      name: plan.name,
      sequence: plan.sequence,
      is_default: toDbBool(plan.isDefault),
      monthly_price_cents: plan.monthlyPriceCents,
      yearly_price_cents: plan.yearlyPriceCents,
      monthly_price_id: plan.monthlyPriceId,
      yearly_price_id: plan.yearlyPriceId,
      stripe_id: plan.stripeId,
      pets_limit: plan.petsLimit,
      documents_limit: plan.documentsLimit,
      gps_tracking: toDbBool(plan.gpsTracking),
      medical: toDbBool(plan.medical),
      appointments: toDbBool(plan.appointments),
      duration: plan.duration,
      internal_note: plan.internalNote,
      created_at: nowIso(),
    };
    await trx.insertInto('product').values(row).execute();
    return row;
  });
}
