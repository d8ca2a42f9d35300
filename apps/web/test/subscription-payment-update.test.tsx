import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardBrandName, type PaymentMethodResponse, type UserInfo } from '@pet/contract';
import { redirectTo } from '@/features/subscription/payment/redirect';
import { expiryText, isRenewalOverdue } from '@/features/subscription/payment-update/payment-update-rules';
import { apiError, installFakeApi, json, locationOf, makeUser, renderApp } from './helpers';
import { BASIC, FREE, PREMIUM, productList } from './subscription-fixtures';

vi.mock('@/features/subscription/payment/redirect', () => ({ redirectTo: vi.fn() }));

/** Account-area section 2, Update payment details: the page, the hosted checkout, its two return pages. */

const VISA: PaymentMethodResponse = {
  type: 'card',
  last4: '4242',
  brand: 'visa',
  exp_month: 4,
  exp_year: 2034,
};
const MASTERCARD: PaymentMethodResponse = {
  type: 'card',
  last4: '4444',
  brand: 'mastercard',
  exp_month: 12,
  exp_year: 2031,
};
const SEPA: PaymentMethodResponse = {
  type: 'sepa_debit',
  last4: '3000',
  brand: null,
  exp_month: null,
  exp_year: null,
};
const NONE: PaymentMethodResponse = { type: null, last4: null, brand: null, exp_month: null, exp_year: null };
const CHECKOUT_URL = 'http://localhost:3000/sandbox/stripe/checkout/cs_test_1';

function paidUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return makeUser({
    product: PREMIUM,
    stripe_price_id: 'price_premium_y',
    stripe_customer_id: 'cus_1',
    stripe_subscription_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
    ...overrides,
  });
}

beforeEach(() => {
  vi.mocked(redirectTo).mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('payment-update rules', () => {
  it('names card brands and expiry as people write them', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('newbrand')).toBe('Newbrand');
    expect(cardBrandName(null)).toBeNull();
    expect(expiryText(VISA)).toBe('04/2034');
    expect(expiryText(SEPA)).toBeNull();
  });

  it('calls a renewal overdue when the paid term has ended and the plan is still the paid one', () => {
    const now = 1_800_000_000_000;
    const ended = {
      product: PREMIUM,
      stripe_price_id: 'price_premium_y',
      stripe_subscription_end: 1_799_000_000,
    };
    expect(isRenewalOverdue(ended, now)).toBe(true);
    expect(isRenewalOverdue({ ...ended, stripe_subscription_end: 1_801_000_000 }, now)).toBe(false);
    expect(isRenewalOverdue({ ...ended, product: FREE }, now)).toBe(false);
    expect(isRenewalOverdue({ ...ended, stripe_price_id: null }, now)).toBe(false);
  });
});

