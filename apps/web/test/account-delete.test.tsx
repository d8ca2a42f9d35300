import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, installFakeApi, json, locationOf, renderApp } from './helpers';

// Whole-app renders are slow in jsdom on a busy machine: wait longer for the screens to settle.

describe('delete account', () => {
  it('asks first, deletes, shows the deleted screen and signs out to /signin on OK', async () => {
    const api = installFakeApi({
      routes: { 'POST /v1/auth/deleteuseracc': () => json({ message: 'Account deletion scheduled' }) },
    });
    const { user, router } = renderApp('/my-account/delete-account');
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Really delete your account?' });
    expect(api.callsTo('POST', '/v1/auth/deleteuseracc')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));

    expect(await screen.findByRole('heading', { name: 'Your account is being deleted' })).toBeInTheDocument();
    const call = api.callsTo('POST', '/v1/auth/deleteuseracc')[0]!;
    expect(new URL(call.url, 'http://localhost').searchParams.get('user_id')).toBe('user-1');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(locationOf(router)).toBe('/signin'));
    expect(api.callsTo('POST', '/identity/sign-out')).toHaveLength(1);
  });

  it('cancels in the dialog without deleting, and Cancel on the page goes to /', async () => {
    const api = installFakeApi();
    const { user, router } = renderApp('/my-account/delete-account');
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/v1/auth/deleteuseracc')).toHaveLength(0);
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(locationOf(router)).toBe('/'));
  });

  it('reports a failed deletion and stays', async () => {
    installFakeApi({ routes: { 'POST /v1/auth/deleteuseracc': () => apiError(500, 'Failure_Call_Text') } });
    const { user, router } = renderApp('/my-account/delete-account', { language: 'de' });
    await user.click(await screen.findByRole('button', { name: 'Konto löschen' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Endgültig löschen' }),
    );
    expect(
      await screen.findByText(
        'Der Dienst ist im Moment nicht verfügbar. Bitte versuchen Sie es später erneut.',
      ),
    ).toBeInTheDocument();
    expect(locationOf(router)).toBe('/my-account/delete-account');
    expect(screen.queryByRole('heading', { name: 'Ihr Konto wird gelöscht' })).not.toBeInTheDocument();
  });
});
