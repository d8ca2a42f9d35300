import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BrandId, PublicConfig, UserInfo } from '@pet/contract';
import { afterSignInPlan, safeContinueUrl } from '@/features/identity/sign-in-flow';
import { redirectFailure } from '@/features/identity/components/SignInScreen';
import {
  apiError,
  installFakeApi,
  json,
  locationOf,
  makeConfig,
  makeProduct,
  makeUser,
  renderApp,
  type RecordedCall,
} from './helpers';
import { enter, identityError, type User } from './identity-helpers';

// Lazy routes load slowly in jsdom on a busy machine: wait up to 5 s for what should appear.

const email = () => screen.getByRole('textbox', { name: 'E-mail address' });
const password = () => screen.getByLabelText(/^Password/);

/** A fake API whose sign-in answers `answer` and, on success, signs `user` in. */
function signInApi(options: {
  answer?: (call: RecordedCall) => Response;
  user?: UserInfo;
  brand?: BrandId;
  config?: Partial<PublicConfig['identity']>;
  extra?: Record<string, (call: RecordedCall) => Response | Promise<Response>>;
}) {
  const signedInUser = options.user ?? makeUser();
  const fake = installFakeApi({
    user: null,
    brand: options.brand,
    routes: {
      'GET /v1/config': () =>
        json({
          ...makeConfig(options.brand),
          identity: { ...makeConfig(options.brand).identity, ...options.config },
        }),
      'POST /identity/sign-in/email': (call) => {
        const answer = options.answer?.(call);
        if (answer) return answer;
        fake.state.user = signedInUser;
        return json({
          redirect: false,
          token: 't',
          user: { id: signedInUser.id, email: signedInUser.email },
        });
      },
      ...options.extra,
    },
  });
  return fake;
}

