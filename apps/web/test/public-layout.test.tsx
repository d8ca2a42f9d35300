import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, renderApp } from './helpers';

/**
 * The sign-in page's top bar keeps its theme menu and language dialog, now fetched on first use
 * (a first visit to /signin downloads neither MUI's Menu nor its Dialog).
 */
describe('public layout (sign-in top bar)', () => {
  it('opens the colour scheme menu on first click and applies the choice', async () => {
    installFakeApi({ user: null });
    const { user } = renderApp('/signin');
    const button = await screen.findByRole('button', { name: /^Colour scheme:/ });
    expect(button).toHaveAttribute('title', button.getAttribute('aria-label'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Dark' }));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Colour scheme: Dark' })).toBeInTheDocument();
  });

  it('opens the language dialog on first click and switches the page to German', async () => {
    installFakeApi({ user: null });
    const { user } = renderApp('/signin');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Change language' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: /Deutsch/ }));
    expect(await screen.findByRole('button', { name: 'Sprache ändern' })).toBeInTheDocument();
  });
});
