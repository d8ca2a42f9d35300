import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json, locationOf, renderApp, type RecordedCall } from './helpers';
import { enter, field, identityError, type User } from './identity-helpers';

// Lazy routes load slowly in jsdom on a busy machine: wait up to 5 s for what should appear.

describe('forgot password', () => {
  it('validates the e-mail and goes to /reset-password?email= after sending', async () => {
    const fake = installFakeApi({
      user: null,
      routes: { 'POST /v1/auth/password/reset': () => json({ message: 'sent' }) },
    });
    const { user, router } = renderApp('/forgot-password');
    await screen.findByRole('heading', { level: 1, name: 'Forgot password' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter your e-mail address.')).toBeInTheDocument();
    await enter(user, field('E-mail address'), 'max@');
    fireEvent.blur(field('E-mail address'));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    await enter(user, field('E-mail address'), 'example.org');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(locationOf(router)).toBe('/reset-password?email=max%40example.org'));
    expect(JSON.parse(fake.callsTo('POST', '/v1/auth/password/reset')[0]!.body!)).toEqual({
      email: 'max@example.org',
      url: `${window.location.origin}/reset-password`,
      handle_code_in_app: false,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Resend e-mail' })).toHaveAttribute(
      'href',
      '/forgot-password?email=max%40example.org',
    );
  });

  it('takes the e-mail from the query, and the login button goes to /', async () => {
    installFakeApi({ user: null });
    renderApp('/forgot-password?email=anna%40example.com');
    expect(await screen.findByDisplayValue('anna@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
  });

  it('shows a refusal of the server (too many requests)', async () => {
    installFakeApi({
      user: null,
      routes: {
        'POST /v1/auth/password/reset': () =>
          json({ statusCode: 429, error: 'Too Many', message: 'x', key: 'Too_Many_Requests_Text' }, 429),
      },
    });
    const { user } = renderApp('/forgot-password?email=anna%40example.com');
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
  });
});

describe('reset password from the mail', () => {
  it('sets the new password with the token and goes to /signin', async () => {
    const fake = installFakeApi({
      user: null,
      routes: { 'POST /identity/reset-password': () => json({ status: true }) },
    });
    const { user, router } = renderApp('/reset-password?token=tok-123');
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
    await enter(user, field('New password'), 'neues-123');
    await enter(user, field('Confirm password'), 'neues-12');
    fireEvent.blur(field('Confirm password'));
    expect(await screen.findByText('Password does not match')).toBeInTheDocument();
    await enter(user, field('Confirm password'), '3');
    await waitFor(() => expect(screen.queryByText('Password does not match')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(locationOf(router)).toBe('/signin'));
    expect(JSON.parse(fake.callsTo('POST', '/identity/reset-password')[0]!.body!)).toEqual({
      token: 'tok-123',
      newPassword: 'neues-123',
    });
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
  });

  it('explains an invalid or used link and offers a new one', async () => {
    installFakeApi({
      user: null,
      routes: { 'POST /identity/reset-password': () => identityError(400, 'INVALID_TOKEN', 'invalid token') },
    });
    const { user } = renderApp('/reset-password?token=used');
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
    await enter(user, field('New password'), 'neues-123');
    await enter(user, field('Confirm password'), 'neues-123');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has already been used.',
    );
    expect(screen.getByRole('link', { name: 'New link' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('change password', () => {
  async function fill(user: User, old = 'alt-12345', next = 'neu-12345') {
    await enter(user, field('Current password'), old);
    await enter(user, field('New password'), next);
    await enter(user, field('Confirm password'), next);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('validates on blur: required, length, match; inputs capped at 30', async () => {
    installFakeApi();
    const { user } = renderApp('/my-account/change-password');
    await screen.findByRole('heading', { level: 1, name: 'Change password' });
    fireEvent.blur(field('Current password'));
    expect(await screen.findByText('Please enter a password.')).toBeInTheDocument();
    await enter(user, field('Current password'), 'alt-12345');
    await enter(user, field('New password'), '123');
    fireEvent.blur(field('New password'));
    expect(await screen.findByText('The password must have at least 6 characters.')).toBeInTheDocument();
    await enter(user, field('New password'), '456');
    await enter(user, field('Confirm password'), 'abc');
    fireEvent.blur(field('Confirm password'));
    expect(await screen.findByText('Password does not match')).toBeInTheDocument();
    for (const label of ['Current password', 'New password', 'Confirm password'])
      expect(field(label)).toHaveAttribute('maxlength', '30');
  });

  it.each([
    [identityError(400, 'INVALID_PASSWORD', 'Invalid password')],
    [identityError(500, 'INTERNAL', 'Something went wrong!')],
  ])('a wrong old password (or a 500) shows Invalid_Password_Text', async (answer) => {
    installFakeApi({ routes: { 'POST /identity/change-password': () => answer.clone() } });
    const { user } = renderApp('/my-account/change-password');
    await screen.findByRole('heading', { level: 1, name: 'Change password' });
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('The password is not correct.');
  });

  it('other failures show the server message and status', async () => {
    installFakeApi({
      routes: {
        'POST /identity/change-password': () =>
          identityError(400, 'CREDENTIAL_ACCOUNT_NOT_FOUND', 'Credential account not found'),
      },
    });
    const { user } = renderApp('/my-account/change-password');
    await screen.findByRole('heading', { level: 1, name: 'Change password' });
    await fill(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The password could not be changed.');
    expect(alert).toHaveTextContent('Credential account not found (400)');
  });

  it('success: signs out and goes to / (then /signin)', async () => {
    const fake = installFakeApi({
      routes: { 'POST /identity/change-password': (_call: RecordedCall) => json({ token: null }) },
    });
    const { user, router, session } = renderApp('/my-account/change-password');
    await screen.findByRole('heading', { level: 1, name: 'Change password' });
    await fill(user);
    await waitFor(() => expect(locationOf(router)).toBe('/signin'));
    expect(fake.callsTo('POST', '/identity/sign-out')).toHaveLength(1);
    expect(session.getState().data).toBeNull();
    expect(JSON.parse(fake.callsTo('POST', '/identity/change-password')[0]!.body!)).toEqual({
      currentPassword: 'alt-12345',
      newPassword: 'neu-12345',
      revokeOtherSessions: true,
    });
    expect(
      await screen.findByText('Your password has been changed. Please sign in again.'),
    ).toBeInTheDocument();
  });
});