describe('/my-account/update-payment-details', () => {
  it('explains the change, shows the current card and starts the hosted checkout', async () => {
    const api = installFakeApi({
      user: paidUser(),
      routes: {
        'GET /v1/user/payment_method': () => json(VISA),
        'POST /v1/subscription/update_payment': () => json({ session_id: 'cs_test_1', url: CHECKOUT_URL }),
      },
    });
    const { user } = renderApp('/my-account/update-payment-details');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Update payment details' }),
    ).toBeInTheDocument();
    const current = await screen.findByRole('region', { name: 'Current payment method' });
    expect(await within(current).findByText('Visa •••• 4242')).toBeInTheDocument();
    expect(within(current).getByText('Expires 04/2034')).toBeInTheDocument();
    expect(screen.getByText(/Enter a new card or a bank account for SEPA direct debit/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change payment method' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.callsTo('POST', '/v1/subscription/update_payment')).toHaveLength(1);
    // The button stays busy while the browser leaves.
    expect(screen.getByRole('button', { name: 'Opening the secure page…' })).toBeDisabled();
  });

  it('shows a SEPA account in German', async () => {
    installFakeApi({
      user: paidUser({ language: 'German' }),
      routes: { 'GET /v1/user/payment_method': () => json(SEPA) },
    });
    renderApp('/my-account/update-payment-details', { language: 'de' });
    expect(await screen.findByText('Bankkonto •••• 3000')).toBeInTheDocument();
    expect(screen.getByText('SEPA-Lastschrift')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zahlungsart ändern' })).toBeEnabled();
  });

  it('has nothing to update before anything was bought', async () => {
    const api = installFakeApi({ user: makeUser({ product: FREE, stripe_customer_id: null }) });
    renderApp('/my-account/update-payment-details');
    expect(
      await screen.findByText('You have not bought a plan yet, so there is no payment method to update.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change payment method' })).toBeDisabled();
    expect(api.callsTo('GET', '/v1/user/payment_method')).toHaveLength(0);
  });

  it('shows the refusal of the server and does not leave', async () => {
    installFakeApi({
      user: paidUser(),
      routes: {
        'GET /v1/user/payment_method': () => json(NONE),
        'POST /v1/subscription/update_payment': () => apiError(400, 'No_Payment_Method_Text'),
      },
    });
    const { user } = renderApp('/my-account/update-payment-details');
    expect(await screen.findByText('No payment method saved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change payment method' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have not bought a plan yet, so there is no payment method to update.',
    );
    expect(redirectTo).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Change payment method' })).toBeEnabled();
  });

  it('says when a renewal is overdue (grace period)', async () => {
    installFakeApi({
      user: paidUser({ stripe_subscription_end: Math.floor(Date.now() / 1000) - 2 * 86_400 }),
      routes: { 'GET /v1/user/payment_method': () => json(VISA) },
    });
    renderApp('/my-account/update-payment-details');
    expect(await screen.findByTestId('renewal-overdue')).toHaveTextContent(
      /Payment overdue\. The renewal of Premium \(term ended on \d{2}\.\d{2}\.\d{4}\) could not be charged/,
    );
  });

  it.each([
    '/my-account/update-payment-details',
    '/my-account/payment-update/successful',
    '/my-account/payment-update/failed',
  ])('is hidden in the tracker brand: %s leads to the dashboard', async (path) => {
    const api = installFakeApi({ brand: 'gpstracker', user: paidUser() });
    const { router } = renderApp(path);
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
    expect(api.callsTo('GET', '/v1/user/payment_method')).toHaveLength(0);
  });
});

describe('the return pages of the hosted checkout', () => {
  it('shows the new method on the success page once the provider reported it', async () => {
    let answer = VISA;
    installFakeApi({
      user: paidUser(),
      routes: {
        'GET /v1/user/payment_method': () => json(VISA),
        'POST /v1/subscription/update_payment': () => json({ session_id: 'cs_test_1', url: CHECKOUT_URL }),
      },
    });
    // Leaving from the update page remembers the method shown (Visa).
    const first = renderApp('/my-account/update-payment-details');
    await screen.findByText('Visa •••• 4242');
    await first.user.click(screen.getByRole('button', { name: 'Change payment method' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalled());
    first.unmount();

    const api = installFakeApi({
      user: paidUser(),
      routes: {
        'GET /v1/user/payment_method': () => {
          const current = answer;
          answer = MASTERCARD;
          return json(current);
        },
      },
    });
    renderApp('/my-account/payment-update/successful?session_id=cs_test_1');
    const page = await screen.findByTestId('payment-update-successful');
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Your payment method has been updated',
    );
    expect(
      await within(page).findByText('Mastercard •••• 4444', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(within(page).getByText('Expires 12/2031')).toBeInTheDocument();
    expect(api.callsTo('GET', '/v1/user/payment_method').length).toBeGreaterThanOrEqual(2);
    expect(within(page).getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('shows the method at once when nothing was remembered', async () => {
    installFakeApi({ user: paidUser(), routes: { 'GET /v1/user/payment_method': () => json(SEPA) } });
    renderApp('/my-account/payment-update/successful?session_id=cs_test_1');
    expect(await screen.findByText('Bank account •••• 3000')).toBeInTheDocument();
  });

  it('the failed page leads to the dashboard and retries the hosted checkout', async () => {
    const api = installFakeApi({
      user: paidUser(),
      routes: {
        'POST /v1/subscription/update_payment': () => json({ session_id: 'cs_test_2', url: CHECKOUT_URL }),
      },
    });
    const { user } = renderApp('/my-account/payment-update/failed');
    const page = await screen.findByTestId('payment-update-failed');
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Your payment details were not updated',
    );
    expect(within(page).getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await user.click(within(page).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.callsTo('POST', '/v1/subscription/update_payment')).toHaveLength(1);
  });
});

describe('/my-account/subscription: the status card in the grace period', () => {
  it('asks for new payment details when the renewal is overdue', async () => {
    installFakeApi({
      user: paidUser({ product: BASIC, stripe_price_id: 'price_y', stripe_subscription_end: 1_600_000_000 }),
      routes: {
        'GET /v1/subscription/product/list': productList(),
        'GET /v1/subscription/cancelat': () => json({ status: 'active' }),
      },
    });
    renderApp('/my-account/subscription');
    const overdue = await screen.findByTestId('renewal-overdue');
    expect(overdue).toHaveTextContent('The renewal of your plan could not be charged.');
    expect(screen.getByText(/^Term ended on \d{2}\.\d{2}\.2020, payment open$/)).toBeInTheDocument();
    expect(within(overdue).getByRole('link', { name: 'Update payment details' })).toHaveAttribute(
      'href',
      '/my-account/update-payment-details',
    );
  });
});
