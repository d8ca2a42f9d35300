import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  installFakeApi,
  json,
  makeProduct,
  makeUser,
  renderApp,
  type RecordedCall,
} from './helpers';

// Whole-app renders are slow in jsdom on a busy machine: wait longer for the screens to settle.

function modifyAnswer(body: string | undefined) {
  return json({ ...makeUser(), ...(JSON.parse(body ?? '{}') as object) });
}

// Whole-app renders with role queries take a few seconds in jsdom.
describe('profile', () => {
  it('shows the avatar, the name, the read-only e-mail and the ways on', async () => {
    installFakeApi({ user: makeUser({ product: makeProduct({ name: 'Premium' }) }) });
    renderApp('/my-account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Anna Muster');
    const email = screen.getByRole('textbox', { name: 'E-mail address' });
    expect(email).toHaveValue('anna@example.com');
    expect(email).toHaveAttribute('readonly');
    const links = screen.getByRole('navigation', { name: 'Your account' });
    expect(within(links).getByRole('link', { name: /My products/ })).toHaveAttribute(
      'href',
      '/my-account/subscription',
    );
    expect(within(links).getByText('Current plan: Premium')).toBeInTheDocument();
    expect(within(links).getByRole('link', { name: /My pets/ })).toHaveAttribute(
      'href',
      '/dashboard/my-pets',
    );
    expect(within(links).getByText('2 pets')).toBeInTheDocument();
    expect(within(links).getByRole('link', { name: /Settings/ })).toHaveAttribute(
      'href',
      '/my-account/profile/settings',
    );
    expect(screen.getByRole('button', { name: 'Add picture' })).toBeInTheDocument();
  });

  it('saves the name on blur and shows it in the top bar at once', async () => {
    const modify: RecordedCall[] = [];
    const api = installFakeApi({
      routes: {
        'POST /v1/auth/modify': (call) => {
          modify.push(call);
          api.state.user = { ...api.state.user!, ...(JSON.parse(call.body ?? '{}') as object) };
          return json(api.state.user);
        },
      },
    });
    const { user } = renderApp('/my-account/profile');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, '  Berta Beispiel ');
    await user.tab();
    await waitFor(() => expect(modify).toHaveLength(1));
    expect(JSON.parse(modify[0]!.body!)).toEqual({ name: 'Berta Beispiel' });
    expect(await screen.findByRole('button', { name: 'Account menu of Berta Beispiel' })).toBeInTheDocument();
    expect(await screen.findByText('Your name has been saved.')).toBeInTheDocument();
    // Leaving the unchanged field again does not save again.
    await user.click(name);
    await user.tab();
    expect(modify).toHaveLength(1);
  });

  it('shows Name_Error on blur for an empty name, Name_Length_Error for a short one, and saves nothing', async () => {
    const api = installFakeApi({ routes: { 'POST /v1/auth/modify': (call) => modifyAnswer(call.body) } });
    const { user } = renderApp('/my-account/profile');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText('Please enter a name.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    // Focus stays where the user went (a save on blur must not pull it back: that fought the crop dialog).
    expect(name).not.toHaveFocus();
    await user.type(name, 'Al');
    await user.tab();
    expect(await screen.findByText('The name must have 3 to 30 characters.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/auth/modify')).toHaveLength(0);
  });

  it('reports a failed save with the catalogue text', async () => {
    installFakeApi({ routes: { 'POST /v1/auth/modify': () => apiError(500, 'Failure_Call_Text') } });
    const { user } = renderApp('/my-account/profile');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Berta');
    await user.tab();
    expect(
      await screen.findByText('The service is not available at the moment. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('renders in German', async () => {
    installFakeApi({ user: makeUser({ pets: [{ id: 'p', name: 'Bello', image_url: null, type: 'Dog' }] }) });
    renderApp('/my-account/profile', { language: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeInTheDocument();
    expect(screen.getByText('1 Tier')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-Mail-Adresse' })).toBeInTheDocument();
  });
});
