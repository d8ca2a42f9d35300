import {
  DIRECT_TERMINATION_MAX_SEQUENCE,
  downgradeTargets as allowedDowngrades,
  epochSecondsToDate,
  isAccountMenuItemVisible,
  isPromoPlan,
  periodLastDay,
  sellerDate,
  type BrandConfig,
  type CancelAtResponse,
  type DowngradeTarget as PlanDowngradeTarget,
  type PayType,
  type Product,
  type UserInfo,
} from '@pet/contract';
import { currentPayType, type PlanCardState } from '../plan-rules';

/**
 * The rules of the cancel page (account-area sections 2 and 4: cancel entry, plan cards in
 * cancel/downgrade modes), pure so the page and the tests name every case. The downgrade targets
 * are the contract's rule (packages/contract plan-rules.ts), which the server enforces.
 */

export const CANCEL_PATH = '/my-account/cancel-subscription';
export const CANCEL_SUCCESS_PATH = '/my-account/cancel-subscription/successful';
export const PROCESS_PARAM = 'process';

/** The spec's values of ?process= (their spelling is the spec's). */
export const CANCEL_PROCESSES = ['downgrade', 'confirm_Termination', 'cancel_Termination'] as const;
export type CancelProcess = (typeof CANCEL_PROCESSES)[number];

export function parseProcess(value: string | null | undefined): CancelProcess | null {
  return value && (CANCEL_PROCESSES as readonly string[]).includes(value) ? (value as CancelProcess) : null;
}

/** /my-account/cancel-subscription, with ?process= when given. */
export function cancelPath(process?: CancelProcess | null): string {
  return process
    ? `${CANCEL_PATH}?${new URLSearchParams({ [PROCESS_PARAM]: process }).toString()}`
    : CANCEL_PATH;
}

/** From this sequence on (and not promo) the entry offers the choice: downgrade or cancel. */
export const CHOICE_MIN_SEQUENCE = 2;
/** In cancel mode the plans of this sequence or lower show as what the account changes to. */
export const CANCEL_MODE_DOWNGRADING_MAX_SEQUENCE = 1;

type CancelUser = Pick<
  UserInfo,
  | 'name'
  | 'product'
  | 'is_promo'
  | 'is_gift'
  | 'is_trial'
  | 'trial_months'
  | 'stripe_price_id'
  | 'stripe_subscription_end'
  | 'downgrading'
  | 'tracker_ids'
>;

/**
 * The brands and plans whose menu hides Cancel subscription (the dog brand's promo plan) do not
 * offer the page by URL either.
 */
export function isCancelPageHidden(brand: BrandConfig, user: Pick<UserInfo, 'product'>): boolean {
  return !isAccountMenuItemVisible(brand, 'cancelSubscription', user.product?.internal_note);
}

/** A free (default) plan, or none at all, cannot be cancelled. */
export function isFreeAccount(user: Pick<UserInfo, 'product'>): boolean {
  return !user.product || user.product.is_default;
}

export type CancelEntry = CancelProcess | 'choice';

/**
 * The entry without ?process= that needs no status call: in a brand with direct termination (the
 * dog brand, up to sequence 2) such a plan goes straight to confirm_Termination. null: ask the
 * status first (cancelEntry).
 */
export function directEntry(
  brand: Pick<BrandConfig, 'id'>,
  user: Pick<UserInfo, 'product'>,
): CancelProcess | null {
  const maxSequence = DIRECT_TERMINATION_MAX_SEQUENCE[brand.id];
  if (maxSequence !== undefined && (user.product?.sequence ?? 0) <= maxSequence) return 'confirm_Termination';
  return null;
}

/**
 * The cancel entry (account-area section 4): a pending termination opens cancel_Termination;
 * otherwise users with sequence 2 or more and not promo stay on the choice page, the others go
 * to confirm_Termination.
 */
export function cancelEntry(
  brand: Pick<BrandConfig, 'id'>,
  user: Pick<UserInfo, 'product' | 'is_promo'>,
  status: CancelAtResponse['status'],
): CancelEntry {
  const direct = directEntry(brand, user);
  if (direct) return direct;
  if (status === 'cancel') return 'cancel_Termination';
  if ((user.product?.sequence ?? 0) >= CHOICE_MIN_SEQUENCE && !user.is_promo) return 'choice';
  return 'confirm_Termination';
}

/** The family name: the last word of the name (the revoke message names it). */
export function familyName(name: string): string {
  return name.trim().split(/\s+/).at(-1) ?? '';
}

/** The end of the current term (epoch seconds from myinfo, times 1000), or null. */
export function termEnd(user: Pick<UserInfo, 'stripe_subscription_end'>): Date | null {
  return user.stripe_subscription_end ? epochSecondsToDate(user.stripe_subscription_end) : null;
}

