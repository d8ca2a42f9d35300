import {
  createBrowserHistory,
  createKey,
  createMemoryHistory,
  parsePath,
  type History,
  type HistoryAction,
  type Location,
  type MemoryHistoryOptions,
  type Path,
  type To,
} from './history';
import {
  matchRoutes,
  rankBranches,
  toDataRoutes,
  type DataRouteObject,
  type LazyRouteProps,
  type RouteMatch,
  type RouteObject,
} from './matching';

/**
 * The router outside React: the current location and its matched routes, navigation (loading a
 * lazy route's module before the screen changes, like React Router's data routers), history and
 * the saved scroll positions. RouterProvider renders its state; anything may call navigate().
 */

export interface RouterState {
  /** How the current location was reached. */
  historyAction: HistoryAction;
  location: Location;
  matches: RouteMatch[];
  /** False until the first location's lazy modules have loaded (HydrateFallback shows until then). */
  initialized: boolean;
  /** "loading" while a navigation waits for lazy modules; the current screen stays until then. */
  navigation: { state: 'idle'; location?: undefined } | { state: 'loading'; location: Location };
  /** Errors by the id of the route whose ErrorBoundary shows them (a failed lazy load, no match). */
  errors: Readonly<Record<string, unknown>> | null;
  /** For ScrollRestoration: a saved position to go back to, or null (top, or the hash). */
  restoreScrollPosition: number | null;
  preventScrollReset: boolean;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Keep the scroll position instead of going to the top. */
  preventScrollReset?: boolean;
}

export interface Router {
  readonly state: RouterState;
  readonly routes: DataRouteObject[];
  /** Resolves once the navigation is on the router's state (its modules loaded) or replaced by another. */
  navigate(to: To, options?: NavigateOptions): Promise<void>;
  /** Back (-1) or forward in the history; resolves once that location is the router's. */
  navigate(delta: number): Promise<void>;
  subscribe(listener: (state: RouterState) => void): () => void;
  createHref(to: To): string;
  /** Stops listening to the history. */
  dispose(): void;
  /** For ScrollRestoration: turns on saving the scroll position of each location left. */
  enableScrollRestoration(getY: () => number): () => void;
}

/** An HTTP-like error response; the router makes a 404 when no route matches. */
export class ErrorResponseImpl {
  readonly internal: boolean;
  readonly error?: Error;
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
    internal = false,
  ) {
    this.internal = internal;
    if (data instanceof Error) this.error = data;
  }
}

export type ErrorResponse = ErrorResponseImpl;

/** Is this an error response (as opposed to a thrown Error)? Same duck test as React Router's. */
export function isRouteErrorResponse(error: unknown): error is ErrorResponse {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    typeof error.status === 'number' &&
    'statusText' in error &&
    typeof error.statusText === 'string' &&
    'internal' in error &&
    typeof error.internal === 'boolean' &&
    'data' in error
  );
}

/** Resolves `to` against the current location: "?a=1" keeps the pathname, "../x" is relative to it. */
export function resolveTo(to: To, from: Path): Path {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  let pathname = from.pathname;
  if (parts.pathname) {
    if (parts.pathname.startsWith('/')) {
      pathname = parts.pathname;
    } else {
      const segments = from.pathname.replace(/\/+$/, '').split('/');
      for (const segment of parts.pathname.split('/')) {
        if (segment === '..') {
          if (segments.length > 1) segments.pop();
        } else if (segment !== '.') {
          segments.push(segment);
        }
      }
      pathname = segments.join('/') || '/';
    }
  }
  const search = parts.search && parts.search !== '?' ? parts.search : '';
  const hash = parts.hash && parts.hash !== '#' ? parts.hash : '';
  return {
    pathname,
    search: search && !search.startsWith('?') ? `?${search}` : search,
    hash: hash && !hash.startsWith('#') ? `#${hash}` : hash,
  };
}

/** The route whose ErrorBoundary shows an error of matches[index]: that route or the nearest parent. */
function boundaryOf(matches: readonly RouteMatch[], index: number): RouteMatch | undefined {
  for (let i = Math.min(index, matches.length - 1); i >= 0; i -= 1) {
    if (matches[i]?.route.ErrorBoundary) return matches[i];
  }
  return matches[0];
}

/** A lazy route's module is fetched once; a failed fetch is tried again on the next navigation. */
const lazyLoads = new WeakMap<DataRouteObject, Promise<void>>();

function loadLazyRoute(route: DataRouteObject): Promise<void> {
  const lazy = route.lazy;
  if (!lazy) return Promise.resolve();
  let loading = lazyLoads.get(route);
  if (!loading) {
    loading = lazy().then(
      (props: LazyRouteProps) => {
        // What the module gives fills the route in (a static property is not overridden, like
        // React Router), and the route is no longer lazy.
        for (const [key, value] of Object.entries(props) as [keyof LazyRouteProps, unknown][]) {
          if (route[key] === undefined) Object.assign(route, { [key]: value });
        }
        route.lazy = undefined;
      },
      (error: unknown) => {
        lazyLoads.delete(route);
        throw error;
      },
    );
    lazyLoads.set(route, loading);
  }
  return loading;
}

export interface CreateRouterOptions {
  routes: readonly RouteObject[];
  history: History;
}

