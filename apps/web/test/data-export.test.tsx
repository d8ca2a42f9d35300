import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DataExport } from '@pet/contract';
import { installFakeApi, json, makeProduct, makeUser, renderApp } from './helpers';

const base: DataExport = {
  id: 'exp-1',
  status: 'queued',
  progress: 0,
  files_done: 0,
  files_total: 0,
  size: null,
  created_at: '2026-11-25T10:00:00.000Z',
  finished_at: null,
  expires_at: null,
  download_url: null,
};

describe('Export my data in Settings', () => {
  it('starts the export, shows the progress bar while it is built (polled), then the download with its expiry', async () => {
    let state: DataExport | null = null;
    let polls = 0;
    const api = installFakeApi({
      // The free plan: the export is a right, never an upsell.
      user: makeUser({ product: makeProduct({ is_default: true, name: 'Free' }) }),
      routes: {
        'GET /v1/account/export': () => {
          if (state && state.status !== 'ready') {
            polls += 1;
            state =
              polls < 2
                ? { ...state, status: 'running', progress: 40, files_done: 20, files_total: 50 }
                : {
                    ...state,
                    status: 'ready',
                    progress: 100,
                    files_done: 50,
                    files_total: 50,
                    size: 12_400_000,
                    finished_at: '2026-11-25T10:01:00.000Z',
                    expires_at: '2026-12-02T10:01:00.000Z',
                    download_url: '/v1/account/export/file',
                  };
          }
          return json({ export: state });
        },
        'POST /v1/account/export': () => {
          state = { ...base, status: 'running', progress: 10, files_done: 5, files_total: 50 };
          return json({ export: state });
        },
      },
    });
    const { user } = renderApp('/my-account/profile/settings');
    const section = await screen.findByRole('region', { name: 'Export my data' });
    await user.click(await within(section).findByRole('button', { name: 'Export my data' }));

    const bar = await within(section).findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    expect(within(section).getByText(/10 % done/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/account/export')).toHaveLength(1);
    // Polled while running: 40 %, then ready.
    await waitFor(
      () => expect(within(section).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40'),
      {
        timeout: 4000,
      },
    );
    const download = await within(section).findByRole('link', { name: 'Download ZIP' }, { timeout: 4000 });
    expect(download).toHaveAttribute('href', '/v1/account/export/file');
    expect(within(section).getByTestId('data-export-status')).toHaveTextContent(/12\.4 MB/);
    expect(within(section).getByTestId('data-export-status')).toHaveTextContent(/Dec 2, 2026/);
    expect(within(section).queryByRole('progressbar')).toBeNull();
    const pollsWhenReady = api.callsTo('GET', '/v1/account/export').length;
    await new Promise((resolve) => setTimeout(resolve, 1800));
    // No polling once it is ready.
    expect(api.callsTo('GET', '/v1/account/export')).toHaveLength(pollsWhenReady);
  }, 15_000);

  it('shows a failed export with a retry that starts a new one (German)', async () => {
    let state: DataExport = { ...base, status: 'failed', finished_at: '2026-11-25T10:01:00.000Z' };
    const api = installFakeApi({
      routes: {
        'GET /v1/account/export': () => json({ export: state }),
        'POST /v1/account/export': () => {
          state = { ...base, id: 'exp-2', status: 'queued' };
          return json({ export: state });
        },
      },
    });
    const { user } = renderApp('/my-account/profile/settings', { language: 'de' });
    const section = await screen.findByRole('region', { name: 'Meine Daten exportieren' });
    expect(await within(section).findByText(/konnte nicht erstellt werden/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await within(section).findByText('Ihr Export wartet auf den Start…')).toBeInTheDocument();
    expect(within(section).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(api.callsTo('POST', '/v1/account/export')).toHaveLength(1);
  });

  it('after expiry offers a new export', async () => {
    installFakeApi({
      routes: {
        'GET /v1/account/export': () =>
          json({ export: { ...base, status: 'expired', expires_at: '2026-12-02T10:01:00.000Z' } }),
      },
    });
    renderApp('/my-account/profile/settings');
    const section = await screen.findByRole('region', { name: 'Export my data' });
    expect(await within(section).findByText(/expired on Dec 2, 2026/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Export my data' })).toBeEnabled();
    expect(within(section).queryByRole('link', { name: 'Download ZIP' })).toBeNull();
  });
});
