import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, locationOf, makeUser, renderApp } from './helpers';

// Issue 14.21: the tracker brand's Tracker labels screen, read-only from the user's tracker ids.
const LABELS = ['ID', 'Name', 'Number', 'Battery', 'Speed', 'Position', 'Status', 'Last contact'];

describe('GPS trackers screen', () => {
  it("shows one card per tracker id with the spec's labels, reached from the sidebar", async () => {
    installFakeApi({ brand: 'gpstracker', user: makeUser({ tracker_ids: ['TRK-1001', 'TRK-2002'] }) });
    const { user, router } = renderApp('/my-account/profile');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'GPS trackers' }));
    await waitFor(() => expect(locationOf(router)).toBe('/my-account/trackers'));
    expect(await screen.findByRole('heading', { level: 1, name: 'GPS trackers' })).toBeInTheDocument();

    const card = screen.getByRole('region', { name: 'Tracker TRK-1001' });
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(LABELS);
    const values = within(card)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(values[0]).toBe('TRK-1001');
    // No call of the spec reports live tracker values: said so, nothing invented.
    expect(values.slice(1)).toEqual(Array(7).fill('Not reported'));
    expect(screen.getByRole('region', { name: 'Tracker TRK-2002' })).toBeInTheDocument();
    // Read-only: nothing to edit or submit.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows the empty state in German with the way to register a tracker', async () => {
    installFakeApi({ brand: 'gpstracker', user: makeUser({ tracker_ids: [], language: 'German' }) });
    renderApp('/my-account/trackers', { language: 'de' });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Noch kein Tracker registriert' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Produkt aktivieren' }),
    ).toHaveAttribute('href', '/my-account/activate-product');
  });

  it('is not there in brands without trackers: no menu entry, the URL goes to the dashboard', async () => {
    installFakeApi({ brand: 'primepet', user: makeUser({ tracker_ids: ['TRK-1001'] }) });
    const { router } = renderApp('/my-account/trackers');
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'GPS trackers' })).not.toBeInTheDocument();
  });
});
