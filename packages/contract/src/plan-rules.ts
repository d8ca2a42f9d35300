import type { PayType } from './entities/subscription.ts';

// Without zod, apart from types: the signed-in shell's account menu reads the promo marker on
// every first visit, and the contract's schemas are not part of that visit (apps/web/vite.config.ts).

/** The operator's internal note that marks a promo plan (the dog brand's promo plan). */
export const PROMO_NOTE = 'Promo';

export function isPromoPlan(plan: { internal_note: string | null }): boolean {
  return plan.internal_note === PROMO_NOTE;
}

/** What the downgrade rule reads of a plan (the web has contract products, the server rows). */
export interface DowngradePlanFacts {
  id: string;
  is_default: boolean;
  sequence: number;
  /** Months, in the brand that sells plans by duration; null elsewhere. */
  duration: number | null;
  yearly_price_cents: number;
  monthly_price_id: string | null;
  yearly_price_id: string | null;
}

export interface DowngradeTarget<Plan> {
  plan: Plan;
  /** The price id POST /v1/subscription/downgrade takes. */
  priceId: string;
  /** The interval that price id bills. */
  payType: PayType;
}

/**
 * The plans a user may downgrade to (account-area section 4): not the current or a free plan, a
 * yearly price above 0, and a price (tracker brand: a duration) not above the active one and a
 * lower sequence. The price id is the monthly one only when the user pays monthly and the target's
 * sequence is above 2, else the yearly one. The server enforces it; the web shows the same plans.
 */
export function downgradeTargets<Plan>(
  current: Plan,
  currentPayType: PayType | null,
  plans: readonly Plan[],
  factsOf: (plan: Plan) => DowngradePlanFacts,
): DowngradeTarget<Plan>[] {
  const active = factsOf(current);
  const targets: DowngradeTarget<Plan>[] = [];
  for (const plan of plans) {
    const facts = factsOf(plan);
    if (facts.id === active.id || facts.is_default || facts.yearly_price_cents <= 0) continue;
    const lower =
      active.duration !== null && facts.duration !== null
        ? facts.duration <= active.duration
        : facts.yearly_price_cents <= active.yearly_price_cents && facts.sequence < active.sequence;
    if (!lower) continue;
    if (currentPayType === 'monthly' && facts.sequence > 2 && facts.monthly_price_id) {
      targets.push({ plan, priceId: facts.monthly_price_id, payType: 'monthly' });
    } else if (facts.yearly_price_id) {
      targets.push({ plan, priceId: facts.yearly_price_id, payType: 'yearly' });
    }
  }
  return targets;
}
