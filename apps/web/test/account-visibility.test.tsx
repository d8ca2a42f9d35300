import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setHeaderHiddenFor, successHomePath, mobileTokenOf } from '@/lib/mobile-embedding';
import { installFakeApi, json, locationOf, makeProduct, makeUser, renderApp } from './helpers';

// Whole-app renders are slow in jsdom on a busy machine: wait longer for the screens to settle.

afterEach(() => setHeaderHiddenFor(null));

describe('dashboard product visibility', () => {
  it('shows the skeleton of the cards instead of the cards for hideall and Loading', async () => {
    for (const state of ['hideall', 'Loading'] as const) {
      installFakeApi();
      const view = renderApp('/dashboard', { productVisibility: state });
      expect(await screen.findByRole('status', { name: 'Loading…' })).toHaveAttribute('aria-busy', 'true');
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

describe('product visibility on typed URLs (issue 14.1)', () => {
  it.each(['/dashboard', '/dashboard/my-pets', '/pet-details/Bello/pet-1', '/my-account/profile'])(
    'keeps a dog-brand user without product association on the activation page when %s is typed',
    async (path) => {
      // A fresh start (no sign-in screen ran, the flag starts at donthide), as after typing a URL.
      installFakeApi({ brand: 'hundeschutz', user: makeUser({ product_associated: false }) });
      const { router } = renderApp(path);
      await waitFor(() => expect(locationOf(router)).toBe('/my-account/activate-product'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Activate product' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Open menu/i })).not.toBeInTheDocument();
      // No breadcrumbs either: they would lead to the pages this user cannot open yet.
      expect(screen.queryByRole('navigation', { name: 'You are here' })).not.toBeInTheDocument();

      // Linked, not typed: still only the activation page.
      await router.navigate('/dashboard/my-appointments');
      await waitFor(() => expect(locationOf(router)).toBe('/my-account/activate-product'));
    },
  );

  it('gives the full app to a dog-brand user whose product is associated', async () => {
    installFakeApi({ brand: 'hundeschutz', user: makeUser({ product_associated: true }) });
    const { router } = renderApp('/dashboard/my-pets');
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(locationOf(router)).toBe('/dashboard/my-pets');
  });
});

describe('menu items hidden by the brand are unreachable (issue 14.5)', () => {
  it.each([
    ['hundeschutz', '/my-account/bills'],
    ['gpstracker', '/my-account/bills'],
    ['gpstracker', '/my-account/update-payment-details'],
    ['gpstracker', '/my-account/payment-update/failed'],
  ] as const)('sends a %s user on %s to the dashboard', async (brand, path) => {
    installFakeApi({ brand });
    const { router } = renderApp(path);
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome/ })).toBeInTheDocument();
  });

  it('sends a dog-brand promo user on Cancel subscription to the dashboard', async () => {
    installFakeApi({
      brand: 'hundeschutz',
      user: makeUser({ product: makeProduct({ internal_note: 'Promo' }) }),
    });
    const { router } = renderApp('/my-account/cancel-subscription');
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
  });

  it('keeps Bills and Update payment details for the brands that show them', async () => {
    installFakeApi({ brand: 'primepet' });
    const { router } = renderApp('/my-account/update-payment-details');
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    await waitFor(() => expect(locationOf(router)).toBe('/my-account/update-payment-details'));
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
