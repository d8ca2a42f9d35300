import { isPromoPlan, type BrandConfig, type PayType, type Product, type UserInfo } from '@pet/contract';

/**
 * The rules of the plan cards and the payment step (account-area sections 2, 4, 9), pure so the
 * cards, the payment step and the checkout page agree and the tests can name every case.
 */

type PlanUser = Pick<
  UserInfo,
  | 'product'
  | 'stripe_price_id'
  | 'is_promo'
  | 'is_trial'
  | 'trial_months'
  | 'tracker_ids'
  | 'tracker_owned'
  | 'downgrading'
>;

/** A plan nobody pays for: the default plan, or one without any price. */
export function isFreePlan(plan: Product): boolean {
  return plan.is_default || (plan.monthly_price === 0 && plan.yearly_price === 0);
}

/** The intervals a plan can be bought with: a price above 0 and its price id. */
export function payTypesOf(plan: Product): PayType[] {
  const types: PayType[] = [];
  if (plan.monthly_price > 0 && plan.monthly_price_id) types.push('monthly');
  if (plan.yearly_price > 0 && plan.yearly_price_id) types.push('yearly');
  return types;
}

/** Yearly when the plan has a yearly price (account-area section 2, payment step), else monthly. */
export function defaultPayType(plan: Product): PayType {
  const types = payTypesOf(plan);
  if (types.includes('yearly')) return 'yearly';
  if (types.includes('monthly')) return 'monthly';
  return plan.yearly_price > 0 ? 'yearly' : 'monthly';
}

/** The interval asked for when the plan offers it, else the plan's default. */
export function effectivePayType(plan: Product, wanted: PayType | null | undefined): PayType {
  return wanted && payTypesOf(plan).includes(wanted) ? wanted : defaultPayType(plan);
}

/** Monthly/Yearly choice: both prices above 0 (with their ids) and a brand that offers it. */
export function hasIntervalChoice(plan: Product, brand: Pick<BrandConfig, 'intervalChoice'>): boolean {
  return brand.intervalChoice && payTypesOf(plan).length === 2;
}

export function priceOf(plan: Product, payType: PayType): number {
  return payType === 'monthly' ? plan.monthly_price : plan.yearly_price;
}

export function priceIdOf(plan: Product, payType: PayType): string | null {
  return payType === 'monthly' ? plan.monthly_price_id : plan.yearly_price_id;
}

/** The months one period of the plan lasts (the server's pricing.planPrice says the same). */
export function periodMonthsOf(plan: Pick<Product, 'duration'>, payType: PayType): number {
  return plan.duration ?? (payType === 'monthly' ? 1 : 12);
}

/** The suffix of a price: per month, per year, or per two years for the tracker's 24-month plan. */
export type PriceSuffix = 'perMonth' | 'perYear' | 'perTwoYears';

export function priceSuffix(plan: Pick<Product, 'duration'>, payType: PayType): PriceSuffix {
  if (payType === 'monthly') return 'perMonth';
  return plan.duration === 24 ? 'perTwoYears' : 'perYear';
}

/** The interval of the user's current subscription: stripe_price_id against the plan's ids. */
export function currentPayType(user: PlanUser | null): PayType | null {
  const product = user?.product;
  if (!product || !user.stripe_price_id) return null;
  if (user.stripe_price_id === product.monthly_price_id) return 'monthly';
  if (user.stripe_price_id === product.yearly_price_id) return 'yearly';
  return null;
}

/**
 * The cards a user sees, in plan order (the tracker brand by duration): a promo user the promo
 * card and the plans with medical data; everyone else every plan but the promo ones (their own
 * plan is always among them).
 */
export function visiblePlans(
  plans: readonly Product[],
  user: PlanUser | null,
  brand: Pick<BrandConfig, 'tracker'>,
): Product[] {
  const currentId = user?.product?.id;
  const shown = plans.filter((plan) => {
    if (plan.id === currentId) return true;
    if (user?.is_promo) return isPromoPlan(plan) || plan.medical;
    return !isPromoPlan(plan);
  });
  const order = (plan: Product) =>
    brand.tracker.enabled ? (plan.duration ?? 0) * 10 + plan.sequence : plan.sequence;
  return shown.sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name));
}

