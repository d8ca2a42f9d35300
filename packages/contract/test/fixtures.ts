import type { Product } from '../src/entities/subscription.ts';

export const product: Product = {
  id: 'prod_basic',
  name: 'Basic',
  sequence: 1,
  monthly_price: 2.99,
  yearly_price: 29.99,
  monthly_price_id: 'price_m',
  yearly_price_id: 'price_y',
  is_default: false,
  pets_limit: 3,
  documents_limit: 100,
  gps_tracking: false,
  medical: true,
  appointments: true,
  duration: null,
  stripe_id: 'prod_stripe',
  internal_note: null,
};
