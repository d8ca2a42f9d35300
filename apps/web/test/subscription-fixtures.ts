import type { Product, ProductListResponse, PricesResponse } from '@pet/contract';
import { json, makeProduct, type RecordedCall } from './helpers';

/** The standard brand's catalogue as GET /v1/subscription/product/list answers it. */
export const FREE = makeProduct({
  id: 'plan-free',
  name: 'Free',
  sequence: 0,
  monthly_price: 0,
  yearly_price: 0,
  monthly_price_id: null,
  yearly_price_id: null,
  is_default: true,
  pets_limit: 1,
  documents_limit: 5,
  medical: false,
  appointments: false,
  internal_note: 'Default',
});
export const BASIC = makeProduct({ id: 'plan-basic', name: 'Basic', sequence: 1 });
export const PREMIUM = makeProduct({
  id: 'plan-premium',
  name: 'Premium',
  sequence: 2,
  monthly_price: 5.99,
  yearly_price: 59.99,
  monthly_price_id: 'price_premium_m',
  yearly_price_id: 'price_premium_y',
  pets_limit: 10,
  documents_limit: 1000,
  gps_tracking: true,
});
export const PROMO = makeProduct({
  id: 'plan-promo',
  name: 'Promo',
  sequence: 4,
  monthly_price: 0,
  yearly_price: 0,
  monthly_price_id: null,
  yearly_price_id: null,
  pets_limit: 5,
  documents_limit: 1000,
  internal_note: 'Promo',
});

export function productList(data: Product[] = [FREE, BASIC, PREMIUM], orderPlaced: string | null = null) {
  return (): Response => json({ data, order_placed: orderPlaced } satisfies ProductListResponse);
}

export function prices(overrides: Partial<PricesResponse> = {}): PricesResponse {
  return {
    total_price_discounted: 29.99,
    other_price: 29.99,
    tracker_price: 0,
    discount: 0,
    proration: 0,
    order_placed: null,
    ...overrides,
  };
}

export function bodyOf(call: RecordedCall | undefined): Record<string, unknown> {
  return JSON.parse(call?.body ?? '{}') as Record<string, unknown>;
}

export function formOf(call: RecordedCall | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(call?.body ?? ''));
}

export function queryOf(call: RecordedCall | undefined): URLSearchParams {
  return new URL(call?.url ?? '', 'http://localhost').searchParams;
}
