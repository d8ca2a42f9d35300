import type { ReactElement } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@/lib/i18n-react';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { PageSkeleton } from '@/components/PageSkeleton';
import { createI18n } from '@/lib/i18n';
import { createAppTheme } from '@/lib/theme';
import { installFakeApi, renderApp } from './helpers';

function renderSkeleton(ui: ReactElement, language: 'en' | 'de' = 'en') {
  return render(
    <I18nProvider i18n={createI18n(language)}>
      <ThemeProvider theme={createAppTheme()}>{ui}</ThemeProvider>
    </I18nProvider>,
  );
}

describe('page skeleton', () => {
  it('is one loading status (in both languages) whose shapes are hidden from assistive technology', async () => {
    const { container } = renderSkeleton(<PageSkeleton variant="cards" />);
    const status = screen.getByRole('status', { name: 'Loading…' });
    expect(status).toHaveAttribute('aria-busy', 'true');
    // Title, subtitle and the four tiles of a dashboard.
    expect(container.querySelectorAll('.MuiSkeleton-root')).toHaveLength(6);
    expect(within(status).queryAllByRole('progressbar')).toHaveLength(0);
    expect(status.firstElementChild).toHaveAttribute('aria-hidden', 'true');

    renderSkeleton(<PageSkeleton variant="form" />, 'de');
    expect(screen.getByRole('status', { name: 'Wird geladen …' })).toBeInTheDocument();
  });

  it('draws the top bar and the sidebar before the shell exists (full page)', async () => {
    const { container } = renderSkeleton(<PageSkeleton fullPage variant="list" withTitle={false} />);
    // Logo and profile button, five sidebar entries, three list rows.
    expect(container.querySelectorAll('.MuiSkeleton-root')).toHaveLength(2 + 5 + 3);
  });

  it('stands in for a signed-in page while the session loads, instead of a spinner', async () => {
    // The user info never answers: the guard waits for it.
    installFakeApi({ routes: { 'GET /v1/auth/myinfo': () => new Promise<Response>(() => {}) } });
    renderApp('/my-account/profile');
    // The skeleton of each step (config, session) may replace the previous one: ask again each time.
    await waitFor(() => {
      expect(screen.getByTestId('page-skeleton')).toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    });
  });
});
