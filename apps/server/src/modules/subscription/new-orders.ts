import { createHash, randomBytes } from 'node:crypto';
import type { BrandConfig } from '@pet/contract';

/* What every new order (a purchase or a renewal attempt) starts with, and its numbers. */

/** What a new order does not have until it is paid (or fails). */
export const NOT_YET_PAID = {
  period_end: null,
  invoice_number: null,
  invoice_seq: null,
  paid_at: null,
  failure_code: null,
  failure_message: null,
} as const;

export const newOrderNumber = (brand: BrandConfig, now: Date) =>
  `${brand.seller.invoicePrefix}-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(4).toString('hex').toUpperCase()}`;

/** A stable UUID for a key: the same renewal attempt always gets the same order id. */
export function uuidFromKey(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const invoiceNumberOf = (brand: BrandConfig, seq: number, paidAt: Date) =>
  `${brand.seller.invoicePrefix}-${paidAt.getUTCFullYear()}-${String(seq).padStart(6, '0')}`;
