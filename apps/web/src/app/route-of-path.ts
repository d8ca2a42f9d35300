import { matchPath, type Params } from '@/lib/router';
import { ROUTES, type AppRouteDefinition } from './route-table';

/**
 * The row of the route table a path shows, with its params (trailing slashes do not count). A row
 * with exactly this path is taken first: most paths are one, and they then need no pattern
 * compiled on a start. For main.tsx's first route and the breadcrumbs' links.
 */
export function routeOfPath(pathname: string): RouteOfPath | undefined {
  // The breadcrumbs ask for every prefix of the path on every render: remembered answers (the
  // table is fixed), a few dozen paths at most.
  if (answers.has(pathname)) return answers.get(pathname);
  if (answers.size >= MAX_REMEMBERED) answers.clear();
  const answer = findRoute(pathname);
  answers.set(pathname, answer);
  return answer;
}

type RouteOfPath = { route: AppRouteDefinition; params: Params };
const MAX_REMEMBERED = 64;
const answers = new Map<string, RouteOfPath | undefined>();

function findRoute(pathname: string): RouteOfPath | undefined {
  const path = pathname.replace(/(.)\/+$/, '$1');
  const exact = ROUTES.find((route) => route.path === path);
  if (exact) return { route: exact, params: {} };
  // Only rows with as many segments can match (or a splat): most patterns are then neither
  // compiled nor run on a start.
  const segmentCount = countSegments(path);
  for (const route of ROUTES) {
    if (!route.path.includes('*') && countSegments(route.path) !== segmentCount) continue;
    const match = matchPath(route.path, path);
    if (match) return { route, params: match.params };
  }
  return undefined;
}

const countSegments = (path: string): number => path.split('/').filter(Boolean).length;
