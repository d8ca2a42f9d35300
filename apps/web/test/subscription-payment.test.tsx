import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRANDS, DECLINE_TEXTS, type BrandId, type UserInfo } from '@pet/contract';
import { redirectTo } from '@/features/subscription/payment/redirect';
import {
  apiError,
  installFakeApi,
  json,
  locationOf,
  makeConfig,
  makeUser,
  renderApp,
  type RecordedCall,
} from './helpers';
import { enter } from './identity-helpers';
import { BASIC, FREE, PREMIUM, bodyOf, formOf, prices, productList, queryOf } from './subscription-fixtures';

vi.mock('@/features/subscription/payment/redirect', () => ({ redirectTo: vi.fn() }));

const STEP = '/my-account/subscription?product_id=plan-premium&pay_type=yearly';
const CONFIRM_PATH = '/sandbox/stripe/v1/payment_intents/pi_1/confirm';

type Routes = Record<string, (call: RecordedCall) => Response | Promise<Response>>;

/** Prices per interval; a coupon takes 10 € off. */
function pricesByBody(call: RecordedCall): Response {
  const body = bodyOf(call);
  const plan = body.pay_type === 'monthly' ? 5.99 : 59.99;
  const discount = body.coupon_id ? 10 : 0;
  return json(prices({ other_price: plan, discount, total_price_discounted: plan - discount }));
}

function setup(
  options: { user?: Partial<UserInfo>; brand?: BrandId; routes?: Routes; publishableKey?: string } = {},
) {
  const config = makeConfig(options.brand);
  config.payments = {
    provider: 'sandbox',
    publishableKey: options.publishableKey ?? 'pk_test_sandbox',
    sepaPrenotificationDays: 5,
  };
  return installFakeApi({
    brand: options.brand,
    user: makeUser({
      product: FREE,
      address_1: 'Hauptstraße 1',
      address_2: 'Hinterhaus',
      zipcode: '10115',
      city: 'Berlin',
      country: 'Germany',
      phone: '+49 30 123456',
      ...options.user,
    }),
    routes: {
      'GET /v1/config': () => json(config),
      'GET /v1/subscription/product/list': productList(),
      'POST /v1/subscription/prices': pricesByBody,
      'POST /v1/subscription/change/request': () => json({ secret: 'pi_1_secret_abc', order_id: 'order-1' }),
      'DELETE /v1/order/delete': () => json({ message: 'deleted' }),
      'GET /v1/order/status': () =>
        json({
          id: 'order-1',
          status: 'paid',
          product_id: PREMIUM.id,
          product_name: 'Premium',
          payment_type: 'card',
        }),
      [`POST ${CONFIRM_PATH}`]: () => json({ id: 'pi_1', object: 'payment_intent', status: 'succeeded' }),
      ...options.routes,
    },
  });
}

type User = ReturnType<typeof renderApp>['user'];

async function fillCard(user: User, number = '4242424242424242') {
  await enter(user, screen.getByRole('textbox', { name: /^Card number/ }), number);
  await enter(user, screen.getByRole('textbox', { name: /^Expiry date/ }), '0430');
  await enter(user, screen.getByRole('textbox', { name: /^CVC/ }), '123');
}

async function acceptTerms(user: User) {
  await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
}

const payButton = () =>
  screen.getByRole('button', { name: /^(Order with obligation to pay|Processing payment…)$/ });

async function summaryTotal() {
  const summary = await screen.findByTestId('price-summary');
  return within(summary);
}

