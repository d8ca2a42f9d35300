import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BRANDS, isAccountMenuItemVisible } from '@pet/contract';
import { ROUTES } from '@/app/route-table';
import { isSignedInAccess } from '@/app/route-handle';
import { api } from '@/lib/api-client';
import { apiError, installFakeApi, json, locationOf, renderApp } from './helpers';

describe('route guards', () => {
  it('sends a signed-out user on a signed-in route to /signin with the encoded original URL', async () => {
    installFakeApi({ user: null });
    const { router } = renderApp('/my-account/bills?tokenI=abc&x=1');
    await waitFor(() =>
      expect(locationOf(router)).toBe(
        `/signin?continueUrl=${encodeURIComponent('/my-account/bills?tokenI=abc&x=1')}`,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  const continueTo = (url: string) => `/signin?continueUrl=${encodeURIComponent(url)}`;

  // Account-area section 2: one case per signed-in access class.
  it.each([
    // signedInHome: only the pages that find no user go to /, which goes to /signin.
    ['/my-account/profile', '/signin'],
    ['/my-account/profile/settings', '/signin'],
    // signedInRoot: / and /my-account go to /signin.
    ['/my-account', '/signin'],
    // signedIn: everything else keeps the original URL in continueUrl (issue 40.8: deep links
    // from reminder and finder mails land on their page after sign-in).
    ['/my-account/change-password', continueTo('/my-account/change-password')],
    ['/dashboard', continueTo('/dashboard')],
    ['/dashboard/my-pets', continueTo('/dashboard/my-pets')],
    ['/dashboard/my-appointments', continueTo('/dashboard/my-appointments')],
    ['/emergency-data', continueTo('/emergency-data')],
    ['/pet-details/Bello/pet-1', continueTo('/pet-details/Bello/pet-1')],
    [
      '/pet-details/Bello/pet-1/medical-data/allergies?x=1',
      continueTo('/pet-details/Bello/pet-1/medical-data/allergies?x=1'),
    ],
    [
      '/pet-details/Bello/pet-1/document-safe/dog-taxes/document?doc_id=d-1',
      continueTo('/pet-details/Bello/pet-1/document-safe/dog-taxes/document?doc_id=d-1'),
    ],
  ])('sends a signed-out visitor on %s to %s', async (path, target) => {
    installFakeApi({ user: null });
    const { router } = renderApp(path);
    await waitFor(() => expect(locationOf(router)).toBe(target));
  });

  it('sends every pet-details route to /signin with its URL, never to / first', () => {
    const petRoutes = ROUTES.filter((route) => route.path.startsWith('/pet-details/'));
    expect(petRoutes.length).toBeGreaterThan(40);
    for (const route of petRoutes) expect([route.path, route.access]).toEqual([route.path, 'signedIn']);
    const home = ROUTES.filter((route) => route.access === 'signedInHome').map((route) => route.path);
    expect(home.sort()).toEqual(['/my-account/profile', '/my-account/profile/settings']);
  });

  it('has an access class for every route, and every class of the spec is used', () => {
    const classes = new Set(ROUTES.map((route) => route.access));
    expect([...classes].sort()).toEqual([
      'open',
      'signedIn',
      'signedInHome',
      'signedInRoot',
      'signedOutOnly',
    ]);
    const classOf = (path: string) => ROUTES.find((route) => route.path === path)?.access;
    expect(classOf('/')).toBe('signedInRoot');
    expect(classOf('/my-account')).toBe('signedInRoot');
    expect(classOf('/pet-details/:name/:id/contacts')).toBe('signedIn');
    expect(classOf('/my-account/profile/settings')).toBe('signedInHome');
    expect(classOf('/my-account/bills')).toBe('signedIn');
    // /notfall is served by the server (works without JavaScript), not by the app.
    expect(classOf('/notfall')).toBeUndefined();
    expect(classOf('/forgot-password')).toBe('open');
  });

  it('sends a signed-out user on / to /signin', async () => {
    installFakeApi({ user: null });
    const { router } = renderApp('/');
    await waitFor(() => expect(locationOf(router)).toBe('/signin'));
  });

  it.each(['/signin', '/register', '/signin?continueUrl=%2Fmy-account'])(
    'sends a signed-in user on %s to /',
    async (path) => {
      installFakeApi();
      const { router } = renderApp(path);
      await waitFor(() => expect(locationOf(router)).toBe('/'));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Welcome back, Anna Muster' }),
      ).toBeInTheDocument();
    },
  );

  it('signs out first on /register with a different e-mail in the query, and stays', async () => {
    const api = installFakeApi();
    const { router } = renderApp('/register?email=someone.else%40example.com');
    expect(await screen.findByRole('heading', { name: 'Register' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/identity/sign-out')).toHaveLength(1);
    expect(locationOf(router)).toBe('/register?email=someone.else%40example.com');
  });

  it('sends a signed-in user on /register with their own e-mail to /', async () => {
    const api = installFakeApi();
    const { router } = renderApp('/register?email=Anna%40Example.com');
    await waitFor(() => expect(locationOf(router)).toBe('/'));
    expect(api.callsTo('POST', '/identity/sign-out')).toHaveLength(0);
  });

  it.each(['/forgot-password', '/reset-password?email=a%40b.de'])(
    'keeps the open route %s open for signed-in and signed-out users',
    async (path) => {
      installFakeApi({ user: null });
      const signedOut = renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      expect(locationOf(signedOut.router)).toBe(path);
      signedOut.unmount();

      installFakeApi();
      const signedIn = renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      expect(locationOf(signedIn.router)).toBe(path);
    },
  );

  it('keeps the open checkout page for signed-out users and sends signed-in users on to the subscription page', async () => {
    installFakeApi({ user: null });
    const signedOut = renderApp('/my-account/subscription/checkout?product_id=plan-1&pay_type=yearly');
    await screen.findByRole('heading', { level: 1 });
    expect(locationOf(signedOut.router)).toBe(
      '/my-account/subscription/checkout?product_id=plan-1&pay_type=yearly',
    );
    signedOut.unmount();

    installFakeApi();
    const signedIn = renderApp('/my-account/subscription/checkout?product_id=plan-1&pay_type=yearly');
    await waitFor(() =>
      expect(locationOf(signedIn.router)).toBe('/my-account/subscription?product_id=plan-1&pay_type=yearly'),
    );
  });

  it('shows every signed-in route of the table with its title inside the shell', async () => {
    // Screens that load a pet get one; every other call answers 404 and the screen shows its empty
    // or error state, which also has a heading.
    installFakeApi({
      routes: {
        'GET /v1/pet': () =>
          json({ id: 'pet-1', name: 'Bello', pet_type: 'Dog', gender: 'male', weights: [], image_url: null }),
        'GET /v1/contact/mycontacts': () => json([]),
        'GET /v1/medical/mypetmedicals': () => json([]),
        'GET /v1/document/mydocs': () => json([]),
        'GET /v1/appointment/mypetappointments': () => json([]),
        'GET /v1/appointment/myappointments': () => json([]),
      },
    });
    for (const route of ROUTES.filter(
      (entry) =>
        isSignedInAccess(entry.access) &&
        !['/', '/dashboard'].includes(entry.path) &&
        // A page of a menu entry the (default) brand hides sends to the dashboard (account-visibility tests).
        !(entry.menuItem && !isAccountMenuItemVisible(BRANDS.primepet, entry.menuItem)),
    )) {
      const path = route.path.replace(':name', 'Bello').replace(':id', 'pet-1');
      const view = renderApp(path);
      expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
      // Found and checked in one step: a screen may swap its loading title for the loaded one.
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 }), path).toBeInTheDocument());
      expect(locationOf(view.router), path).toBe(path);
      view.unmount();
    }
    // Every screen of the app renders here once: minutes on a busy 2-core machine.
  }, 240_000);

  it('on any 401 signs out, forgets the user and goes to / (then /signin)', async () => {
    const fake = installFakeApi({ routes: { 'GET /v1/pet': () => apiError(401, 'Session_Expired_Text') } });
    const { router, session } = renderApp('/my-account/profile');
    await screen.findByRole('navigation', { name: 'Main navigation' });

    await expect(api.get('/v1/pet', z.unknown(), { query: { pet_id: 'pet-1' } })).rejects.toMatchObject({
      status: 401,
      key: 'Session_Expired_Text',
    });
    await waitFor(() => expect(locationOf(router)).toBe('/signin'));
    expect(fake.callsTo('POST', '/identity/sign-out')).toHaveLength(1);
    expect(session.getState().data).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });
});
