import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setHeaderHiddenFor, successHomePath, mobileTokenOf } from '@/lib/mobile-embedding';
import { installFakeApi, json, locationOf, makeUser, renderApp } from './helpers';

// Whole-app renders are slow in jsdom on a busy machine: wait longer for the screens to settle.

afterEach(() => setHeaderHiddenFor(null));

describe('dashboard product visibility', () => {
  it('shows the spinner instead of the cards for hideall and Loading', async () => {
    for (const state of ['hideall', 'Loading'] as const) {
      installFakeApi();
      const view = renderApp('/dashboard', { productVisibility: state });
      expect(await screen.findByRole('progressbar')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /My pets/ })).not.toBeInTheDocument();
      expect(locationOf(view.router)).toBe('/dashboard');
      view.unmount();
    }
  });

  it('shows the cards to a user without product association outside the dog brand', async () => {
    installFakeApi({ brand: 'primepet', user: makeUser({ product_associated: false }) });
    const { router } = renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Anna Muster' }),
    ).toBeInTheDocument();
    expect(locationOf(router)).toBe('/');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('sends a dog-brand user without product association to activation with the sidebar hidden', async () => {
    installFakeApi({ brand: 'hundeschutz', user: makeUser({ product_associated: false }) });
    const { router } = renderApp('/');
    await waitFor(() => expect(locationOf(router)).toBe('/my-account/activate-product'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Activate product' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument(),
    );
  });
});

describe('mobile app embedding', () => {
  it('reads tokenI / tokenA on Bills and Subscription only', () => {
    expect(mobileTokenOf('/my-account/bills', '?tokenI=abc')).toBe('abc');
    expect(mobileTokenOf('/my-account/subscription/', '?tokenA=xyz')).toBe('xyz');
    expect(mobileTokenOf('/my-account/profile', '?tokenI=abc')).toBeNull();
    expect(mobileTokenOf('/my-account/bills', '?tokenI=')).toBeNull();
    expect(successHomePath(true)).toBe('/my-account/subscription');
    expect(successHomePath(false)).toBe('/');
  });

  it('hides the header for a valid token and keeps it hidden on the following pages', async () => {
    const api = installFakeApi({
      routes: {
        'POST /v1/auth/mobiletoken/check': (call) =>
          json({ valid: (JSON.parse(call.body!) as { token: string }).token === 'good-token' }),
      },
    });
    const { router } = renderApp('/my-account/bills?tokenI=good-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bills' })).toBeInTheDocument();
    expect(JSON.parse(api.callsTo('POST', '/v1/auth/mobiletoken/check')[0]!.body!)).toEqual({
      token: 'good-token',
    });
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'You are here' })).not.toBeInTheDocument();

    await router.navigate('/my-account/subscription/successful');
    expect(await screen.findByRole('heading', { level: 1, name: 'No order found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
  });

  it('leads back to the subscription page after an activation inside the mobile app', async () => {
    installFakeApi({
      routes: {
        'POST /v1/auth/mobiletoken/check': () => json({ valid: true }),
        'POST /v1/auth/verifycode': () => json({ message: 'PRODUCT ACTIVATED', product: makeUser().product }),
      },
    });
    const { router, user } = renderApp('/my-account/subscription?tokenI=good');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Subscription management' }),
    ).toBeInTheDocument();
    await router.navigate('/my-account/activate-product');
    await user.type(await screen.findByRole('textbox', { name: /Activation code/ }), 'CODE');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(locationOf(router)).toBe('/my-account/subscription'));
  });

  it('signs out and goes to /signin when the token is not the stored one', async () => {
    const api = installFakeApi({
      routes: { 'POST /v1/auth/mobiletoken/check': () => json({ valid: false }) },
    });
    const { router } = renderApp('/my-account/subscription?tokenA=stolen');
    await waitFor(() => expect(locationOf(router)).toBe('/signin'));
    expect(api.callsTo('POST', '/identity/sign-out')).toHaveLength(1);
    // Nothing of the page was shown meanwhile.
    expect(
      screen.queryByRole('heading', { level: 1, name: 'Subscription management' }),
    ).not.toBeInTheDocument();
  });

  it('shows the header again for normal visits', async () => {
    installFakeApi();
    renderApp('/my-account/bills');
    expect(await screen.findByRole('button', { name: /Account menu/ })).toBeInTheDocument();
  });
});
