import { useEffect, type ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DECLINE_TEXTS } from '@pet/contract';
import { installFakeApi, json, locationOf, makeConfig, makeUser, renderApp } from './helpers';
import { enter } from './identity-helpers';
import { FREE, prices, productList } from './subscription-fixtures';

/**
 * Stripe mode cannot reach Stripe's servers here: Stripe.js and React Stripe.js are mocked. The
 * fake Elements render a plain input per element that reports `complete` like Stripe's iframe does.
 */
const stripe = vi.hoisted(() => ({
  confirmCardPayment: vi.fn(),
  confirmSepaDebitPayment: vi.fn(),
  loadStripe: vi.fn(),
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));

vi.mock('@stripe/react-stripe-js', () => {
  const elements = new Map<string, object>();
  const fakeElement =
    (type: 'card' | 'iban') =>
    ({
      onChange,
    }: {
      onChange?: (event: { complete: boolean; error?: { code: string; message: string } }) => void;
    }) => {
      useEffect(() => {
        elements.set(type, { type });
      }, []);
      return (
        <input
          aria-label={`stripe ${type}`}
          onChange={(event) =>
            onChange?.(
              event.target.value === 'bad'
                ? { complete: false, error: { code: 'invalid_number', message: 'Stripe: invalid' } }
                : { complete: event.target.value.length > 3 },
            )
          }
        />
      );
    };
  const CardElement = fakeElement('card');
  const IbanElement = fakeElement('iban');
  return {
    Elements: ({ children }: { children: ReactNode }) => <div data-testid="stripe-elements">{children}</div>,
    CardElement,
    IbanElement,
    useStripe: () => stripe,
    useElements: () => ({
      getElement: (component: unknown) => elements.get(component === CardElement ? 'card' : 'iban') ?? null,
    }),
  };
});

beforeEach(() => {
  stripe.loadStripe.mockResolvedValue(stripe);
  stripe.confirmCardPayment.mockReset();
  stripe.confirmSepaDebitPayment.mockReset();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function setup() {
  const config = makeConfig();
  config.payments = { provider: 'stripe', publishableKey: 'pk_live_123', sepaPrenotificationDays: 5 };
  return installFakeApi({
    user: makeUser({
      product: FREE,
      city: 'Berlin',
      zipcode: '10115',
      address_1: 'Hauptstraße 1',
      country: 'DE',
    }),
    routes: {
      'GET /v1/config': () => json(config),
      'GET /v1/subscription/product/list': productList(),
      'POST /v1/subscription/prices': () =>
        json(prices({ other_price: 59.99, total_price_discounted: 59.99 })),
      'POST /v1/subscription/change/request': () => json({ secret: 'pi_9_secret_x', order_id: 'order-9' }),
      'DELETE /v1/order/delete': () => json({ message: 'deleted' }),
      'GET /v1/order/status': () =>
        json({
          id: 'order-9',
          status: 'paid',
          product_id: 'plan-premium',
          product_name: 'Premium',
          payment_type: 'card',
        }),
    },
  });
}

describe('Stripe mode (Stripe.js mocked)', () => {
  it('loads Stripe lazily with the publishable key and confirms the card element with the billing details', async () => {
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const api = setup();
    const { user, router } = renderApp('/my-account/subscription?product_id=plan-premium&pay_type=yearly');
    await screen.findByTestId('price-summary');
    await screen.findByTestId('stripe-elements');
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_live_123');
    expect(screen.queryByRole('textbox', { name: /^Card number/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Test mode: no real payment')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Order with obligation to pay' }));
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/subscription/change/request')).toHaveLength(0);

    await enter(user, screen.getByRole('textbox', { name: 'stripe card' }), '4242');
    await user.click(screen.getByRole('button', { name: 'Order with obligation to pay' }));
    await waitFor(() =>
      expect(locationOf(router)).toBe('/my-account/subscription/successful?order_id=order-9'),
    );
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_9_secret_x', {
      payment_method: {
        card: { type: 'card' },
        billing_details: {
          name: 'Anna Muster',
          email: 'anna@example.com',
          address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
        },
      },
      return_url: 'http://localhost:3000/my-account/subscription/successful?order_id=order-9',
    });
  });

  it('deletes the order on a Stripe error and shows it in our words, never the provider message', async () => {
    stripe.confirmSepaDebitPayment.mockResolvedValue({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'Stripe says no.',
      },
    });
    const api = setup();
    const { user } = renderApp('/my-account/subscription?product_id=plan-premium&pay_type=yearly');
    await screen.findByTestId('stripe-elements');
    await user.click(screen.getByRole('radio', { name: /SEPA direct debit/ }));
    await enter(user, screen.getByRole('textbox', { name: 'stripe iban' }), 'DE89370400440532013000');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Order with obligation to pay' }));
    const payError = await screen.findByTestId('pay-error');
    expect(payError).toHaveTextContent(DECLINE_TEXTS.authentication_failed.en);
    expect(payError).not.toHaveTextContent('Stripe says no.');
    expect(stripe.confirmSepaDebitPayment).toHaveBeenCalledWith(
      'pi_9_secret_x',
      expect.objectContaining({ payment_method: expect.objectContaining({ sepa_debit: { type: 'iban' } }) }),
    );
    await waitFor(() => expect(api.callsTo('DELETE', '/v1/order/delete')).toHaveLength(1));
  });
});
