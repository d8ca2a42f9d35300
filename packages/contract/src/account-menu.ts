import type { BrandConfig } from './brands.ts';
import { PROMO_NOTE } from './plan-rules.ts';

// Without zod, apart from types: the signed-in shell reads these on every first visit, and the
// contract's schemas (and zod) are not part of that visit (apps/web/vite.config.ts).

/** The sidebar's My account sub-entries that a brand may hide (account-area section 2, Shell). */
export const ACCOUNT_MENU_ITEMS = [
  'profile',
  'bills',
  'subscription',
  'activateProduct',
  'changePassword',
  'cancelSubscription',
  'deleteAccount',
  'updatePaymentDetails',
  'changeLanguage',
  /** The tracker labels screen: only in brands with GPS trackers (issue 14.21). */
  'trackers',
] as const;
export type AccountMenuItem = (typeof ACCOUNT_MENU_ITEMS)[number];

/** Is a My account entry visible for this brand and user (Cancel subscription hides for promo). */
export function isAccountMenuItemVisible(
  brand: BrandConfig,
  item: AccountMenuItem,
  productInternalNote?: string | null,
): boolean {
  if (brand.hiddenMenuItems.includes(item)) return false;
  if (item === 'trackers' && !brand.tracker.enabled) return false;
  if (item === 'cancelSubscription' && brand.hideCancelForPromo && productInternalNote === PROMO_NOTE)
    return false;
  return true;
}
