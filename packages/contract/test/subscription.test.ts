import { describe, it, expect } from 'vitest';
import {
  activationResponseSchema,
  cancelAtResponseSchema,
  cancelResponseSchema,
  changeApplyBodySchema,
  couponCheckBodySchema,
  couponCheckResponseSchema,
  downgradeBodySchema,
  orderSchema,
  partnerIdQuerySchema,
  paymentMethodResponseSchema,
  paymentRequestBodySchema,
  paymentRequestResponseSchema,
  paymentUpdateSessionBodySchema,
  paymentUpdateSessionResponseSchema,
  pricesBodySchema,
  pricesResponseSchema,
  productListResponseSchema,
  productSchema,
} from '../src/entities/subscription.ts';
import { issuesOf, keysAt, parseOk } from './helpers.ts';
import { product } from './fixtures.ts';

describe('products', () => {
  it('accepts a plan and a free plan without price ids', () => {
    expect(parseOk(productSchema, product)).toEqual(product);
    expect(
      issuesOf(productSchema, {
        ...product,
        monthly_price_id: null,
        yearly_price_id: null,
        monthly_price: 0,
        yearly_price: 0,
      }),
    ).toEqual([]);
  });

  it('checks sequence 0..4, durations 1/12/24 and prices', () => {
    expect(keysAt(productSchema, { ...product, sequence: 5 }, 'sequence')).toHaveLength(1);
    expect(keysAt(productSchema, { ...product, sequence: 1.5 }, 'sequence')).toHaveLength(1);
    for (const duration of [1, 12, 24, null])
      expect(issuesOf(productSchema, { ...product, duration })).toEqual([]);
    expect(keysAt(productSchema, { ...product, duration: 6 }, 'duration')).toHaveLength(1);
    expect(keysAt(productSchema, { ...product, yearly_price: -1 }, 'yearly_price')).toHaveLength(1);
  });

  it('list answer: data and order_placed', () => {
    expect(issuesOf(productListResponseSchema, { data: [product], order_placed: null })).toEqual([]);
    expect(issuesOf(productListResponseSchema, { data: [product], order_placed: 'prod_basic' })).toEqual([]);
    expect(issuesOf(productListResponseSchema, { data: [product] })).toHaveLength(1);
    expect(parseOk(partnerIdQuerySchema, {})).toEqual({});
  });
});

describe('prices and coupons', () => {
  it('prices body and answer', () => {
    expect(issuesOf(pricesBodySchema, { pay_type: 'yearly', product_id: 'p' })).toEqual([]);
    expect(issuesOf(pricesBodySchema, { pay_type: 'Yearly', product_id: 'p' })).toHaveLength(1);
    const answer = {
      total_price_discounted: 29.99,
      other_price: 0,
      tracker_price: 0,
      discount: 0,
      proration: -3.5,
      order_placed: null,
    };
    expect(parseOk(pricesResponseSchema, answer)).toEqual(answer);
    expect(issuesOf(pricesResponseSchema, { total_price_discounted: 1 })).toHaveLength(5);
  });

  it('coupon code is trimmed and uppercased', () => {
    const body = {
      code_name: ' summer10 ',
      email: 'a@b.de',
      duration: 'monthly',
      product_id: 'p',
      coupon_for: 'existing_customer',
    };
    expect(parseOk(couponCheckBodySchema, body).code_name).toBe('SUMMER10');
    expect(keysAt(couponCheckBodySchema, { ...body, code_name: '  ' }, 'code_name')).toEqual([
      'Invalid_Code',
    ]);
    expect(keysAt(couponCheckBodySchema, { ...body, email: 'nope' }, 'email')).toEqual([
      'Email_Format_Error',
    ]);
  });

  it('coupon answer: codes list', () => {
    expect(
      issuesOf(couponCheckResponseSchema, { codes: [{ isvalid: true, coupon_id: 'c1', message: 'ok' }] }),
    ).toEqual([]);
    expect(
      issuesOf(couponCheckResponseSchema, {
        codes: [{ isvalid: false, coupon_id: null, message: 'Coupon not found' }],
      }),
    ).toEqual([]);
    expect(issuesOf(couponCheckResponseSchema, { codes: [{ isvalid: false }] })).toHaveLength(2);
  });
});