/**
 * The term's last day as screens show it (dd.MM.yyyy): the day before the instant the term ends,
 * by the one rule that invoices and mails use (packages/contract periods.ts).
 */
export function lastDayOf(end: Date | null): string | null {
  return end ? periodLastDay(end) : null;
}

/** The day the next plan (renewal, downgrade, the free plan) starts: the day the term ends at. */
export function nextDayOf(end: Date | null): string | null {
  return end ? sellerDate(end) : null;
}

/** The pending downgrade's first day: the day the server computed (its mail says the same). */
export function downgradeStartDay(
  user: Pick<UserInfo, 'downgrading' | 'stripe_subscription_end'>,
): string | null {
  return (user.downgrading && user.downgrading.starts_on) || nextDayOf(downgradeEnd(user));
}

/** When the pending downgrade takes effect: its own date, else the end of the term. */
export function downgradeEnd(user: Pick<UserInfo, 'downgrading' | 'stripe_subscription_end'>): Date | null {
  if (user.downgrading && user.downgrading.date) return epochSecondsToDate(user.downgrading.date);
  return termEnd(user);
}

/**
 * Gift, promo and free users cannot downgrade (the popup), nor can plans that were not bought
 * (attached by a code: no price to change). The server refuses them with 403 as well.
 */
export function isDowngradeBlocked(
  user: Pick<UserInfo, 'product' | 'is_gift' | 'is_promo' | 'stripe_price_id'>,
): boolean {
  return isFreeAccount(user) || user.is_gift || user.is_promo || !user.stripe_price_id;
}

export type DowngradeTarget = PlanDowngradeTarget<Product>;

/** A product as the contract's downgrade rule reads it (prices in cents). */
const downgradeFactsOf = (plan: Product) => ({
  ...plan,
  yearly_price_cents: Math.round(plan.yearly_price * 100),
});

/** The plans a user may downgrade to: the contract's rule (downgradeTargets), for products. */
export function downgradeTargets(
  current: Product,
  currentInterval: PayType | null,
  plans: readonly Product[],
): DowngradeTarget[] {
  return allowedDowngrades(current, currentInterval, plans, downgradeFactsOf);
}

/** The downgrade targets of the signed-in user (none without a plan). */
export function downgradeTargetsOf(user: CancelUser, plans: readonly Product[]): DowngradeTarget[] {
  return user.product ? downgradeTargets(user.product, currentPayType(user), plans) : [];
}

export interface ManagedCard {
  plan: Product;
  state: PlanCardState;
  /** The interval the card shows (the one the downgrade would bill). */
  payType: PayType | null;
}

const byOrder = (a: Product, b: Product) => a.sequence - b.sequence || a.name.localeCompare(b.name);

/**
 * downgrade mode: the allowed lower plans (Downgrade) and the pending target (Order in progress,
 * starting the day after the end date) next to the current plan, whose button is disabled.
 */
export function downgradeModeCards(user: CancelUser, plans: readonly Product[]): ManagedCard[] {
  const current = user.product;
  if (!current) return [];
  const targets = downgradeTargetsOf(user, plans);
  const pending = user.downgrading ? user.downgrading.product : null;
  const cards: ManagedCard[] = [];
  for (const plan of [...plans].sort(byOrder)) {
    if (plan.id === current.id) {
      cards.push({
        plan,
        state: { kind: 'current', trialMonths: user.is_trial ? (user.trial_months ?? 0) : null },
        payType: currentPayType(user),
      });
      continue;
    }
    const target = targets.find((candidate) => candidate.plan.id === plan.id);
    if (pending && pending.id === plan.id) {
      cards.push({
        plan,
        state: { kind: 'downgrading', startDate: downgradeStartDay(user), next: true },
        payType: target?.payType ?? null,
      });
    } else if (target) {
      cards.push({ plan, state: { kind: 'downgrade' }, payType: target.payType });
    }
  }
  return cards;
}

/**
 * cancel_Termination mode: the current plan offers Cancel termination (revoke); the plans of
 * sequence 1 or lower show as downgrading, the free plan with the day after the end date.
 */
export function cancelModeCards(user: CancelUser, plans: readonly Product[]): ManagedCard[] {
  const current = user.product;
  if (!current) return [];
  const startDate = nextDayOf(termEnd(user));
  return [...plans]
    .sort(byOrder)
    .filter(
      (plan) =>
        plan.id === current.id ||
        (plan.sequence <= CANCEL_MODE_DOWNGRADING_MAX_SEQUENCE && !isPromoPlan(plan)),
    )
    .map((plan) =>
      plan.id === current.id
        ? { plan, state: { kind: 'revoke' } as const, payType: currentPayType(user) }
        : {
            plan,
            // The account changes to the free plan; the other plans of sequence 1 or lower are
            // only not orderable while the termination is pending.
            state: { kind: 'downgrading', startDate, next: plan.is_default } as const,
            payType: null,
          },
    );
}
