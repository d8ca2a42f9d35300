import { matchPath, type Params } from '@/lib/router';
import { ROUTES, type AppRouteDefinition } from './route-table';

/**
 * The row of the route table a path shows, with its params (trailing slashes do not count). A row
 * with exactly this path is taken first: most paths are one, and they then need no pattern
 * compiled on a start. For main.tsx's first route and the breadcrumbs' links.
 */
export function routeOfPath(pathname: string): { route: AppRouteDefinition; params: Params } | undefined {
  const path = pathname.replace(/(.)\/+$/, '$1');
  const exact = ROUTES.find((route) => route.path === path);
  if (exact) return { route: exact, params: {} };
  for (const route of ROUTES) {
    const match = matchPath(route.path, path);
    if (match) return { route, params: match.params };
  }
  return undefined;
}
