import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json, makeProduct, makeUser, renderApp } from './helpers';

const FEED_URL = `http://localhost/calendar/${'x'.repeat(32)}.ics`;

describe('calendar subscription in Settings', () => {
  it('makes an address, shows it once with copy and calendar-app links, and switches it off after asking', async () => {
    let active = false;
    const api = installFakeApi({
      routes: {
        'GET /v1/calendar/feed': () =>
          json({ active, created_at: active ? '2026-11-25T10:00:00.000Z' : null }),
        'POST /v1/calendar/feed': () => {
          active = true;
          return json({ url: FEED_URL, created_at: '2026-11-25T10:00:00.000Z' });
        },
        'DELETE /v1/calendar/feed': () => {
          active = false;
          return json({ message: 'ok' });
        },
      },
    });
    const { user } = renderApp('/my-account/profile/settings');
    const section = await screen.findByRole('region', { name: 'Calendar subscription' });
    expect(await within(section).findByText('No calendar subscription yet.')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Make subscription address' }));
    expect(await within(section).findByRole('textbox', { name: 'Subscription address' })).toHaveValue(
      FEED_URL,
    );
    expect(within(section).getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      FEED_URL.replace('http:', 'webcal:'),
    );
    expect(api.callsTo('POST', '/v1/calendar/feed')).toHaveLength(1);

    await user.click(await within(section).findByRole('button', { name: 'Switch off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch the calendar subscription off?' });
    await user.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/v1/calendar/feed')).toHaveLength(1));
    expect(await within(section).findByText('No calendar subscription yet.')).toBeInTheDocument();
  });

  it('on the free plan shows the upsell and never asks the server', async () => {
    const api = installFakeApi({
      user: makeUser({ product: makeProduct({ is_default: true, name: 'Free' }) }),
    });
    renderApp('/my-account/profile/settings', { language: 'de' });
    const section = await screen.findByRole('region', { name: 'Kalender-Abonnement' });
    expect(within(section).getByText(/gehört zu den kostenpflichtigen Paketen/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Pakete ansehen' })).toHaveAttribute(
      'href',
      '/my-account/subscription',
    );
    expect(api.callsTo('GET', '/v1/calendar/feed')).toHaveLength(0);
  });
});
