import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setHeaderHiddenFor } from '@/lib/mobile-embedding';
import { installFakeApi, json, locationOf, makeUser, renderApp } from './helpers';
import { PREMIUM, productList, queryOf } from './subscription-fixtures';

function orderStatus(status: string, paymentType = 'card') {
  return json({
    id: 'order-1',
    status,
    product_id: PREMIUM.id,
    product_name: 'Premium',
    payment_type: paymentType,
  });
}

describe('/my-account/subscription/successful', () => {
  it('shows the pending SEPA debit, keeps polling and reloads the user once it is paid', async () => {
    let status = 'processing';
    const api = installFakeApi({
      routes: { 'GET /v1/order/status': () => orderStatus(status, 'sepa_debit') },
    });
    renderApp('/my-account/subscription/successful?order_id=order-1');

    const pending = await screen.findByTestId('result-processing');
    expect(within(pending).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Your direct debit is being processed',
    );
    expect(pending).toHaveTextContent('Thank you for your order of Premium.');
    expect(queryOf(api.callsTo('GET', '/v1/order/status')[0]).get('id')).toBe('order-1');
    const myinfoBefore = api.callsTo('GET', '/v1/auth/myinfo').length;

    // Still pending at the next poll (about 1.5 s later).
    await waitFor(() => expect(api.callsTo('GET', '/v1/order/status').length).toBeGreaterThanOrEqual(2), {
      timeout: 4000,
    });
    expect(screen.getByTestId('result-processing')).toBeInTheDocument();
    expect(api.callsTo('GET', '/v1/auth/myinfo')).toHaveLength(myinfoBefore);

    status = 'paid';
    const paid = await screen.findByTestId('result-paid', {}, { timeout: 4000 });
    expect(paid).toHaveTextContent('Thank you for your order!');
    expect(paid).toHaveTextContent('Premium is now active.');
    expect(within(paid).getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(api.callsTo('GET', '/v1/auth/myinfo').length).toBeGreaterThan(myinfoBefore));

    // Settled: no more polling.
    const polls = api.callsTo('GET', '/v1/order/status').length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(api.callsTo('GET', '/v1/order/status')).toHaveLength(polls);
  });

  it('shows the confirmation in progress, then a failed payment with the way back to the plans', async () => {
    let status = 'placed';
    installFakeApi({
      routes: {
        'GET /v1/order/status': () => orderStatus(status),
        'GET /v1/subscription/product/list': productList(),
      },
    });
    const { user, router } = renderApp('/my-account/subscription/successful?order_id=order-1', {
      language: 'de',
    });
    expect(await screen.findByTestId('result-confirming')).toHaveTextContent('Ihre Zahlung wird bestätigt');
    status = 'failed';
    const failed = await screen.findByTestId('result-failed', {}, { timeout: 4000 });
    expect(failed).toHaveTextContent('Ihre Zahlung ist fehlgeschlagen');
    await user.click(within(failed).getByRole('link', { name: 'Zurück zu den Tarifen' }));
    await waitFor(() => expect(locationOf(router)).toBe('/my-account/subscription'));
  });

  it('deletes the order when 3-D Secure failed and says the bank declined', async () => {
    const api = installFakeApi({ routes: { 'DELETE /v1/order/delete': () => json({ message: 'deleted' }) } });
    renderApp(
      '/my-account/subscription/successful?order_id=order-1&payment_intent=pi_1&redirect_status=failed',
    );
    const declined = await screen.findByTestId('result-declined');
    expect(declined).toHaveTextContent('Your bank did not confirm the payment');
    expect(within(declined).getByRole('link', { name: 'Back to the plans' })).toHaveAttribute(
      'href',
      '/my-account/subscription',
    );
    await waitFor(() => expect(api.callsTo('DELETE', '/v1/order/delete')).toHaveLength(1));
    expect(queryOf(api.callsTo('DELETE', '/v1/order/delete')[0]).get('id')).toBe('order-1');
    expect(api.callsTo('GET', '/v1/order/status')).toHaveLength(0);
  });

  it('follows the order after 3-D Secure succeeded', async () => {
    installFakeApi({ routes: { 'GET /v1/order/status': () => orderStatus('paid') } });
    renderApp(
      '/my-account/subscription/successful?order_id=order-1&payment_intent=pi_1&redirect_status=succeeded',
    );
    expect(await screen.findByTestId('result-paid')).toBeInTheDocument();
  });

  it('leads back to the subscription page inside the mobile app', async () => {
    installFakeApi({ routes: { 'GET /v1/order/status': () => orderStatus('paid') } });
    setHeaderHiddenFor('user-1');
    try {
      renderApp('/my-account/subscription/successful?order_id=order-1');
      const paid = await screen.findByTestId('result-paid');
      expect(
        within(paid)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/my-account/subscription']);
    } finally {
      setHeaderHiddenFor(null);
    }
  });

  it('says when there is no order to follow, and offers a retry when the status cannot be loaded', async () => {
    installFakeApi({
      routes: {
        'GET /v1/order/status': () =>
          json({ statusCode: 500, error: 'x', message: 'x', key: 'Failure_Call_Text' }, 500),
      },
    });
    const { router } = renderApp('/my-account/subscription/successful');
    expect(await screen.findByTestId('result-no-order')).toHaveTextContent('No order found');
    await router.navigate('/my-account/subscription/successful?order_id=order-1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The status of your order could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/my-account/subscription/checkout', () => {
  it('shows the plans to a signed-out visitor with a sign-in round trip to the payment step', async () => {
    const api = installFakeApi({
      user: null,
      routes: { 'GET /v1/subscription/product/list': productList() },
    });
    renderApp('/my-account/subscription/checkout?product_id=plan-premium');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our plans' })).toBeInTheDocument();
    const premium = await screen.findByRole('article', { name: /^Premium/ });
    expect(within(premium).getByText('Selected')).toBeInTheDocument();
    expect(within(premium).getByText('59,99 €')).toBeInTheDocument();
    expect(within(premium).getByRole('link', { name: 'Sign in to buy' })).toHaveAttribute(
      'href',
      `/signin?continueUrl=${encodeURIComponent('/my-account/subscription?product_id=plan-premium&pay_type=yearly')}`,
    );
    const free = screen.getByRole('article', { name: /^Free/ });
    expect(within(free).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register for free' })).toHaveAttribute(
      'href',
      `/register?continueUrl=${encodeURIComponent('/my-account/subscription')}`,
    );
    expect(queryOf(api.callsTo('GET', '/v1/subscription/product/list')[0]).get('partner_id')).toBe(
      'primepet',
    );
  });

  it('keeps the interval chosen on the card in the round trip', async () => {
    installFakeApi({ user: null, routes: { 'GET /v1/subscription/product/list': productList() } });
    const { user } = renderApp('/my-account/subscription/checkout');
    const premium = await screen.findByRole('article', { name: /^Premium/ });
    await user.click(within(premium).getByRole('button', { name: 'Monthly' }));
    expect(within(premium).getByRole('link', { name: 'Sign in to buy' })).toHaveAttribute(
      'href',
      `/signin?continueUrl=${encodeURIComponent('/my-account/subscription?product_id=plan-premium&pay_type=monthly')}`,
    );
  });

  it('sends a signed-in user on to the subscription page', async () => {
    installFakeApi({ user: makeUser(), routes: { 'GET /v1/subscription/product/list': productList() } });
    const { router } = renderApp('/my-account/subscription/checkout');
    await waitFor(() => expect(locationOf(router)).toBe('/my-account/subscription'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Subscription management' }),
    ).toBeInTheDocument();
  });
});
