import { useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { I18n } from '@/lib/translator';
import type { ProductVisibilityState } from '@pet/contract';
import type { QueryClientHolder } from '@/lib/query-client-holder';
import { RouterProvider } from '@/lib/router';
import type { SessionStore } from '@/lib/session';
import { ConfigGate } from './ConfigGate';
import { AppProviders } from './providers';
import type { AppRouter } from './router';
import { installUnauthorizedHandler } from './session-actions';

export interface AppProps {
  /** The user info (main.tsx starts loading it before the app's code has arrived). */
  session: SessionStore;
  /**
   * A ready QueryClient (tests); without one, the first screen that uses queries creates it
   * (app/QueryProvider), so a signed-out visit does not load TanStack Query.
   */
  queryClient?: QueryClient;
  i18n: I18n;
  router: AppRouter;
  productVisibility?: ProductVisibilityState;
}

/** Providers, then the brand (GET /v1/config), then the routes. */
export function App({ session, queryClient, i18n, router, productVisibility }: AppProps) {
  const [queries] = useState<QueryClientHolder>(() => ({ client: queryClient }));
  // Any 401 of any call: sign out, forget the user, go to / (account-area section 4).
  useEffect(
    () => installUnauthorizedHandler({ session, queries }, router.navigate),
    [session, queries, router],
  );

  return (
    <AppProviders session={session} queries={queries} i18n={i18n} productVisibility={productVisibility}>
      <ConfigGate>
        <RouterProvider router={router} />
      </ConfigGate>
    </AppProviders>
  );
}