export type PlanCardState =
  /**
   * The user's plan (in a trial: with its months). `switchTo`: the interval the card offers to
   * change to (monthly to yearly of the same plan, issue 33.4), else null.
   */
  | { kind: 'current'; trialMonths: number | null; switchTo?: PayType | null }
  /** An order for this plan is placed and not yet paid. */
  | { kind: 'ordered' }
  /** Another plan's order is under way. */
  | { kind: 'orderInProgress' }
  | { kind: 'free' }
  /** No price ids: cannot be bought here. */
  | { kind: 'unavailable' }
  | { kind: 'choose' }
  // The cancel page's modes (account-area section 4, plan cards in cancel/downgrade modes):
  /** A lower plan the user may downgrade to (Downgrade button). */
  | { kind: 'downgrade' }
  /**
   * Downgrading (Order in progress): a pending downgrade's plan, or in cancel mode the plans of
   * sequence 1 or lower. `next` marks the plan the account actually changes to (the downgrade's
   * target, the free plan after a termination): it shows the start date, dd.MM.yyyy (the day
   * after the term ends).
   */
  | { kind: 'downgrading'; startDate: string | null; next: boolean }
  /** The current plan while a termination is pending: it offers Cancel termination. */
  | { kind: 'revoke' };

/**
 * The interval change the current plan's card offers: a user paying the plan monthly may switch
 * to its yearly price (to save money) where the brand offers the interval choice; the server
 * credits the unused rest of the month. Yearly to monthly is not offered: the year's credit is
 * larger than a month's price (the server refuses it as a negative proration).
 */
export function intervalChangeOf(
  plan: Product,
  user: PlanUser | null,
  brand: Pick<BrandConfig, 'intervalChoice'>,
): PayType | null {
  if (!brand.intervalChoice || user?.product?.id !== plan.id) return null;
  if (currentPayType(user) !== 'monthly' || !payTypesOf(plan).includes('yearly')) return null;
  return 'yearly';
}

export function planCardState(
  plan: Product,
  user: PlanUser | null,
  orderPlaced: string | null,
  /** Given, the current plan's card offers its interval change (the subscription page). */
  brand?: Pick<BrandConfig, 'intervalChoice'>,
): PlanCardState {
  if (user?.product?.id === plan.id) {
    return {
      kind: 'current',
      trialMonths: user.is_trial ? (user.trial_months ?? 0) : null,
      ...(brand ? { switchTo: orderPlaced ? null : intervalChangeOf(plan, user, brand) } : {}),
    };
  }
  if (orderPlaced && orderPlaced === plan.id) return { kind: 'ordered' };
  if (orderPlaced) return { kind: 'orderInProgress' };
  // A pending downgrade is scheduled, not an order in progress (that wording is for open orders).
  if (user?.downgrading && user.downgrading.product.id === plan.id) {
    return { kind: 'downgrading', startDate: null, next: true };
  }
  if (isFreePlan(plan)) return { kind: 'free' };
  if (payTypesOf(plan).length === 0) return { kind: 'unavailable' };
  return { kind: 'choose' };
}

export function isChoosable(state: PlanCardState): boolean {
  return state.kind === 'choose';
}

/** The user's own plan: highlighted, with the interval they pay (also while it is terminated). */
export function isCurrentState(state: PlanCardState | null | undefined): boolean {
  return state?.kind === 'current' || state?.kind === 'revoke';
}

/** States whose button does something: buying, downgrading, revoking a termination. */
export function isActionable(state: PlanCardState): boolean {
  return state.kind === 'choose' || state.kind === 'downgrade' || state.kind === 'revoke';
}

/** Why a plan asked for in the URL cannot be bought (a catalogue key), or null when it can. */
export function unavailableReasonKey(state: PlanCardState): string | null {
  switch (state.kind) {
    case 'choose':
      return null;
    case 'current':
      return 'Already_Current_Plan_Text';
    case 'ordered':
    case 'orderInProgress':
      return 'Order_Already_Placed_Message';
    default:
      return 'Invalid_Price_Text';
  }
}

/**
 * The tracker's one-time price applies to a (future) user without a tracker: one registered or
 * paid for with an order (myinfo's tracker_owned) is owned and never offered again.
 */
export function trackerOneTimePrice(brand: Pick<BrandConfig, 'tracker'>, user: PlanUser | null): number {
  if (!brand.tracker.enabled || brand.tracker.oneTimePrice <= 0) return 0;
  return user && (user.tracker_owned || user.tracker_ids.length > 0) ? 0 : brand.tracker.oneTimePrice;
}