describe('payment', () => {
  const request = {
    price_id: 'price_y',
    product_id: 'prod_basic',
    pay_type: 'yearly',
    name: 'Anna',
    email: 'anna@example.com',
    city: 'Berlin',
    country: 'DE',
    phone: '030',
    street: 'Main St 1',
    zipcode: '10115',
    address: 'Main St 1, 10115 Berlin',
  };

  it('payment request: e-mail format only, coupon optional', () => {
    expect(parseOk(paymentRequestBodySchema, request)).toEqual(request);
    expect(issuesOf(paymentRequestBodySchema, { ...request, coupon_id: 'c1', city: '' })).toEqual([]);
    expect(keysAt(paymentRequestBodySchema, { ...request, email: 'anna' }, 'email')).toEqual([
      'Email_Format_Error',
    ]);
    expect(keysAt(paymentRequestBodySchema, { ...request, price_id: '' }, 'price_id')).toHaveLength(1);
  });

  it('payment answer: secret and order_id', () => {
    expect(issuesOf(paymentRequestResponseSchema, { secret: 'pi_secret', order_id: 'o1' })).toEqual([]);
    expect(issuesOf(paymentRequestResponseSchema, { secret: 'pi_secret' })).toHaveLength(1);
  });

  it('payment update session', () => {
    expect(
      issuesOf(paymentUpdateSessionBodySchema, {
        success_url: 'https://x.de/ok',
        cancel_url: 'https://x.de/failed',
      }),
    ).toEqual([]);
    expect(
      issuesOf(paymentUpdateSessionBodySchema, { success_url: '/ok', cancel_url: 'https://x.de/failed' }),
    ).toHaveLength(1);
    expect(
      issuesOf(paymentUpdateSessionResponseSchema, { session_id: 'cs_1', url: 'https://pay.example/cs_1' }),
    ).toEqual([]);
    expect(
      issuesOf(paymentMethodResponseSchema, {
        type: 'sepa_debit',
        last4: '3000',
        brand: null,
        exp_month: null,
        exp_year: null,
      }),
    ).toEqual([]);
    expect(
      issuesOf(paymentMethodResponseSchema, { type: 'card', last4: '4242', brand: 'visa' }),
    ).toHaveLength(2);
  });
});

describe('orders, cancellation, downgrade, activation', () => {
  it('order row', () => {
    const order = {
      id: 'o1',
      order_number: 'PP-0001',
      order_date: '01.01.2024',
      product_name: 'Basic',
      paid_amount_eur_formatted: '29,99 €',
      date: '2024-01-01T10:00:00.000Z',
      type: 'yearly',
      payment_type: 'card',
      invoice_number: 'INV-1',
      invoice_url: null,
      activation_code: null,
      kind: 'purchase',
      period_start: '01.01.2024',
      period_end: '01.01.2025',
      credit_note_number: null,
      credit_note_url: null,
    };
    expect(parseOk(orderSchema, order)).toEqual(order);
    expect(issuesOf(orderSchema, { ...order, payment_type: 'cash' })).toHaveLength(1);
  });

  it('cancel answers', () => {
    expect(parseOk(cancelResponseSchema, { current_phase: { end_date: 1_735_689_600 } })).toEqual({
      current_phase: { end_date: 1_735_689_600 },
    });
    expect(issuesOf(cancelResponseSchema, { current_phase: {} })).toHaveLength(1);
    expect(issuesOf(cancelAtResponseSchema, { status: 'cancel' })).toEqual([]);
    expect(issuesOf(cancelAtResponseSchema, { status: 'later' })).toHaveLength(1);
  });

  it('downgrade and change/apply bodies', () => {
    expect(issuesOf(downgradeBodySchema, { price_id: 'price_m' })).toEqual([]);
    expect(issuesOf(downgradeBodySchema, {})).toHaveLength(1);
    expect(keysAt(changeApplyBodySchema, { activation_code: ' ' }, 'activation_code')).toEqual([
      'Activation_Code_Text_Required',
    ]);
    expect(parseOk(changeApplyBodySchema, { activation_code: ' C1 ', tracker_ids: ['T1'] })).toEqual({
      activation_code: 'C1',
      tracker_ids: ['T1'],
    });
    expect(issuesOf(activationResponseSchema, { message: 'ok', product })).toEqual([]);
    expect(issuesOf(activationResponseSchema, { message: 'ok' })).toEqual([]);
  });
});
