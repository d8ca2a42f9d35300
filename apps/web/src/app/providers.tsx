import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { I18n } from '@/lib/translator';
import { I18nProvider } from '@/lib/i18n-react';
import { NotificationProvider } from '@/lib/notifications';
import { ProductVisibilityProvider } from '@/lib/product-visibility';
import type { ProductVisibilityState } from '@pet/contract';
import { THEME_MODE_STORAGE_KEY, createAppTheme } from '@/lib/theme';

const theme = createAppTheme();

/** Everything the screens rely on, brand aside (that one needs the config answer first). */
export function AppProviders({
  queryClient,
  i18n,
  productVisibility = 'donthide',
  children,
}: {
  queryClient: QueryClient;
  i18n: I18n;
  /** Where the product-visibility flag starts (account-area section 4); donthide normally. */
  productVisibility?: ProductVisibilityState;
  children: ReactNode;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider
          theme={theme}
          defaultMode="system"
          modeStorageKey={THEME_MODE_STORAGE_KEY}
          disableTransitionOnChange
          noSsr
        >
          <CssBaseline enableColorScheme />
          <NotificationProvider>
            <ProductVisibilityProvider initialState={productVisibility}>{children}</ProductVisibilityProvider>
          </NotificationProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
