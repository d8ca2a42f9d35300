import { describe, expect, it, vi } from 'vitest';
import type { PaymentIntentResult, Stripe } from '@stripe/stripe-js';
import { CARD_ERROR_KEYS } from '@pet/contract';
import { createI18n } from '@/lib/i18n';
import { cardErrorText } from '@/features/subscription/payment/card-errors';
import {
  cardErrors,
  cardNumberError,
  cvcError,
  expiryError,
  formatCardNumber,
  formatExpiry,
  formatIban,
  ibanError,
  luhnValid,
} from '@/features/subscription/payment/card-validation';
import { resultOfAnswer, sandboxConfirmBody } from '@/features/subscription/payment/sandbox-confirm';
import { confirmWithStripe, stripeBillingDetails } from '@/features/subscription/payment/stripe-confirm';
import { paymentIntentIdOf, type ConfirmPaymentInput } from '@/features/subscription/payment/types';

/** The check date of the expiry tests: 15 June 2026. */
const NOW = new Date(2026, 5, 15);

describe('card number', () => {
  it('is incomplete until the length of its brand', () => {
    expect(cardNumberError('')).toBe('incomplete_number');
    expect(cardNumberError('4242 4242')).toBe('incomplete_number');
    expect(cardNumberError('4242 4242 4242 424')).toBe('incomplete_number');
    // American Express has 15 digits, Diners Club 14.
    expect(cardNumberError('3782 822463 1000')).toBe('incomplete_number');
    expect(cardNumberError('3056 9309 0259 0')).toBe('incomplete_number');
  });

  it('is invalid when the Luhn checksum fails or it is too long', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardNumberError('4242 4242 4242 4241')).toBe('invalid_number');
    expect(cardNumberError('3782 822463 10006')).toBe('invalid_number');
    expect(cardNumberError('4242 4242 4242 4242 4242')).toBe('invalid_number');
  });

  it("accepts Stripe's test cards", () => {
    for (const number of [
      '4242424242424242',
      '4000000000000002',
      '4000002500003155',
      '378282246310005',
      '5555555555554444',
    ]) {
      expect(cardNumberError(number)).toBeNull();
    }
  });

  it('is shown in groups of four (American Express 4-6-5)', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42a42 4')).toBe('4242 4');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });
});

describe('expiry date', () => {
  it('is incomplete without month and year', () => {
    expect(expiryError('', NOW)).toBe('incomplete_expiry');
    expect(expiryError('12', NOW)).toBe('incomplete_expiry');
    expect(expiryError('12 / 3', NOW)).toBe('incomplete_expiry');
  });

  it('refuses a year in the past with invalid_expiry_year_past', () => {
    expect(expiryError('12 / 25', NOW)).toBe('invalid_expiry_year_past');
    expect(expiryError('01/20', NOW)).toBe('invalid_expiry_year_past');
  });

  it("uses Stripe's other codes for a bad month, a past month and a far year", () => {
    expect(expiryError('13 / 30', NOW)).toBe('invalid_expiry_month');
    expect(expiryError('00 / 30', NOW)).toBe('invalid_expiry_month');
    expect(expiryError('05 / 26', NOW)).toBe('invalid_expiry_month_past');
    expect(expiryError('06 / 26', NOW)).toBeNull();
    expect(expiryError('12 / 99', NOW)).toBe('invalid_expiry_year');
  });

  it('is typed as MM / YY', () => {
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('12/345')).toBe('12 / 34');
  });
});

