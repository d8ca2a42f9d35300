import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BRANDS } from '@pet/contract';
import { apiError, installFakeApi, json, locationOf, makeUser, renderApp } from './helpers';

// Whole-app renders are slow in jsdom on a busy machine: wait longer for the screens to settle.

function withModify(api: ReturnType<typeof installFakeApi>) {
  return (call: { body: string | undefined }) => {
    api.state.user = { ...api.state.user!, ...(JSON.parse(call.body ?? '{}') as object) };
    return json(api.state.user);
  };
}

describe('settings', () => {
  it('saves the language with modify and switches the UI at once', async () => {
    const routes: Parameters<typeof installFakeApi>[0] = { routes: {} };
    const api = installFakeApi(routes);
    routes.routes!['POST /v1/auth/modify'] = withModify(api);
    const { user, i18n } = renderApp('/my-account/profile/settings');
    const group = await screen.findByRole('radiogroup', { name: 'Language' });
    expect(within(group).getByRole('radio', { name: 'English' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Deutsch' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Einstellungen' })).toBeInTheDocument();
    expect(i18n.language).toBe('de');
    await waitFor(() => expect(api.callsTo('POST', '/v1/auth/modify')).toHaveLength(1));
    expect(JSON.parse(api.callsTo('POST', '/v1/auth/modify')[0]!.body!)).toEqual({ language: 'German' });
    expect(await screen.findByText('Ihre Sprache wurde gespeichert.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('radiogroup', { name: 'Sprache' })).getByRole('radio', { name: 'Deutsch' }),
    ).toBeChecked();
  });

  it('puts the UI language back when the save fails', async () => {
    installFakeApi({ routes: { 'POST /v1/auth/modify': () => apiError(500, 'Failure_Call_Text') } });
    const { user, i18n } = renderApp('/my-account/profile/settings');
    const group = await screen.findByRole('radiogroup', { name: 'Language' });
    await user.click(within(group).getByRole('radio', { name: 'Deutsch' }));
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(
      await screen.findByText('The service is not available at the moment. Please try again later.'),
    ).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'English' })).toBeChecked();
  });

  it('speaks the stored language: an account stored in German turns an English UI German', async () => {
    installFakeApi({ user: makeUser({ language: 'German' }) });
    const { i18n } = renderApp('/my-account/profile/settings', { language: 'en' });
    // The heading and the choice agree with what is stored, not with the browser's language.
    expect(await screen.findByRole('heading', { level: 1, name: 'Einstellungen' })).toBeInTheDocument();
    expect(i18n.language).toBe('de');
    const group = screen.getByRole('radiogroup', { name: 'Sprache' });
    expect(within(group).getByRole('radio', { name: 'Deutsch' })).toBeChecked();
  });

  it("stores the sidebar's Change language too, and Settings shows it", async () => {
    const routes: Parameters<typeof installFakeApi>[0] = { routes: {} };
    const api = installFakeApi(routes);
    routes.routes!['POST /v1/auth/modify'] = withModify(api);
    const { user, i18n, router } = renderApp('/my-account/profile/settings');
    await screen.findByRole('radiogroup', { name: 'Language' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const changeLanguage = within(nav).queryByRole('button', { name: 'Change language' });
    if (!changeLanguage) await user.click(within(nav).getByRole('button', { name: /My account/ }));
    await user.click(within(nav).getByRole('button', { name: 'Change language' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deutsch' }));

    await waitFor(() => expect(api.callsTo('POST', '/v1/auth/modify')).toHaveLength(1));
    expect(JSON.parse(api.callsTo('POST', '/v1/auth/modify')[0]!.body!)).toEqual({ language: 'German' });
    expect(i18n.language).toBe('de');
    // The dialog fades out (while it does, the page behind it is hidden from assistive technology).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      within(screen.getByRole('radiogroup', { name: 'Sprache' })).getByRole('radio', { name: 'Deutsch' }),
    ).toBeChecked();
    // Still German after the next page: the stored language and the UI agree.
    await router.navigate('/my-account/profile');
    await waitFor(() => expect(i18n.language).toBe('de'));
  });

  it('saves the address from the User Administration accordion with PUT /v1/user/update?id=', async () => {
    const api = installFakeApi({
      user: makeUser({ address_1: 'Hauptstraße 1', city: 'Berlin', country: 'Deutschland' }),
      routes: { 'PUT /v1/user/update': () => json({ message: 'Address saved' }) },
    });
    const { user } = renderApp('/my-account/profile/settings');
    await user.click(await screen.findByRole('button', { name: /User Administration/ }));
    const form = await screen.findByRole('form', { name: 'Address' });
    const save = within(form).getByRole('button', { name: 'Save address' });
    expect(within(form).getByRole('textbox', { name: 'Street and house number' })).toHaveValue(
      'Hauptstraße 1',
    );
    expect(save).toBeDisabled();

    await user.type(within(form).getByRole('textbox', { name: 'Additional address line' }), 'Hinterhaus');
    await user.type(within(form).getByRole('textbox', { name: 'Postal code' }), '10115');
    await user.type(within(form).getByRole('textbox', { name: 'Phone number' }), '+49 30 123');
    await user.clear(within(form).getByRole('textbox', { name: 'Country' }));
    expect(save).toBeEnabled();
    await user.click(save);

    await waitFor(() => expect(api.callsTo('PUT', '/v1/user/update')).toHaveLength(1));
    const call = api.callsTo('PUT', '/v1/user/update')[0]!;
    expect(new URL(call.url, 'http://localhost').searchParams.get('id')).toBe('user-1');
    expect(JSON.parse(call.body!)).toEqual({
      address_1: 'Hauptstraße 1',
      address_2: 'Hinterhaus',
      zipcode: '10115',
      phone: '+49 30 123',
      city: 'Berlin',
      country: '',
    });
    expect(await screen.findByText('Saved successfully.')).toBeInTheDocument();
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('switches stay logged in with modify', async () => {
    const routes: Parameters<typeof installFakeApi>[0] = { routes: {} };
    const api = installFakeApi(routes);
    routes.routes!['POST /v1/auth/modify'] = withModify(api);
    const { user } = renderApp('/my-account/profile/settings');
    const toggle = await screen.findByRole('switch', { name: 'Stay logged in' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(api.callsTo('POST', '/v1/auth/modify')).toHaveLength(1));
    expect(JSON.parse(api.callsTo('POST', '/v1/auth/modify')[0]!.body!)).toEqual({ stay_loggedin: false });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Stay logged in' })).not.toBeChecked());
  });

  it("opens the brand's FAQ in a new tab and logs out to /", async () => {
    const api = installFakeApi({ brand: 'tierfritz' });
    const { user, router } = renderApp('/my-account/profile/settings');
    const help = await screen.findByRole('link', { name: /Help/ });
    expect(help).toHaveAttribute('href', BRANDS.tierfritz.faqUrl);
    expect(help).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(api.callsTo('POST', '/identity/sign-out')).toHaveLength(1));
    // Signed out at /, the guard then sends the visitor on to the sign-in screen.
    await waitFor(() => expect(locationOf(router)).toBe('/signin'));
  });
});
