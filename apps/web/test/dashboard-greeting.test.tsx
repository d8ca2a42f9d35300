import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, makeUser, renderApp } from './helpers';

/**
 * The dashboard's greeting (issue 14 item 23): "Welcome back" only from the second sign-in on;
 * the first signed-in session (myinfo first_sign_in) is greeted as new, in both languages.
 */
describe('dashboard greeting', () => {
  it.each([
    { language: 'en' as const, first: 'Welcome, Anna Muster', back: 'Welcome back, Anna Muster' },
    { language: 'de' as const, first: 'Willkommen, Anna Muster', back: 'Willkommen zurück, Anna Muster' },
  ])(
    'greets a first sign-in as new and a later one as returning ($language)',
    async ({ language, first, back }) => {
      installFakeApi({ user: makeUser({ first_sign_in: true }) });
      let view = renderApp('/dashboard', { language });
      expect(await screen.findByRole('heading', { level: 1, name: first })).toBeInTheDocument();
      expect(screen.queryByText(/back|zurück/)).not.toBeInTheDocument();
      view.unmount();

      installFakeApi({ user: makeUser({ first_sign_in: false }) });
      view = renderApp('/dashboard', { language });
      expect(await screen.findByRole('heading', { level: 1, name: back })).toBeInTheDocument();
      view.unmount();
    },
  );

  it('greets as returning when the server does not answer first_sign_in', async () => {
    const user = makeUser();
    delete user.first_sign_in;
    installFakeApi({ user });
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Anna Muster' }),
    ).toBeInTheDocument();
  });
});
