import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { I18n } from '@/lib/translator';
import { I18nProvider } from '@/lib/i18n-react';
import { NotificationProvider } from '@/lib/notifications';
import { ProductVisibilityProvider } from '@/lib/product-visibility';
import { QueryClientHolderContext, type QueryClientHolder } from '@/lib/query-client-holder';
import { SessionStoreContext, type SessionStore } from '@/lib/session';
import type { ProductVisibilityState } from '@pet/contract';
import { THEME_MODE_STORAGE_KEY, createAppTheme } from '@/lib/theme';

/**
 * Made at the first render, not when this module is evaluated: building the theme (both colour
 * schemes and their CSS variables) is one of the costliest steps of a start, and main.tsx asks
 * for the session, the route's code and its data before anything renders.
 */
let theme: ReturnType<typeof createAppTheme> | undefined;
const appTheme = () => (theme ??= createAppTheme());

/** Everything the screens rely on, brand aside (that one needs the config answer first). */
export function AppProviders({
  session,
  queries,
  i18n,
  productVisibility = 'donthide',
  children,
}: {
  session: SessionStore;
  queries: QueryClientHolder;
  i18n: I18n;
  /** Where the product-visibility flag starts (account-area section 4); donthide normally. */
  productVisibility?: ProductVisibilityState;
  children: ReactNode;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <SessionStoreContext value={session}>
        <QueryClientHolderContext value={queries}>
          <ThemeProvider
            theme={appTheme()}
            defaultMode="system"
            modeStorageKey={THEME_MODE_STORAGE_KEY}
            disableTransitionOnChange
            noSsr
          >
            <CssBaseline enableColorScheme />
            <NotificationProvider>
              <ProductVisibilityProvider initialState={productVisibility}>
                {children}
              </ProductVisibilityProvider>
            </NotificationProvider>
          </ThemeProvider>
        </QueryClientHolderContext>
      </SessionStoreContext>
    </I18nProvider>
  );
}
