import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BRANDS, type PlanSeed } from '@pet/contract';
import type { Database } from './schema.ts';
import { nowIso, toDbBool } from './database.ts';

const cents = (euro: number) => Math.round(euro * 100);

function planRow(partnerId: string, plan: PlanSeed) {
  return {
    id: randomUUID(),
    partner_id: partnerId,
    plan_key: plan.key,
    name: plan.name,
    sequence: plan.sequence,
    is_default: toDbBool(plan.is_default),
    monthly_price_cents: cents(plan.monthly_price),
    yearly_price_cents: cents(plan.yearly_price),
    // Price ids of the embedded sandbox provider; a Stripe deployment sets its own with the admin command.
    monthly_price_id: plan.monthly_price > 0 ? `price_${partnerId}_${plan.key}_monthly` : null,
    yearly_price_id: plan.yearly_price > 0 ? `price_${partnerId}_${plan.key}_yearly` : null,
    stripe_id: plan.is_default ? null : `prod_${partnerId}_${plan.key}`,
    pets_limit: plan.pets_limit,
    documents_limit: plan.documents_limit,
    gps_tracking: toDbBool(plan.gps_tracking),
    medical: toDbBool(plan.medical),
    appointments: toDbBool(plan.appointments),
    duration: plan.duration,
    internal_note: plan.internal_note,
    created_at: nowIso(),
  };
}

/**
 * Seeds each brand's plan catalogue from the brand configuration. Plans that exist are left as
 * they are: once seeded, the catalogue belongs to the operator (npm run admin).
 */
export async function seedPlans(db: Kysely<Database>): Promise<number> {
  let inserted = 0;
  for (const brand of Object.values(BRANDS)) {
    for (const plan of brand.plans) {
      const result = await db
        .insertInto('product')
        .values(planRow(brand.partnerId, plan))
        .onConflict((oc) => oc.columns(['partner_id', 'plan_key']).doNothing())
        .executeTakeFirst();
      inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
  }
  return inserted;
}
