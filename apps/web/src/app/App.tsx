import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { I18n } from '@/lib/translator';
import type { ProductVisibilityState } from '@pet/contract';
import { RouterProvider } from '@/lib/router';
import { ConfigGate } from './ConfigGate';
import { AppProviders } from './providers';
import type { AppRouter } from './router';
import { installUnauthorizedHandler } from './session-actions';

export interface AppProps {
  queryClient: QueryClient;
  i18n: I18n;
  router: AppRouter;
  productVisibility?: ProductVisibilityState;
}

/** Providers, then the brand (GET /v1/config), then the routes. */
export function App({ queryClient, i18n, router, productVisibility }: AppProps) {
  // Any 401 of any call: sign out, forget the user, go to / (account-area section 4).
  useEffect(() => installUnauthorizedHandler(queryClient, router.navigate), [queryClient, router]);

  return (
    <AppProviders queryClient={queryClient} i18n={i18n} productVisibility={productVisibility}>
      <ConfigGate>
        <RouterProvider router={router} />
      </ConfigGate>
    </AppProviders>
  );
}
