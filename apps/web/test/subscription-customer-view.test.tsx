import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DECLINE_TEXTS, type RenewalProblem } from '@pet/contract';
import { redirectTo } from '@/features/subscription/payment/redirect';
import { paymentFailureText } from '@/features/subscription/payment/card-errors';
import { installFakeApi, json, makeUser, renderApp } from './helpers';
import { BASIC, PREMIUM, bodyOf, productList } from './subscription-fixtures';

vi.mock('@/features/subscription/payment/redirect', () => ({ redirectTo: vi.fn() }));

/** Issue 33, "What the customer sees" (items 18 to 23), on the screens. */

// 01.12.2026 and 05.12.2026 at noon UTC.
const NEXT = Date.UTC(2026, 11, 1, 12) / 1000;
const GRACE = Date.UTC(2026, 11, 5, 12) / 1000;

const problem = (overrides: Partial<RenewalProblem> = {}): RenewalProblem => ({
  status: 'retrying',
  reason: 'insufficient_funds',
  next_attempt: NEXT,
  grace_end: GRACE,
  order_id: '0b7c6a43-1a1e-4f7e-9d0a-8a0c1f3b2e11',
  ...overrides,
});

const paidUser = (renewal_problem: RenewalProblem | null) =>
  makeUser({
    product: BASIC,
    stripe_price_id: 'price_y',
    stripe_customer_id: 'cus_1',
    stripe_subscription_end: Date.UTC(2026, 10, 30, 12) / 1000,
    renewal_problem,
  });

describe('decline texts (item 18)', () => {
  it('shows a provider decline in the UI language, never the provider English message', () => {
    // A translator that knows none of the providerMessages (as i18next answers defaultValue).
    const t = (key: string, options?: { defaultValue?: string }) => options?.defaultValue ?? key;
    expect(paymentFailureText(t, 'de', { code: 'card_declined', declineCode: 'insufficient_funds' })).toBe(
      DECLINE_TEXTS.insufficient_funds.de,
    );
    expect(paymentFailureText(t, 'de', { code: 'card_declined', declineCode: 'stolen_card' })).toBe(
      DECLINE_TEXTS.lost_or_stolen.de,
    );
    expect(paymentFailureText(t, 'en', { code: 'weird_new_code', declineCode: null })).toBe(
      DECLINE_TEXTS.generic.en,
    );
  });
});

describe('a failed renewal on the plans page and the dashboard (item 19)', () => {
  it('warns with the reason, the next attempt and the end of grace, and links to the payment update', async () => {
    installFakeApi({
      user: paidUser(problem()),
      routes: { 'GET /v1/subscription/product/list': productList() },
    });
    renderApp('/my-account/subscription', { language: 'de' });
    const warning = await screen.findByTestId('renewal-warning');
    expect(warning).toHaveTextContent('Die Verlängerung von Basic konnte nicht abgebucht werden');
    expect(warning).toHaveTextContent(`Grund: ${DECLINE_TEXTS.insufficient_funds.de}`);
    expect(warning).toHaveTextContent('Wir versuchen es am 01.12.2026 erneut.');
    expect(warning).toHaveTextContent('Ihr Tarif bleibt bis zum 05.12.2026 aktiv.');
    expect(within(warning).getByRole('link', { name: 'Zahlungsdaten aktualisieren' })).toHaveAttribute(
      'href',
      '/my-account/update-payment-details',
    );
    // The status card says the term ended with the payment open, and does not warn twice.
    expect(screen.getByRole('region', { name: 'Ihr aktueller Tarif' })).toHaveTextContent('Zahlung offen');
    expect(screen.queryByTestId('renewal-overdue')).not.toBeInTheDocument();
  });

  it('shows the same warning on the dashboard', async () => {
    installFakeApi({ user: paidUser(problem()) });
    renderApp('/dashboard');
    const warning = await screen.findByTestId('renewal-warning');
    expect(warning).toHaveTextContent('We could not charge the renewal of Basic');
    expect(within(warning).getByRole('link', { name: 'Update payment details' })).toBeInTheDocument();
  });

  it('the GPS brand, which hides the payment update, names the support address instead', async () => {
    installFakeApi({
      brand: 'gpstracker',
      user: paidUser(problem()),
      routes: { 'GET /v1/subscription/product/list': productList() },
    });
    renderApp('/my-account/subscription');
    const warning = await screen.findByTestId('renewal-warning');
    expect(within(warning).queryByRole('link', { name: 'Update payment details' })).not.toBeInTheDocument();
    expect(warning).toHaveTextContent(/Please write to \S+@\S+ to change your payment details/);
  });

  it('no warning while the renewal is fine', async () => {
    installFakeApi({ user: paidUser(null), routes: { 'GET /v1/subscription/product/list': productList() } });
    renderApp('/my-account/subscription');
    await screen.findByRole('region', { name: 'Your current plan' });
    expect(screen.queryByTestId('renewal-warning')).not.toBeInTheDocument();
  });
});

