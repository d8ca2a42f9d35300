import { createBrowserRouter, type RouteObject } from '@/lib/router';
import { PageSkeleton } from '@/components/PageSkeleton';
import { SignedInGuard, SignedOutOnlyGuard } from './guards';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorBoundary } from './pages/RouteErrorBoundary';
import { ROUTES, type AppRouteDefinition } from './route-table';
import { isSignedInAccess, type AccessClass, type AppRouteHandle } from './route-handle';
import { RootLayout } from './RootLayout';
import { PublicLayout } from './shell/PublicLayout';

/** The signed-in shell's module (main.tsx starts it early on a first visit to a signed-in page). */
export const loadSignedInShell = () => import('./shell/SignedInLayout');

/** While the first route's code loads: the shape of the page instead of a blank screen. */
function FullPageSkeleton() {
  return <PageSkeleton fullPage sidebar={false} />;
}

/** One row of the route table as a lazy route (its module is its own chunk). */
function toRouteObject(definition: AppRouteDefinition): RouteObject {
  const handle: AppRouteHandle = {
    titleKey: definition.titleKey,
    access: definition.access,
    ...(definition.meta ? { meta: definition.meta } : {}),
    ...(definition.menuItem ? { menuItem: definition.menuItem } : {}),
  };
  return {
    path: definition.path,
    handle,
    // Static, so a chunk that fails to load is caught here too, inside the layout.
    ErrorBoundary: RouteErrorBoundary,
    lazy: async () => {
      const module = await definition.module();
      return { Component: module.Component };
    },
  };
}

function routesOf(
  routes: readonly AppRouteDefinition[],
  accepts: (access: AccessClass) => boolean,
): RouteObject[] {
  return routes.filter((route) => accepts(route.access)).map(toRouteObject);
}

/**
 * The route tree: access class decides the guard, the guard wraps the layout, the layout wraps
 * the screens. Exported for tests (createMemoryRouter) and used by createAppRouter.
 */
export function buildRouteObjects(routes: readonly AppRouteDefinition[] = ROUTES): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: FullPageSkeleton,
      children: [
        {
          Component: SignedOutOnlyGuard,
          children: [
            { Component: PublicLayout, children: routesOf(routes, (access) => access === 'signedOutOnly') },
          ],
        },
        {
          Component: PublicLayout,
          children: [
            ...routesOf(routes, (access) => access === 'open'),
            {
              path: '*',
              Component: NotFoundPage,
              handle: { titleKey: 'route.notFound', access: 'open' } satisfies AppRouteHandle,
            },
          ],
        },
        {
          Component: SignedInGuard,
          children: [
            {
              // The signed-in shell (sidebar, profile menu, breadcrumbs) and the brand's hidden
              // menu items are their own chunk: a first visit to /signin does not download them.
              lazy: async () => ({ Component: (await loadSignedInShell()).SignedInLayout }),
              children: routesOf(routes, isSignedInAccess),
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}

export type AppRouter = ReturnType<typeof createAppRouter>;