beforeEach(() => {
  vi.mocked(redirectTo).mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/my-account/subscription, step 2: prices, interval and coupon', () => {
  it('shows the price summary of the chosen interval, prefilled address and the default payment method', async () => {
    const api = setup();
    renderApp(STEP);
    const summary = await summaryTotal();
    expect(summary.getByText('Premium, yearly')).toBeInTheDocument();
    expect(summary.getByText('Total due today')).toBeInTheDocument();
    expect(summary.getAllByText('59,99 €')).toHaveLength(2);
    expect(summary.getByText('incl. VAT')).toBeInTheDocument();
    expect(bodyOf(api.callsTo('POST', '/v1/subscription/prices')[0])).toEqual({
      pay_type: 'yearly',
      product_id: 'plan-premium',
    });
    expect(screen.getByRole('button', { name: /Yearly/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Anna Muster');
    expect(screen.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('anna@example.com');
    expect(screen.getByRole('textbox', { name: 'Street and house number' })).toHaveValue('Hauptstraße 1');
    expect(screen.getByRole('textbox', { name: 'Additional address line' })).toHaveValue('Hinterhaus');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Germany');
    expect(screen.getByRole('radio', { name: /Credit card/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /SEPA direct debit/ })).not.toBeChecked();
    expect(payButton()).toBeDisabled();
  });

  it('shows tracker price, discount and the proration credit', async () => {
    setup({
      routes: {
        'POST /v1/subscription/prices': () =>
          json(
            prices({
              other_price: 59.99,
              tracker_price: 49.99,
              discount: 5,
              proration: -12.345,
              total_price_discounted: 92.639,
            }),
          ),
      },
    });
    renderApp(STEP);
    const summary = await summaryTotal();
    expect(summary.getByText('GPS tracker')).toBeInTheDocument();
    expect(summary.getByText('49,99 €')).toBeInTheDocument();
    expect(summary.getByText('one-time')).toBeInTheDocument();
    expect(summary.getByText('−5,00 €')).toBeInTheDocument();
    expect(summary.getByText('Credit for your current plan')).toBeInTheDocument();
    expect(summary.getByText('−12,34 €')).toBeInTheDocument();
    // Totals are truncated, not rounded.
    expect(summary.getByText('92,63 €')).toBeInTheDocument();
  });

  it('applies a valid coupon (uppercased) and clears it when the interval changes', async () => {
    const api = setup({
      routes: {
        'POST /v1/coupon/isvalid': () =>
          json({ codes: [{ isvalid: true, coupon_id: 'co_1', message: 'valid' }] }),
      },
    });
    const { user, router } = renderApp(STEP);
    await summaryTotal();

    await enter(user, screen.getByRole('textbox', { name: 'Coupon code' }), 'spring');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon SPRING applied')).toBeInTheDocument();
    expect(bodyOf(api.callsTo('POST', '/v1/coupon/isvalid')[0])).toEqual({
      code_name: 'SPRING',
      email: 'anna@example.com',
      duration: 'yearly',
      product_id: 'plan-premium',
      coupon_for: 'existing_customer',
    });
    const summary = await summaryTotal();
    expect(await summary.findByText('Discount (SPRING)')).toBeInTheDocument();
    expect(summary.getByText('−10,00 €')).toBeInTheDocument();
    expect(bodyOf(api.callsTo('POST', '/v1/subscription/prices').at(-1))).toEqual({
      pay_type: 'yearly',
      product_id: 'plan-premium',
      coupon_id: 'co_1',
    });

    await user.click(screen.getByRole('button', { name: /Monthly/ }));
    await waitFor(() =>
      expect(queryOf({ url: locationOf(router) } as RecordedCall).get('pay_type')).toBe('monthly'),
    );
    expect(screen.queryByText('Coupon SPRING applied')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Coupon code' })).toHaveValue('');
    await waitFor(() =>
      expect(bodyOf(api.callsTo('POST', '/v1/subscription/prices').at(-1))).toEqual({
        pay_type: 'monthly',
        product_id: 'plan-premium',
      }),
    );
    expect(await (await summaryTotal()).findByText('Premium, monthly')).toBeInTheDocument();
    expect(screen.queryByText('Discount (SPRING)')).not.toBeInTheDocument();
  });

  it('shows the 476 texts under the coupon field, Code_Expired_Text with the support address', async () => {
    let answer: Response = json({});
    setup({ routes: { 'POST /v1/coupon/isvalid': () => answer } });
    const { user } = renderApp(STEP);
    await summaryTotal();
    const field = screen.getByRole('textbox', { name: 'Coupon code' });

    answer = json(
      { statusCode: 476, error: 'Coupon', message: 'Code Expired', key: 'Code_Expired_Text' },
      476,
    );
    await enter(user, field, 'old');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const expired = await screen.findByTestId('coupon-error');
    expect(expired).toHaveTextContent('This code has expired. Please contact our support.');
    expect(within(expired).getByRole('link', { name: /support@prime-pet.de/ })).toHaveAttribute(
      'href',
      'mailto:support@prime-pet.de',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');

    // A 476 without our key: the client maps the server message with the contract's table.
    answer = json({ message: 'Coupon not valid for product' }, 476);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByTestId('coupon-error')).toHaveTextContent(
        'This coupon is not valid for the selected plan.',
      ),
    );

    // An invalid answer with status 200 names its reason in the message.
    answer = json({ codes: [{ isvalid: false, coupon_id: null, message: 'Coupon duration invalid' }] });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByTestId('coupon-error')).toHaveTextContent(
        'This coupon is not valid for the selected billing period.',
      ),
    );
    expect(screen.queryByRole('link', { name: /support@prime-pet.de/ })).not.toBeInTheDocument();
  });

  it('shows the negative-proration message and keeps Pay now disabled', async () => {
    setup({
      routes: {
        'POST /v1/subscription/prices': () =>
          apiError(400, 'Proration_Downgrade_Error_Text', 'Negative proration'),
      },
    });
    const { user } = renderApp(STEP);
    expect(await screen.findByTestId('price-refusal')).toHaveTextContent(
      'You cannot upgrade from a monthly package to a lower yearly package.',
    );
    await fillCard(user);
    await acceptTerms(user);
    expect(payButton()).toBeDisabled();
  });

  it('goes back to the plans with the default interval', async () => {
    setup();
    const { user, router } = renderApp('/my-account/subscription?product_id=plan-premium&pay_type=monthly');
    await summaryTotal();
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    await waitFor(() => expect(locationOf(router)).toBe('/my-account/subscription'));
    const premium = await screen.findByRole('article', { name: /^Premium/ });
    expect(within(premium).getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('/my-account/subscription, step 2: Pay now', () => {
  it('is disabled until the terms are accepted, and checks the card before creating an order', async () => {
    const api = setup();
    const { user } = renderApp(STEP);
    await summaryTotal();
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
      'href',
      'https://www.prime-pet.de/conditions',
    );
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      'https://www.prime-pet.de/dataprotectionpdf',
    );
    expect(payButton()).toBeDisabled();
    await acceptTerms(user);
    expect(payButton()).toBeEnabled();

    await enter(user, screen.getByRole('textbox', { name: /^Card number/ }), '4242 4242');
    await enter(user, screen.getByRole('textbox', { name: /^Expiry date/ }), '0120');
    await user.click(payButton());
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(screen.getByText("Your card's expiration year is in the past.")).toBeInTheDocument();
    expect(screen.getByText("Your card's security code is incomplete.")).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/subscription/change/request')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: /SEPA direct debit/ }));
    await enter(user, screen.getByRole('textbox', { name: /^IBAN/ }), 'XX12');
    await user.click(payButton());
    expect(await screen.findByText('The country code of the IBAN is invalid.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/subscription/change/request')).toHaveLength(0);
  });

  it.each([
    [
      'en',
      'Order with obligation to pay',
      [
        'Due today: 59,99 € (incl. VAT)',
        'renews automatically for 12 months at a time at 59,99 € per year',
        'Minimum term: 12 months.',
      ],
      'Cancel contracts here',
    ],
    [
      'de',
      'Zahlungspflichtig bestellen',
      [
        'Heute zu zahlen: 59,99 € (inkl. MwSt.)',
        'verlängert sich automatisch um jeweils 12 Monate zum Preis von 59,99 € pro Jahr',
        'Mindestlaufzeit: 12 Monate.',
      ],
      'Verträge hier kündigen',
    ],
  ] as const)(
    '§ 312j BGB (%s): total, renewal, minimum term and how to cancel directly above the order button',
    async (language, button, texts, cancelLink) => {
      setup();
      renderApp(STEP, { language });
      await summaryTotal();
      const summary = await screen.findByTestId('order-obligation-summary');
      await waitFor(() => expect(summary).toHaveTextContent(texts[0]));
      for (const text of texts) expect(summary).toHaveTextContent(text);
      expect(within(summary).getByRole('link', { name: cancelLink })).toHaveAttribute(
        'href',
        '/contract-cancellation',
      );
      // Nothing between the summary and the button.
      expect(summary.nextElementSibling).toBe(screen.getByRole('button', { name: button }));
    },
  );

  it('checks the e-mail format of the address form', async () => {
    const api = setup();
    const { user } = renderApp(STEP);
    await summaryTotal();
    const email = screen.getByRole('textbox', { name: 'E-mail address' });
    await user.clear(email);
    await enter(user, email, 'not-an-address');
    await fillCard(user);
    await acceptTerms(user);
    await user.click(payButton());
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/subscription/change/request')).toHaveLength(0);
  });

  it('shows the withdrawal information and sends the request to start at once only when ticked', async () => {
    const api = setup();
    const { user, router } = renderApp(STEP);
    await summaryTotal();
    const notice = screen.getByTestId('withdrawal-notice');
    expect(notice).toHaveTextContent('You may withdraw from this contract within 14 days');
    expect(notice).toHaveTextContent('support@prime-pet.de');
    await user.click(
      within(notice).getByRole('checkbox', { name: /expressly ask that my plan start at once/ }),
    );
    await fillCard(user);
    await acceptTerms(user);
    await user.click(payButton());
    await waitFor(() =>
      expect(locationOf(router)).toBe('/my-account/subscription/successful?order_id=order-1'),
    );
    expect(bodyOf(api.callsTo('POST', '/v1/subscription/change/request')[0])).toMatchObject({
      start_consent: true,
    });
  });

  it('creates the order, confirms the card like Stripe.js and goes to the success page', async () => {
    const api = setup();
    const { user, router } = renderApp(STEP);
    await summaryTotal();
    await fillCard(user);
    await acceptTerms(user);
    await user.click(payButton());

    await waitFor(() =>
      expect(locationOf(router)).toBe('/my-account/subscription/successful?order_id=order-1'),
    );
    expect(bodyOf(api.callsTo('POST', '/v1/subscription/change/request')[0])).toEqual({
      price_id: 'price_premium_y',
      product_id: 'plan-premium',
      pay_type: 'yearly',
      name: 'Anna Muster',
      email: 'anna@example.com',
      address: 'Hauptstraße 1',
      street: 'Hinterhaus',
      zipcode: '10115',
      city: 'Berlin',
      country: 'DE',
      phone: '+49 30 123456',
    });
    const [confirm] = api.callsTo('POST', CONFIRM_PATH);
    expect(confirm?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(confirm?.headers.get('Authorization')).toBe('Bearer pk_test_sandbox');
    expect(formOf(confirm)).toEqual({
      client_secret: 'pi_1_secret_abc',
      return_url: 'http://localhost:3000/my-account/subscription/successful?order_id=order-1',
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
      'payment_method_data[card][exp_month]': '4',
      'payment_method_data[card][exp_year]': '2030',
      'payment_method_data[card][cvc]': '123',
      'payment_method_data[billing_details][name]': 'Anna Muster',
      'payment_method_data[billing_details][email]': 'anna@example.com',
      'payment_method_data[billing_details][address][line1]': 'Hauptstraße 1, Hinterhaus',
      'payment_method_data[billing_details][address][city]': 'Berlin',
      'payment_method_data[billing_details][address][postal_code]': '10115',
      'payment_method_data[billing_details][address][country]': 'DE',
    });
    expect(api.callsTo('DELETE', '/v1/order/delete')).toHaveLength(0);
    expect(await screen.findByText('Thank you for your order!')).toBeInTheDocument();
  });

  it('deletes the order and shows the decline in our words when the card is declined (402)', async () => {
    const api = setup({
      routes: {
        [`POST ${CONFIRM_PATH}`]: () =>
          json(
            {
              error: {
                type: 'card_error',
                code: 'card_declined',
                decline_code: 'generic_decline',
                message: 'Your card was declined.',
              },
            },
            402,
          ),
      },
    });
    const { user, router } = renderApp(STEP);
    await summaryTotal();
    await fillCard(user, '4000000000000002');
    await acceptTerms(user);
    await user.click(payButton());

    // Our text for the decline code (issue 33 item 18), never the provider's English message.
    expect(await screen.findByTestId('pay-error')).toHaveTextContent(DECLINE_TEXTS.generic.en);
    expect(screen.getByTestId('pay-error')).not.toHaveTextContent('Your card was declined.');
    const [deleted] = api.callsTo('DELETE', '/v1/order/delete');
    expect(queryOf(deleted).get('id')).toBe('order-1');
    expect(locationOf(router)).toBe(STEP);
    expect(payButton()).toBeEnabled();
    expect(payButton()).toHaveTextContent('Order with obligation to pay');
  });

  it('maps a provider code of the spec table through CARD_ERROR_KEYS', async () => {
    setup({
      routes: {
        [`POST ${CONFIRM_PATH}`]: () =>
          json(
            {
              error: { type: 'card_error', code: 'invalid_expiry_year_past', message: 'Expired (provider)' },
            },
            402,
          ),
      },
    });
    const { user } = renderApp(STEP, { language: 'de' });
    await summaryTotal();
    await enter(user, screen.getByRole('textbox', { name: /^Kartennummer/ }), '4242424242424242');
    await enter(user, screen.getByRole('textbox', { name: /^Ablaufdatum/ }), '0430');
    await enter(user, screen.getByRole('textbox', { name: /^CVC/ }), '123');
    await user.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    await user.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    expect(await screen.findByTestId('pay-error')).toHaveTextContent(
      'Das Ablaufjahr Ihrer Karte liegt in der Vergangenheit.',
    );
  });

  it('shows the refusal of the payment request (434, 503 with the support address)', async () => {
    let answer = apiError(434, 'Order_Already_Placed_Message');
    const api = setup({ routes: { 'POST /v1/subscription/change/request': () => answer } });
    const { user } = renderApp(STEP);
    await summaryTotal();
    await fillCard(user);
    await acceptTerms(user);
    await user.click(payButton());
    expect(await screen.findByTestId('pay-error')).toHaveTextContent('An order has already been placed.');
    expect(api.callsTo('POST', CONFIRM_PATH)).toHaveLength(0);

    answer = apiError(503, 'Payments_Unavailable_Text');
    await user.click(payButton());
    await waitFor(() =>
      expect(screen.getByTestId('pay-error')).toHaveTextContent('Payments are not possible at the moment.'),
    );
    expect(within(screen.getByTestId('pay-error')).getByRole('link')).toHaveAttribute(
      'href',
      'mailto:support@prime-pet.de',
    );
  });

  it('pays by SEPA with the mandate and lands on the pending success page', async () => {
    let status = 'processing';
    const api = setup({
      routes: {
        [`POST ${CONFIRM_PATH}`]: () => json({ id: 'pi_1', status: 'processing' }),
        'GET /v1/order/status': () =>
          json({
            id: 'order-1',
            status,
            product_id: PREMIUM.id,
            product_name: 'Premium',
            payment_type: 'sepa_debit',
            ...(status === 'processing'
              ? {
                  sepa_debit: {
                    collection_date: Date.UTC(2026, 11, 4),
                    amount_cents: 999,
                    mandate_reference: 'K7QW2M9XHP4T8RZC',
                    creditor_id: BRANDS.primepet.seller.creditorId,
                  },
                }
              : {}),
          }),
      },
    });
    const { user } = renderApp(STEP);
    await summaryTotal();
    await user.click(screen.getByRole('radio', { name: /SEPA direct debit/ }));
    expect(screen.getByRole('radio', { name: /Credit card/ })).not.toBeChecked();
    const mandate = screen.getByTestId('sepa-mandate');
    expect(mandate).toHaveTextContent('Prime Pet GmbH');
    expect(mandate).toHaveTextContent('within 8 weeks');
    // The server's notice period and the brand's creditor identifier (issue 33 items 13, 14).
    expect(mandate).toHaveTextContent('at least 5 days in advance');
    expect(mandate).toHaveTextContent(`Creditor identifier: ${BRANDS.primepet.seller.creditorId}`);
    await enter(user, screen.getByRole('textbox', { name: /^IBAN/ }), 'DE89 3704 0044 0532 0130 00');
    await acceptTerms(user);
    await user.click(payButton());

    expect(await screen.findByText('Your direct debit is being processed')).toBeInTheDocument();
    // The confirmation states what the pre-notification announced.
    const debit = screen.getByTestId('sepa-debit');
    expect(debit).toHaveTextContent('Collection date04.12.2026');
    expect(debit).toHaveTextContent('Mandate referenceK7QW2M9XHP4T8RZC');
    expect(debit).toHaveTextContent(`Creditor identifier${BRANDS.primepet.seller.creditorId}`);
    expect(debit).toHaveTextContent('Amount9,99 €');
    const form = formOf(api.callsTo('POST', CONFIRM_PATH)[0]);
    expect(form['payment_method_data[type]']).toBe('sepa_debit');
    expect(form['payment_method_data[sepa_debit][iban]']).toBe('DE89370400440532013000');
    expect(form['mandate_data[customer_acceptance][type]']).toBe('online');
    expect(form['payment_method_data[card][number]']).toBeUndefined();

    const myinfoBefore = api.callsTo('GET', '/v1/auth/myinfo').length;
    status = 'paid';
    expect(await screen.findByText('Thank you for your order!', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/v1/auth/myinfo').length).toBeGreaterThan(myinfoBefore));
  });

  it('sends the browser to the bank for 3-D Secure', async () => {
    const api = setup({
      routes: {
        [`POST ${CONFIRM_PATH}`]: () =>
          json({
            id: 'pi_1',
            status: 'requires_action',
            next_action: {
              type: 'redirect_to_url',
              redirect_to_url: { url: 'http://localhost:3000/sandbox/3ds/pi_1' },
            },
          }),
      },
    });
    const { user } = renderApp(STEP);
    await summaryTotal();
    await fillCard(user, '4000002500003155');
    await acceptTerms(user);
    await user.click(payButton());
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://localhost:3000/sandbox/3ds/pi_1'));
    expect(api.callsTo('DELETE', '/v1/order/delete')).toHaveLength(0);
    expect(payButton()).toBeDisabled();
  });

  it('disables Pay now while another plan is ordered', async () => {
    setup({ routes: { 'POST /v1/subscription/prices': () => json(prices({ order_placed: BASIC.id })) } });
    const { user } = renderApp(STEP);
    expect(await screen.findByTestId('order-placed-elsewhere')).toHaveTextContent(
      'An order has already been placed.',
    );
    await fillCard(user);
    await acceptTerms(user);
    expect(payButton()).toBeDisabled();
  });

  it('offers no Pay now in the tier-fritz brand and says why up front', async () => {
    const api = setup({ brand: 'tierfritz' });
    renderApp(STEP);
    await summaryTotal();
    expect(screen.getByTestId('no-order-notice')).toHaveTextContent(
      'Orders are not possible from this page. Please contact us to change your plan.',
    );
    expect(within(screen.getByTestId('no-order-notice')).getByRole('link')).toHaveAttribute(
      'href',
      'mailto:kontakt@tier-fritz.de',
    );
    expect(screen.queryByRole('button', { name: 'Order with obligation to pay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Coupon code' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/subscription/change/request')).toHaveLength(0);
  });

  it('has no coupon field and no interval choice in the tracker brand', async () => {
    setup({ brand: 'gpstracker' });
    renderApp(STEP);
    await summaryTotal();
    expect(screen.queryByRole('textbox', { name: 'Coupon code' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Monthly/ })).not.toBeInTheDocument();
  });
});
