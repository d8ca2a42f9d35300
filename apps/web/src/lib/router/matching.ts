import type { ComponentType } from 'react';

/**
 * Route objects and how a pathname picks its routes, as React Router 7 does it (its
 * flattenRoutes / rankRouteBranches / matchPath): every route that can end a match is a "branch"
 * (the route and its parents); branches are ranked by their segments (static beats :param beats
 * *), then tried in order. Matching ignores case and a trailing slash; params are decoded.
 * Not supported (nothing uses them): optional segments ("/:lang?"), index routes.
 */

/** What a lazy route's module adds to its route once loaded. */
export type LazyRouteProps = Partial<
  Pick<RouteObject, 'Component' | 'ErrorBoundary' | 'HydrateFallback' | 'handle'>
>;

export interface RouteObject {
  /** Unique; default the route's position in the tree ("0-2-1"). */
  id?: string;
  /** Absolute ("/a/:b") or relative to the parent; none for a layout route. */
  path?: string;
  caseSensitive?: boolean;
  /** Renders the route; its child routes render where it puts <Outlet/>. None: just the child. */
  Component?: ComponentType | null;
  /** Shown instead of Component when rendering or loading this route (or a child without one) fails. */
  ErrorBoundary?: ComponentType | null;
  /** Shown on the first load while the first screen's lazy modules load. */
  HydrateFallback?: ComponentType | null;
  /** Anything; useMatches() hands it out (titles, access classes, breadcrumbs). */
  handle?: unknown;
  children?: RouteObject[];
  /** Loads the route's Component (and friends) the first time the route is navigated to. */
  lazy?: () => Promise<LazyRouteProps>;
}

/** A route as the router holds it: with its id, and filled in by its lazy module once loaded. */
export interface DataRouteObject extends RouteObject {
  id: string;
  children?: DataRouteObject[];
}

export type Params = Readonly<Record<string, string | undefined>>;

export interface RouteMatch {
  /** Every param of the whole match (the same for each of its routes). */
  params: Params;
  /** The part of the URL this route matched. */
  pathname: string;
  pathnameBase: string;
  route: DataRouteObject;
}

export interface PathPattern {
  path: string;
  caseSensitive?: boolean;
  /** Must the pattern match the whole pathname (true) or only its start? */
  end?: boolean;
}

export interface PathMatch {
  params: Params;
  pathname: string;
  pathnameBase: string;
  pattern: PathPattern;
}

/** Gives every route an id (its position in the tree unless it has one) and copies the tree. */
export function toDataRoutes(
  routes: readonly RouteObject[],
  parentPath: readonly number[] = [],
): DataRouteObject[] {
  return routes.map((route, index) => {
    const treePath = [...parentPath, index];
    const id = route.id ?? treePath.join('-');
    return {
      ...route,
      id,
      children: route.children ? toDataRoutes(route.children, treePath) : undefined,
    };
  });
}

const joinPaths = (paths: readonly string[]) => paths.join('/').replace(/\/\/+/g, '/');
const isSplat = (segment: string) => segment === '*';

/**
 * Compiled patterns, by pattern and flags: the breadcrumbs and the first route's lookup match a
 * path against every row of the route table on each render (70 regular expressions built anew
 * each time showed in a phone's profile). The route table is fixed, so this stays small.
 */
const compiledPaths = new Map<string, [RegExp, string[]]>();

