import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from '@/lib/router';
import { App } from '@/app/App';
import { ROUTES, type AppRouteDefinition } from '@/app/route-table';
import { routeOfPath } from '@/app/route-of-path';
import { buildRouteObjects, loadSignedInShell } from '@/app/router';
import { isSignedInAccess, textScopeOf } from '@/app/access-classes';
import {
  createI18nInstance,
  detectInitialLanguage,
  isUiLanguage,
  mirrorStoredLanguage,
} from '@/lib/i18n-core';
import { readEarly } from '@/lib/api-client';
import { createSessionStore } from '@/lib/session';
import { loadTexts } from '@/lib/texts';

/**
 * The installable app's service worker (issue 36, build/pwa.ts): registered after the page has
 * loaded, in a build only (the dev server has no /sw.js). App code stays fresh: navigations go to
 * the network first and hashed files never change; only the offline screens' answers are kept.
 */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  });
}

registerServiceWorker();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const session = createSessionStore();
// Ask "who is signed in?" while the brand config and the texts load, not after them.
session.fetch().catch(() => undefined);

const language = detectInitialLanguage();
mirrorStoredLanguage();
const i18n = createI18nInstance(language);

// A screen that needs all of its language's texts loads them with its own module.
const routes = ROUTES.map((route): AppRouteDefinition => {
  if (textScopeOf(route.access) === 'public') return route;
  return {
    ...route,
    module: async () => {
      const current = isUiLanguage(i18n.language) ? i18n.language : language;
      const [module] = await Promise.all([route.module(), loadTexts(i18n, current, 'all')]);
      return module;
    },
  };
});
/** The route of the page the visitor opened, with its params. */
const first = routeOfPath(window.location.pathname);
const firstRoute = first?.route;

// The first screen's code (and the signed-in shell around it) is fetched while the texts load,
// not after the router asks for it.
void firstRoute?.module().catch(() => undefined);
if (first && isSignedInAccess(first.route.access)) {
  void loadSignedInShell().catch(() => undefined);
  // And the screen's first data (the pet of a pet page) while all that loads.
  for (const read of first.route.earlyReads?.(first.params) ?? []) readEarly(read.path, read.query);
}
loadTexts(i18n, language, firstRoute ? textScopeOf(firstRoute.access) : 'all')
  .catch((error: unknown) => console.error('The texts could not be loaded', error))
  .finally(() => {
    const root = createRoot(rootElement);
    // As a transition, React renders the first screen in slices and lets the browser handle
    // input in between, instead of one long task (a phone's start).
    startTransition(() =>
      root.render(
        <StrictMode>
          <App session={session} i18n={i18n} router={createBrowserRouter(buildRouteObjects(routes))} />
        </StrictMode>,
      ),
    );
  });