describe('CVC', () => {
  it('needs 3 digits, 4 for American Express', () => {
    expect(cvcError('', '4242424242424242')).toBe('incomplete_cvc');
    expect(cvcError('12', '4242424242424242')).toBe('incomplete_cvc');
    expect(cvcError('123', '4242424242424242')).toBeNull();
    expect(cvcError('123', '378282246310005')).toBe('incomplete_cvc');
    expect(cvcError('1234', '378282246310005')).toBeNull();
  });

  it('are checked together', () => {
    expect(cardErrors({ number: '4242', expiry: '', cvc: '1' }, NOW)).toEqual({
      number: 'incomplete_number',
      expiry: 'incomplete_expiry',
      cvc: 'incomplete_cvc',
    });
    expect(cardErrors({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' }, NOW)).toEqual({});
  });
});

describe('IBAN', () => {
  it('is incomplete while empty or shorter than its country needs', () => {
    expect(ibanError('')).toBe('incomplete_iban');
    expect(ibanError('D')).toBe('incomplete_iban');
    expect(ibanError('DE89 3704 0044')).toBe('incomplete_iban');
  });

  it('must start with a two-letter country code', () => {
    expect(ibanError('12')).toBe('invalid_iban_start');
    expect(ibanError('1E89370400440532013000')).toBe('invalid_iban_start');
    expect(ibanError('D9')).toBe('invalid_iban_start');
  });

  it('must be of a SEPA country', () => {
    expect(ibanError('XX89370400440532013000')).toBe('invalid_iban_country_code');
    // Brazil has IBANs but is no SEPA country.
    expect(ibanError('BR1800360305000010009795493C1')).toBe('invalid_iban_country_code');
  });

  it('must have a valid checksum', () => {
    expect(ibanError('DE89 3704 0044 0532 0130 00')).toBeNull();
    expect(ibanError('de89370400440532013000')).toBeNull();
    expect(ibanError('AT61 1904 3002 3457 3201')).toBeNull();
    expect(ibanError('DE88 3704 0044 0532 0130 00')).toBe('invalid_iban');
    expect(ibanError('DE89 3704 0044 0532 0130 001')).toBe('invalid_iban');
  });

  it('is shown in groups of four, uppercase', () => {
    expect(formatIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});

describe('card error texts', () => {
  const t = createI18n('en').t;
  const de = createI18n('de').t;

  it('map the spec codes through CARD_ERROR_KEYS', () => {
    for (const [code, key] of Object.entries(CARD_ERROR_KEYS)) {
      expect(cardErrorText(t, { code })).toBe(t(key));
    }
    expect(cardErrorText(t, { code: 'incomplete_number', message: 'ignored' })).toBe(
      'Your card number is incomplete.',
    );
    expect(cardErrorText(de, { code: 'invalid_iban_start' })).toBe(
      'Eine IBAN muss mit einem zweistelligen Ländercode beginnen.',
    );
  });

  it("show the provider's own message for any other code", () => {
    expect(cardErrorText(t, { code: 'card_declined', message: 'Your card was declined.' })).toBe(
      'Your card was declined.',
    );
    expect(cardErrorText(de, { code: 'invalid_iban' })).toBe('Die eingegebene IBAN ist ungültig.');
    expect(cardErrorText(t, { code: '' })).toMatch(/could not be completed/);
  });
});

const input: ConfirmPaymentInput = {
  secret: 'pi_123_secret_abc',
  method: 'card',
  billing: {
    name: 'Anna Muster',
    email: 'anna@example.com',
    address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
  },
  returnUrl: 'http://localhost:3000/my-account/subscription/successful?order_id=o1',
};

describe('sandbox confirmation', () => {
  it('reads the payment intent id from the secret', () => {
    expect(paymentIntentIdOf('pi_3Abc_secret_xyz')).toBe('pi_3Abc');
  });

  it("sends Stripe.js's form body for a card", () => {
    const body = Object.fromEntries(
      sandboxConfirmBody({
        ...input,
        publishableKey: 'pk_test',
        card: { number: '4242 4242 4242 4242', expiry: '04 / 30', cvc: '123' },
      }),
    );
    expect(body).toEqual({
      client_secret: 'pi_123_secret_abc',
      return_url: input.returnUrl,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
      'payment_method_data[card][exp_month]': '4',
      'payment_method_data[card][exp_year]': '2030',
      'payment_method_data[card][cvc]': '123',
      'payment_method_data[billing_details][name]': 'Anna Muster',
      'payment_method_data[billing_details][email]': 'anna@example.com',
      'payment_method_data[billing_details][address][line1]': 'Hauptstraße 1',
      'payment_method_data[billing_details][address][city]': 'Berlin',
      'payment_method_data[billing_details][address][postal_code]': '10115',
      'payment_method_data[billing_details][address][country]': 'DE',
    });
  });

  it('sends the IBAN and the online mandate for SEPA', () => {
    const body = Object.fromEntries(
      sandboxConfirmBody({
        ...input,
        method: 'sepa_debit',
        publishableKey: null,
        iban: 'de89 3704 0044 0532 0130 00',
      }),
    );
    expect(body['payment_method_data[type]']).toBe('sepa_debit');
    expect(body['payment_method_data[sepa_debit][iban]']).toBe('DE89370400440532013000');
    expect(body['mandate_data[customer_acceptance][type]']).toBe('online');
    expect(body['payment_method_data[card][number]']).toBeUndefined();
  });

  it('reads the answers: succeeded, processing, 3-D Secure, 402 card error', () => {
    expect(resultOfAnswer(200, { object: 'payment_intent', status: 'succeeded' })).toEqual({
      status: 'succeeded',
    });
    expect(resultOfAnswer(200, { status: 'processing' })).toEqual({ status: 'processing' });
    expect(
      resultOfAnswer(200, {
        status: 'requires_action',
        next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'http://x/3ds' } },
      }),
    ).toEqual({ status: 'redirect', url: 'http://x/3ds' });
    expect(
      resultOfAnswer(402, {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      }),
    ).toEqual({
      status: 'failed',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(
      resultOfAnswer(200, {
        status: 'requires_payment_method',
        last_payment_error: { code: 'expired_card', message: 'Your card has expired.' },
      }),
    ).toEqual({
      status: 'failed',
      code: 'expired_card',
      declineCode: null,
      message: 'Your card has expired.',
    });
  });
});

describe('Stripe mode confirmation (Stripe.js mocked: its servers are unreachable here)', () => {
  const intent = (status: string) =>
    ({
      paymentIntent: { status, next_action: null, last_payment_error: null },
    }) as unknown as PaymentIntentResult;

  it('confirms a card with the card element and the billing details', async () => {
    const confirmCardPayment = vi.fn(async () => intent('succeeded'));
    const stripe = { confirmCardPayment, confirmSepaDebitPayment: vi.fn() } as unknown as Stripe;
    const card = { type: 'card' };
    const result = await confirmWithStripe(stripe, { card: card as never, iban: null }, input);
    expect(result).toEqual({ status: 'succeeded' });
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_abc', {
      payment_method: { card, billing_details: stripeBillingDetails(input.billing) },
      return_url: input.returnUrl,
    });
  });

  it('confirms SEPA with the IBAN element; a Stripe error becomes a failed result', async () => {
    const confirmSepaDebitPayment = vi.fn(async () => intent('processing'));
    const stripe = { confirmCardPayment: vi.fn(), confirmSepaDebitPayment } as unknown as Stripe;
    const iban = { type: 'iban' };
    expect(
      await confirmWithStripe(
        stripe,
        { card: null, iban: iban as never },
        { ...input, method: 'sepa_debit' },
      ),
    ).toEqual({ status: 'processing' });
    expect(confirmSepaDebitPayment).toHaveBeenCalledWith('pi_123_secret_abc', {
      payment_method: { sepa_debit: iban, billing_details: stripeBillingDetails(input.billing) },
      return_url: input.returnUrl,
    });

    const declined = {
      confirmCardPayment: vi.fn(async () => ({
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Declined.',
        },
      })),
    } as unknown as Stripe;
    expect(await confirmWithStripe(declined, { card: {} as never, iban: null }, input)).toEqual({
      status: 'failed',
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Declined.',
    });
  });

  it('leaves empty address parts out of the billing details', () => {
    expect(
      stripeBillingDetails({
        name: 'A',
        email: 'a@b.de',
        address: { line1: '', city: '', postal_code: '', country: '' },
      }),
    ).toEqual({ name: 'A', email: 'a@b.de' });
  });
});