/** Compiles a pattern into a regular expression and the names of its params, in order (cached). */
function compilePath(path: string, caseSensitive: boolean, end: boolean): [RegExp, string[]] {
  const key = `${caseSensitive ? 'c' : 'i'}${end ? 'e' : 'p'}${path}`;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    compiled = compilePathNow(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}

function compilePathNow(path: string, caseSensitive: boolean, end: boolean): [RegExp, string[]] {
  const params: string[] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '') // the splat is added below
      .replace(/^\/*/, '/') // exactly one leading slash
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_match, name: string) => {
        params.push(name);
        return '/([^\\/]+)';
      });
  if (path.endsWith('*')) {
    params.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) {
    source += '\\/*$'; // trailing slashes are fine
  } else if (path !== '' && path !== '/') {
    source += '(?:(?=\\/|$))'; // a prefix ends at a segment boundary
  }
  return [new RegExp(source, caseSensitive ? undefined : 'i'), params];
}

/** Matches a pattern ("/pets/:id", end true by default) against a pathname; null if it does not. */
export function matchPath(pattern: PathPattern | string, pathname: string): PathMatch | null {
  const full: PathPattern =
    typeof pattern === 'string' ? { path: pattern, caseSensitive: false, end: true } : pattern;
  const [matcher, names] = compilePath(full.path, full.caseSensitive ?? false, full.end ?? true);
  const match = pathname.match(matcher);
  if (!match) return null;
  const matchedPathname = match[0];
  let pathnameBase = matchedPathname.replace(/(.)\/+$/, '$1');
  const params: Record<string, string> = {};
  names.forEach((name, index) => {
    const value = match[index + 1] ?? '';
    if (name === '*') {
      pathnameBase = matchedPathname.slice(0, matchedPathname.length - value.length).replace(/(.)\/+$/, '$1');
    }
    // The pathname was decoded segment by segment, with "/" inside a segment kept as %2F.
    params[name] = value.replace(/%2F/g, '/');
  });
  return { params, pathname: matchedPathname, pathnameBase, pattern: full };
}

interface Branch {
  path: string;
  score: number;
  /**
   * The number of segments a pathname needs to match the branch, or null with a splat (any
   * number): a quick test that spares compiling and running the patterns of most branches.
   */
  segmentCount: number | null;
  /** Per route of the branch: the route, its path relative to its parent, its sibling index. */
  routes: { route: DataRouteObject; relativePath: string; childIndex: number }[];
}

/** Static segments weigh most, then params; a splat costs; more segments rank higher. */
function computeScore(path: string): number {
  const segments = path.split('/');
  let score = segments.length + (segments.some(isSplat) ? -2 : 0);
  for (const segment of segments) {
    if (isSplat(segment)) continue;
    score += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

function flattenRoutes(
  routes: readonly DataRouteObject[],
  branches: Branch[] = [],
  parents: Branch['routes'] = [],
  parentPath = '',
): Branch[] {
  routes.forEach((route, childIndex) => {
    let relativePath = route.path ?? '';
    if (relativePath.startsWith('/')) {
      if (!relativePath.startsWith(parentPath)) {
        throw new Error(`Route path "${relativePath}" is not inside its parent's path "${parentPath}".`);
      }
      relativePath = relativePath.slice(parentPath.length);
    }
    const path = joinPaths([parentPath, relativePath]);
    const chain = [...parents, { route, relativePath, childIndex }];
    if (route.children?.length) flattenRoutes(route.children, branches, chain, path);
    // A layout route (no path) never ends a match by itself.
    if (route.path === undefined) return;
    const segments = path.split('/').filter((segment) => segment !== '');
    const segmentCount = segments.some(isSplat) ? null : segments.length;
    branches.push({ path, score: computeScore(path), segmentCount, routes: chain });
  });
  return branches;
}

/** Siblings keep their order in the tree; routes of different parents are equal. */
function compareChildIndexes(a: readonly number[], b: readonly number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((value, index) => value === b[index]);
  return siblings ? (a.at(-1) ?? 0) - (b.at(-1) ?? 0) : 0;
}

export function rankBranches(routes: readonly DataRouteObject[]): Branch[] {
  return flattenRoutes(routes).sort((a, b) =>
    a.score !== b.score
      ? b.score - a.score
      : compareChildIndexes(
          a.routes.map((entry) => entry.childIndex),
          b.routes.map((entry) => entry.childIndex),
        ),
  );
}

function matchBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const params: Record<string, string | undefined> = {};
  let matchedPathname = '/';
  const matches: RouteMatch[] = [];
  for (const [index, { route, relativePath }] of branch.routes.entries()) {
    const end = index === branch.routes.length - 1;
    const remaining = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
    const match = matchPath(
      { path: relativePath, caseSensitive: route.caseSensitive ?? false, end },
      remaining,
    );
    if (!match) return null;
    Object.assign(params, match.params);
    matches.push({
      params,
      pathname: joinPaths([matchedPathname, match.pathname]),
      pathnameBase: joinPaths([matchedPathname, match.pathnameBase]).replace(/(.)\/+$/, '$1'),
      route,
    });
    if (match.pathnameBase !== '/') matchedPathname = joinPaths([matchedPathname, match.pathnameBase]);
  }
  return matches;
}

/** Each segment decoded ("%20" is a space), a "/" inside one kept encoded as %2F. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname; // a malformed escape: match the raw path
  }
}

/** The routes a pathname renders, root first; null when no route matches it. */
export function matchRoutes(branches: readonly Branch[], pathname: string): RouteMatch[] | null {
  const decoded = decodePath(pathname);
  const segmentCount = decoded.split('/').filter((segment) => segment !== '').length;
  for (const branch of branches) {
    if (branch.segmentCount !== null && branch.segmentCount !== segmentCount) continue;
    const matches = matchBranch(branch, decoded);
    if (matches) return matches;
  }
  return null;
}