export function createRouter({ routes: routeObjects, history }: CreateRouterOptions): Router {
  const routes = toDataRoutes(routeObjects);
  const branches = rankBranches(routes);
  const listeners = new Set<(state: RouterState) => void>();
  /** The newest navigation; an older one that finishes loading later is dropped. */
  let navigationId = 0;
  /** navigate(delta) waits for the popstate it causes. */
  let popWaiters: (() => void)[] = [];
  /** Scroll positions by location key, saved while ScrollRestoration is rendered (getY). */
  const scrollPositions: Record<string, number> = {};
  let getScrollY: (() => number) | null = null;

  /** The location's matches, or the root route with a 404 when nothing matches. */
  function matchLocation(location: Location): {
    matches: RouteMatch[];
    errors: Record<string, unknown> | null;
  } {
    const matches = matchRoutes(branches, location.pathname);
    if (matches) return { matches, errors: null };
    const root = routes[0];
    if (!root) throw new Error('The router has no routes.');
    const rootMatch: RouteMatch = { params: {}, pathname: '', pathnameBase: '/', route: root };
    const notFound = new ErrorResponseImpl(
      404,
      'Not Found',
      new Error(`No route matches URL "${location.pathname}"`),
      true,
    );
    return { matches: [rootMatch], errors: { [root.id]: notFound } };
  }

  /** Loads the lazy routes among the matches; a failure becomes an error of its boundary. */
  async function loadMatches(matches: readonly RouteMatch[]): Promise<Record<string, unknown> | null> {
    const results = await Promise.allSettled(matches.map((match) => loadLazyRoute(match.route)));
    let errors: Record<string, unknown> | null = null;
    results.forEach((result, index) => {
      if (result.status === 'fulfilled') return;
      const boundary = boundaryOf(matches, index);
      if (boundary && !(errors && boundary.route.id in errors)) {
        errors = { ...errors, [boundary.route.id]: result.reason };
      }
    });
    return errors;
  }

  const initialLocation = history.location;
  const initial = matchLocation(initialLocation);
  let state: RouterState = {
    historyAction: 'POP',
    location: initialLocation,
    matches: initial.matches,
    initialized: !initial.matches.some((match) => match.route.lazy),
    navigation: { state: 'idle' },
    errors: initial.errors,
    restoreScrollPosition: null,
    preventScrollReset: false,
  };

  function update(next: Partial<RouterState>): void {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener(state));
  }

  function complete(
    action: HistoryAction,
    location: Location,
    matches: RouteMatch[],
    errors: Record<string, unknown> | null,
    preventScrollReset: boolean,
  ): void {
    // The position of the screen being left, for when the user comes back to it.
    if (getScrollY) scrollPositions[state.location.key] = getScrollY();
    if (action === 'PUSH') history.push(location);
    else if (action === 'REPLACE') history.replace(location);
    update({
      historyAction: action,
      location,
      matches,
      initialized: true,
      navigation: { state: 'idle' },
      errors,
      restoreScrollPosition: getScrollY ? (scrollPositions[location.key] ?? null) : null,
      preventScrollReset,
    });
    // A back/forward asked for by navigate(delta) is done (or was overtaken by this navigation).
    const waiters = popWaiters;
    popWaiters = [];
    waiters.forEach((resolve) => resolve());
  }

  /**
   * The screen changes only once every module of the new location has loaded: until then the
   * current one stays (navigation.state "loading"). A newer navigation wins over a pending one.
   */
  function startNavigation(
    action: HistoryAction,
    location: Location,
    preventScrollReset = false,
  ): Promise<void> {
    const id = ++navigationId;
    const { matches, errors } = matchLocation(location);
    if (!matches.some((match) => match.route.lazy)) {
      complete(action, location, matches, errors, preventScrollReset);
      return Promise.resolve();
    }
    update({ navigation: { state: 'loading', location } });
    return loadMatches(matches).then((loadErrors) => {
      if (id === navigationId) complete(action, location, matches, loadErrors ?? errors, preventScrollReset);
    });
  }

  const unlisten = history.listen(({ location }) => void startNavigation('POP', location));

  function navigate(to: To | number, options: NavigateOptions = {}): Promise<void> {
    if (typeof to === 'number') {
      const popped = new Promise<void>((resolve) => popWaiters.push(resolve));
      history.go(to);
      return popped;
    }
    const location: Location = {
      ...resolveTo(to, state.location),
      state: options.state ?? null,
      key: createKey(),
    };
    return startNavigation(
      options.replace ? 'REPLACE' : 'PUSH',
      location,
      options.preventScrollReset ?? false,
    );
  }

  const router: Router = {
    get state() {
      return state;
    },
    routes,
    navigate: navigate as Router['navigate'],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    createHref: (to) => history.createHref(resolveTo(to, state.location)),
    dispose() {
      unlisten();
      listeners.clear();
    },
    enableScrollRestoration(getY) {
      getScrollY = getY;
      return () => {
        getScrollY = null;
      };
    },
  };

  // The first location's lazy modules load right away, before anything renders.
  if (!state.initialized) void startNavigation('POP', state.location);
  return router;
}

/** The app's router, on the browser's history. */
export function createBrowserRouter(routes: readonly RouteObject[]): Router {
  return createRouter({ routes, history: createBrowserHistory() });
}

/** A router on a history in memory (tests): `initialEntries` as in React Router. */
export function createMemoryRouter(
  routes: readonly RouteObject[],
  options: MemoryHistoryOptions = {},
): Router {
  return createRouter({ routes, history: createMemoryHistory(options) });
}