async function typeCredentials(user: User, mail: string, secret: string) {
  await enter(user, email(), mail);
  await enter(user, password(), secret);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in screen', () => {
  it('validates on blur with the spec keys', async () => {
    installFakeApi({ user: null });
    const { user } = renderApp('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Login' });

    fireEvent.blur(email());
    expect(await screen.findByText('Please enter your e-mail address.')).toBeInTheDocument();
    await user.type(email(), 'anna@');
    fireEvent.blur(email());
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();

    fireEvent.blur(password());
    expect(await screen.findByText('Please enter a password.')).toBeInTheDocument();
    await user.type(password(), '12345');
    fireEvent.blur(password());
    expect(await screen.findByText('The password must have at least 6 characters.')).toBeInTheDocument();
    await user.clear(password());
    await enter(user, password(), 'x'.repeat(31));
    fireEvent.blur(password());
    expect(await screen.findByText('Please use at most 30 characters.')).toBeInTheDocument();
  });

  it('toggles the password visibility and carries a valid typed e-mail to forgot password', async () => {
    installFakeApi({ user: null });
    const { user } = renderApp('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    const forgot = screen.getByRole('link', { name: 'Forgot password?' });
    expect(forgot).toHaveAttribute('href', '/forgot-password');
    await user.type(email(), 'anna');
    expect(forgot).toHaveAttribute('href', '/forgot-password');
    await enter(user, email(), '@example.com');
    expect(forgot).toHaveAttribute('href', '/forgot-password?email=anna%40example.com');

    expect(password()).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    await user.click(toggle);
    expect(password()).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the marketing links, the register link and the magic-link option; Google only when configured', async () => {
    signInApi({});
    const view = renderApp('/signin');
    const website = await screen.findByRole('navigation', { name: 'Website' });
    expect(within(website).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      'https://www.prime-pet.de/',
    );
    expect(within(website).getByRole('link', { name: 'Contact' })).toHaveAttribute(
      'href',
      'https://www.prime-pet.de/kontakt',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: 'Sign in with an e-mail link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    view.unmount();

    signInApi({ config: { google: true, magicLink: false } });
    renderApp('/signin');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with an e-mail link' })).not.toBeInTheDocument();
  });

  it('hides the register link in the brand that says so; the tracker brand shows the app block', async () => {
    installFakeApi({ user: null, brand: 'petclub' });
    const view = renderApp('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Get the app' })).not.toBeInTheDocument();
    view.unmount();

    installFakeApi({ user: null, brand: 'gpstracker' });
    renderApp('/signin');
    expect(await screen.findByRole('heading', { name: 'Get the app' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toBeInTheDocument();
  });

  it.each([
    [401, 'INVALID_EMAIL_OR_PASSWORD', 'The e-mail address or password is not correct.'],
    [438, 'USER_NOT_ON_THIS_PLATFORM', 'This account does not exist on this platform.'],
    [500, 'INTERNAL', 'Sign-in failed. Please try again.'],
    [400, 'SOMETHING_ELSE', 'Sign-in failed. Please try again.'],
    [429, 'TOO_MANY_REQUESTS', 'Too many attempts. Please wait a moment and try again.'],
  ])('answers %s %s with its text and stays on /signin', async (status, code, text) => {
    const fake = signInApi({ answer: () => identityError(status, code) });
    const { user, router } = renderApp('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await typeCredentials(user, 'anna@example.com', 'secret-123');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(locationOf(router)).toBe('/signin');
    // A 401 of the sign-in is an answer, not an expired session.
    expect(fake.callsTo('POST', '/identity/sign-out')).toHaveLength(0);
    const body = JSON.parse(fake.callsTo('POST', '/identity/sign-in/email')[0]!.body!) as Record<
      string,
      string
    >;
    expect(body).toEqual({ email: 'anna@example.com', password: 'secret-123' });
  });

  it('a banned user sees Account_Disabled with the admin message', async () => {
    signInApi({ answer: () => identityError(403, 'BANNED_USER', 'Your access was revoked by admin') });
    const { user } = renderApp('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await typeCredentials(user, 'anna@example.com', 'secret-123');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This account has been disabled.');
    expect(alert).toHaveTextContent('Your access was revoked by admin.');
  });

  it('an unverified e-mail: signs out and shows the Email_Verify_Failed alert with a resend', async () => {
    const fake = signInApi({
      answer: () => identityError(403, 'EMAIL_NOT_VERIFIED', 'Email not verified'),
      extra: { 'POST /v1/auth/verification/sendemail': () => json({ message: 'sent' }) },
    });
    const { user, router } = renderApp('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await typeCredentials(user, 'anna@example.com', 'secret-123');
    const dialog = await screen.findByRole('alertdialog', { name: 'Please confirm your e-mail address' });
    expect(dialog).toHaveTextContent('We have sent you an e-mail with a confirmation link.');
    expect(fake.callsTo('POST', '/identity/sign-out')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Send e-mail again' }));
    await waitFor(() => expect(fake.callsTo('POST', '/v1/auth/verification/sendemail')).toHaveLength(1));
    const body = JSON.parse(fake.callsTo('POST', '/v1/auth/verification/sendemail')[0]!.body!) as {
      email: string;
      url: string;
    };
    expect(body.email).toBe('anna@example.com');
    expect(body.url).toBe(`${window.location.origin}/`);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(locationOf(router)).toBe('/signin');
  });

  it('disables Sign in while the call runs', async () => {
    let release: (response: Response) => void = () => undefined;
    signInApi({
      extra: {
        'POST /identity/sign-in/email': () => new Promise<Response>((resolve) => (release = resolve)),
      },
    });
    const { user } = renderApp('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await typeCredentials(user, 'anna@example.com', 'secret-123');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled());
    release(identityError(401, 'INVALID_EMAIL_OR_PASSWORD'));
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('requests a magic link with a way back to the decision tree', async () => {
    const fake = signInApi({ extra: { 'POST /identity/sign-in/magic-link': () => json({ status: true }) } });
    const { user } = renderApp('/signin?continueUrl=%2Fmy-account%2Fbills');
    await user.click(await screen.findByRole('button', { name: 'Sign in with an e-mail link' }));
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    await user.type(email(), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect(await screen.findByText(/a sign-in link is on its way/)).toBeInTheDocument();
    const body = JSON.parse(fake.callsTo('POST', '/identity/sign-in/magic-link')[0]!.body!) as Record<
      string,
      string
    >;
    expect(body.email).toBe('anna@example.com');
    expect(new URL(body.callbackURL!).pathname).toBe('/signin');
    expect(new URL(body.callbackURL!).searchParams.get('finish')).toBe('1');
    expect(new URL(body.callbackURL!).searchParams.get('continueUrl')).toBe('/my-account/bills');
    expect(new URL(body.errorCallbackURL!).pathname).toBe('/signin');
  });

  it('shows the error a redirect brought back', async () => {
    installFakeApi({ user: null });
    const { router } = renderApp('/signin?error=USER_NOT_ON_THIS_PLATFORM');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account does not exist on this platform.',
    );
    await waitFor(() => expect(locationOf(router)).toBe('/signin'));
  });
});

describe('after sign-in (section 4)', () => {
  it('goes to continueUrl', async () => {
    signInApi({});
    const { user, router } = renderApp(`/signin?continueUrl=${encodeURIComponent('/my-account/bills?x=1')}`);
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await typeCredentials(user, 'anna@example.com', 'secret-123');
    await waitFor(() => expect(locationOf(router)).toBe('/my-account/bills?x=1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bills' })).toBeInTheDocument();
  });

  it('a user with a product goes to the dashboard', async () => {
    const fake = signInApi({});
    const { user, router } = renderApp('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await typeCredentials(user, 'anna@example.com', 'secret-123');
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Anna Muster' }),
    ).toBeInTheDocument();
    expect(fake.callsTo('POST', '/v1/auth/verifyemail')).toHaveLength(0);
  });

  it('the dog brand sends a user whose product came without a code to activation, sidebar hidden', async () => {
    signInApi({ brand: 'hundeschutz', user: makeUser({ product_associated: false }) });
    const { user, router } = renderApp('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await typeCredentials(user, 'anna@example.com', 'secret-123');
    await waitFor(() => expect(locationOf(router)).toBe('/my-account/activate-product'));
    await screen.findByRole('heading', { level: 1, name: 'Activate product' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('no product: confirms the e-mail first, then the dashboard (others) or activation with a message (dog)', async () => {
    const generic = signInApi({
      user: makeUser({ product: null, product_associated: false }),
      extra: { 'POST /v1/auth/verifyemail': () => json({ message: 'EMAIL IS VERIFIED' }) },
    });
    const first = renderApp('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await typeCredentials(first.user, 'anna@example.com', 'secret-123');
    await waitFor(() => expect(locationOf(first.router)).toBe('/dashboard'));
    expect(generic.callsTo('POST', '/v1/auth/verifyemail')).toHaveLength(1);
    first.unmount();

    const dog = signInApi({
      brand: 'hundeschutz',
      user: makeUser({ product: null, product_associated: false }),
      extra: { 'POST /v1/auth/verifyemail': () => json({ message: 'EMAIL IS VERIFIED' }) },
    });
    const second = renderApp('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await typeCredentials(second.user, 'anna@example.com', 'secret-123');
    await waitFor(() => expect(locationOf(second.router)).toBe('/my-account/activate-product'));
    expect(dog.callsTo('POST', '/v1/auth/verifyemail')).toHaveLength(1);
    expect(await screen.findByText(/Please activate your product/)).toBeInTheDocument();
  });

  it('signs in by a one-time token and goes to continueUrl, even over another signed-in user', async () => {
    const bert = makeUser({ id: 'user-2', name: 'Bert Token', email: 'bert@example.com' });
    const fake = installFakeApi({
      routes: {
        'POST /identity/one-time-token/verify': () => {
          fake.state.user = bert;
          return json({ session: {}, user: {} });
        },
      },
    });
    const { router, session } = renderApp(
      `/signin?continueUrl=${encodeURIComponent('/my-account/profile')}&token=tok-1`,
    );
    await waitFor(() => expect(locationOf(router)).toBe('/my-account/profile'));
    expect(JSON.parse(fake.callsTo('POST', '/identity/one-time-token/verify')[0]!.body!)).toEqual({
      token: 'tok-1',
    });
    await waitFor(() => expect(session.getState().data?.email).toBe('bert@example.com'));
  });

  it('an invalid token leaves the user on the sign-in form with an explanation', async () => {
    installFakeApi({
      user: null,
      routes: {
        'POST /identity/one-time-token/verify': () => identityError(400, 'BAD_REQUEST', 'Invalid token'),
      },
    });
    const { router } = renderApp('/signin?continueUrl=%2Fdashboard&token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link is no longer valid.');
    await waitFor(() => expect(locationOf(router)).toBe('/signin?continueUrl=%2Fdashboard'));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('?finish=1 (back from a magic link or Google) completes the sign-in', async () => {
    installFakeApi();
    const { router } = renderApp('/signin?finish=1&continueUrl=%2Femergency-data');
    await waitFor(() => expect(locationOf(router)).toBe('/emergency-data'));
  });
});

describe('sign-in rules', () => {
  it('accepts only paths of this app as continueUrl', () => {
    expect(safeContinueUrl('/my-account/bills?x=1#top')).toBe('/my-account/bills?x=1#top');
    expect(safeContinueUrl('https://evil.example/')).toBeNull();
    expect(safeContinueUrl('//evil.example/x')).toBeNull();
    expect(safeContinueUrl('/\\evil.example')).toBeNull();
    expect(safeContinueUrl('javascript:alert(1)')).toBeNull();
    expect(safeContinueUrl('/signin?continueUrl=%2F')).toBeNull();
    expect(safeContinueUrl('')).toBeNull();
  });

  it('decides where a user goes after sign-in', () => {
    const standard = { productVisibility: 'standard' as const };
    const dog = { productVisibility: 'activationFirst' as const };
    const withProduct = { product: makeProduct(), product_associated: true };
    const withoutCode = { product: makeProduct(), product_associated: false };
    const none = { product: null, product_associated: false };
    expect(afterSignInPlan(withoutCode, dog, '/pets')).toMatchObject({ to: '/pets', confirmEmail: false });
    expect(afterSignInPlan(withProduct, standard, null)).toMatchObject({
      to: '/dashboard',
      visibility: 'donthide',
    });
    expect(afterSignInPlan(withProduct, dog, null)).toMatchObject({
      to: '/dashboard',
      visibility: 'donthide',
    });
    expect(afterSignInPlan(withoutCode, dog, null)).toMatchObject({
      to: '/my-account/activate-product',
      visibility: 'hidesidebar',
    });
    expect(afterSignInPlan(none, standard, null)).toMatchObject({ to: '/dashboard', confirmEmail: true });
    expect(afterSignInPlan(none, dog, null)).toMatchObject({
      to: '/my-account/activate-product',
      confirmEmail: true,
      messageKey: 'identity.signIn.activateFirst',
    });
  });

  it('maps redirect errors to texts', () => {
    expect(redirectFailure('USER_NOT_ON_THIS_PLATFORM').key).toBe('User_Does_Not_Exist_On_This_Platform');
    expect(redirectFailure('INVALID_TOKEN').key).toBe('identity.signIn.linkInvalid');
    expect(redirectFailure('BANNED_USER')).toEqual({
      key: 'Account_Disabled',
      detailKey: 'Access_Revoked_Text',
    });
    expect(redirectFailure('account_not_linked').key).toBe('identity.signIn.accountNotLinked');
    expect(redirectFailure('whatever').key).toBe('Sign_In_Failed');
  });
});

// The ban during a running session: the next start shows why the user is out.
describe('a banned session', () => {
  it('lands on /signin with the admin message', async () => {
    installFakeApi({
      routes: {
        'GET /v1/auth/myinfo': () => apiError(401, 'Account_Disabled', 'Your access was revoked by admin'),
      },
    });
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your access was revoked by admin.');
  });
});
