import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { createAppRouter } from '@/app/router';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { sessionQueryOptions } from '@/lib/session';

/** Account-area "App start": no service worker may serve stale app code or intercept calls. */
function unregisterServiceWorkers(): void {
  navigator.serviceWorker
    ?.getRegistrations()
    .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
    .catch(() => undefined);
}

unregisterServiceWorkers();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// Ask "who is signed in?" while the brand config loads, not after it.
void queryClient.prefetchQuery(sessionQueryOptions);

createRoot(rootElement).render(
  <StrictMode>
    <App queryClient={queryClient} i18n={createI18n()} router={createAppRouter()} />
  </StrictMode>,
);