describe('a renewal that needs 3-D Secure (item 20)', () => {
  const orderId = problem().order_id;

  it('the warning leads to the renewal payment page, which pays on session through the bank page', async () => {
    const api = installFakeApi({
      user: paidUser(
        problem({ status: 'action_required', reason: 'authentication_required', next_attempt: NEXT }),
      ),
      routes: {
        'GET /v1/subscription/renewal/payment': () =>
          json({
            order_id: orderId,
            status: 'open',
            product_name: 'Basic',
            amount_cents: 299,
            grace_end: GRACE,
            reason: 'authentication_required',
          }),
        'POST /v1/subscription/renewal/payment': () =>
          json({
            status: 'redirect',
            url: 'http://localhost:3000/sandbox/stripe/authenticate/pi_1',
            reason: null,
          }),
      },
    });
    const { user } = renderApp('/dashboard');
    const warning = await screen.findByTestId('renewal-warning');
    expect(warning).toHaveTextContent('Please confirm the payment for Basic');
    await user.click(within(warning).getByRole('link', { name: 'Confirm payment' }));

    const page = await screen.findByTestId('renewal-open');
    expect(page).toHaveTextContent('Your bank requires you to confirm the renewal of Basic (3-D Secure)');
    expect(page).toHaveTextContent('Your plan stays active until 05.12.2026.');
    await user.click(within(page).getByRole('button', { name: /Pay €2\.99 now|Pay 2,99 € now/ }));
    await waitFor(() =>
      expect(redirectTo).toHaveBeenCalledWith('http://localhost:3000/sandbox/stripe/authenticate/pi_1'),
    );
    const body = bodyOf(api.callsTo('POST', '/v1/subscription/renewal/payment')[0]);
    expect(body.order_id).toBe(orderId);
    expect(body.attempt_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('back from a refused 3-D Secure step, the page is titled as the failure it is', async () => {
    installFakeApi({
      user: paidUser(null),
      routes: {
        'GET /v1/subscription/renewal/payment': () =>
          json({
            order_id: orderId,
            status: 'open',
            product_name: 'Basic',
            amount_cents: 299,
            grace_end: GRACE,
            reason: 'authentication_required',
          }),
      },
    });
    renderApp(`/my-account/renewal-payment?order_id=${orderId}&redirect_status=failed`, { language: 'de' });
    const page = await screen.findByTestId('renewal-refused');
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Die Zahlung für Basic wurde nicht bestätigt',
    );
    expect(page).toHaveTextContent(DECLINE_TEXTS.authentication_failed.de);
    expect(page).not.toHaveTextContent(/erfolgreich/i);
  });

  it('once paid, says the plan was renewed', async () => {
    installFakeApi({
      user: paidUser(null),
      routes: {
        'GET /v1/subscription/renewal/payment': () =>
          json({
            order_id: orderId,
            status: 'paid',
            product_name: 'Basic',
            amount_cents: 299,
            grace_end: GRACE,
            reason: null,
          }),
      },
    });
    renderApp(`/my-account/renewal-payment?order_id=${orderId}`);
    expect(await screen.findByTestId('renewal-paid')).toHaveTextContent('Your plan has been renewed');
  });
});

describe('result pages titled as what they are (item 21)', () => {
  it('a failed payment names its reason in German and nothing on the page says "erfolgreich"', async () => {
    installFakeApi({
      routes: {
        'GET /v1/order/status': () =>
          json({
            id: 'order-1',
            status: 'failed',
            product_id: PREMIUM.id,
            product_name: 'Premium',
            payment_type: 'card',
            failure_reason: 'expired_card',
          }),
        'GET /v1/subscription/product/list': productList(),
      },
    });
    renderApp('/my-account/subscription/successful?order_id=order-1', { language: 'de' });
    const failed = await screen.findByTestId('result-failed');
    expect(failed).toHaveTextContent(`Grund: ${DECLINE_TEXTS.expired_card.de}`);
    expect(document.body).not.toHaveTextContent(/Zahlung erfolgreich/);
  });
});

describe('code, gift and trial plans on the cancel card (item 22)', () => {
  it('shows no price the user never paid and "no end" without an end date', async () => {
    installFakeApi({
      user: makeUser({ product: BASIC, stripe_price_id: null, is_gift: true, stripe_subscription_end: null }),
      routes: { 'GET /v1/subscription/cancelat': () => json({ status: 'active' }) },
    });
    renderApp('/my-account/cancel-subscription?process=confirm_Termination');
    const card = await screen.findByRole('region', { name: 'Basic' });
    expect(card).toHaveTextContent('No price – not bought with a payment');
    expect(card).toHaveTextContent('No end date');
    expect(card).not.toHaveTextContent('€');
  });

  it('a code plan with an end shows that end date', async () => {
    installFakeApi({
      user: makeUser({ product: BASIC, stripe_price_id: null, stripe_subscription_end: GRACE }),
      routes: { 'GET /v1/subscription/cancelat': () => json({ status: 'active' }) },
    });
    renderApp('/my-account/cancel-subscription?process=confirm_Termination');
    const card = await screen.findByRole('region', { name: 'Basic' });
    // The term's last day: the free plan begins on the day the plan ends (issue 33.8).
    expect(card).toHaveTextContent('04.12.2026');
  });
});

describe('tier-fritz and the restore window (item 23)', () => {
  it('the payment step of tier-fritz does not promise a payment', async () => {
    installFakeApi({
      brand: 'tierfritz',
      user: makeUser(),
      routes: { 'GET /v1/subscription/product/list': productList() },
    });
    renderApp(`/my-account/subscription?product_id=${PREMIUM.id}&pay_type=yearly`);
    expect(await screen.findByTestId('no-order-notice')).toBeInTheDocument();
    expect(
      screen.getByText('Check the plan and its price. To order it, please contact our support.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/pay securely/)).not.toBeInTheDocument();
  });

  it('an ended plan says until when everything can be restored', async () => {
    installFakeApi({
      user: makeUser({ restore_until: GRACE }),
      routes: { 'GET /v1/subscription/product/list': productList() },
    });
    renderApp('/my-account/subscription', { language: 'de' });
    expect(await screen.findByTestId('restore-until')).toHaveTextContent(
      'Buchen Sie bis zum 05.12.2026 wieder einen Tarif, bleibt alles erhalten',
    );
  });
});
