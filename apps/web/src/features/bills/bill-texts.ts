import type { TFunction } from '@/lib/translator';
import { billingIntervalOf, type Order } from '@pet/contract';

/** The bill period column: the dates the order pays for, or the interval when there are none. */
export function billPeriod(order: Order): string {
  if (order.period_start && order.period_end) return `${order.period_start} – ${order.period_end}`;
  return order.period_start ?? '';
}

/** Monthly / yearly / every 2 years under the period (the order's billing interval). */
export function intervalLabel(order: Order, t: TFunction): string | null {
  return order.type
    ? t(`bills.interval.${billingIntervalOf(order.period_months ?? null, order.type)}`)
    : null;
}
