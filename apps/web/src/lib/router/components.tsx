import {
  Component,
  createContext,
  forwardRef,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ErrorInfo,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createPath, type Location, type Path, type To } from './history';
import type { Params, RouteMatch } from './matching';
import { resolveTo, type NavigateOptions, type Router, type RouterState } from './router';

/**
 * The router in React: RouterProvider renders the matched routes of the router's state, each
 * route's element with <Outlet/> standing for its child; hooks read the state. Same names and
 * shapes as React Router's, so screens only import from '@/lib/router'.
 */

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
/** Apart from the state so a navigation's "loading" step does not re-render every useLocation(). */
const LocationContext = createContext<Location | null>(null);

interface RouteContextValue {
  /** What <Outlet/> renders: the child route's element. */
  outlet: ReactNode;
  /** The matches down to this route. */
  matches: readonly RouteMatch[];
  /** In an ErrorBoundary: what it shows. */
  error?: unknown;
}

const RouteContext = createContext<RouteContextValue>({ outlet: null, matches: [] });

function useRequired<T>(value: T | null, hook: string): T {
  if (value === null) throw new Error(`${hook} must be used inside <RouterProvider>.`);
  return value;
}

function useRouter(): Router {
  return useRequired(useContext(RouterContext), 'useNavigate/Link/ScrollRestoration');
}

function useRouterState(): RouterState {
  return useRequired(useContext(StateContext), 'useMatches/useRouteError/ScrollRestoration');
}

export function useLocation(): Location {
  return useRequired(useContext(LocationContext), 'useLocation');
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): Promise<void>;
  (delta: number): Promise<void>;
}

/** A stable navigate function; its promise settles once the new location is the router's. */
export function useNavigate(): NavigateFunction {
  const router = useRouter();
  return useCallback<NavigateFunction>(
    (to: To | number, options?: NavigateOptions) =>
      typeof to === 'number' ? router.navigate(to) : router.navigate(to, options),
    [router],
  );
}

/** The params of the whole match ("/pet-details/:name/:id" gives name and id), decoded. */
export function useParams(): Params {
  const { matches } = useContext(RouteContext);
  return matches.at(-1)?.params ?? {};
}

export type SetSearchParams = (
  next: URLSearchParams | string | Record<string, string> | ((current: URLSearchParams) => URLSearchParams),
  options?: NavigateOptions,
) => void;

/** The query of the current location, and a setter that navigates to the same path with a new one. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const setSearchParams = useCallback<SetSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(searchParams)) : next;
      void navigate(`?${new URLSearchParams(value).toString()}`, options);
    },
    [navigate, searchParams],
  );
  return [searchParams, setSearchParams];
}

export interface UIMatch {
  id: string;
  pathname: string;
  params: Params;
  handle: unknown;
}

/** Every matched route of the current location, root first, with its `handle`. */
export function useMatches(): UIMatch[] {
  const { matches } = useRouterState();
  return useMemo(
    () =>
      matches.map(({ route, pathname, params }) => ({
        id: route.id,
        pathname,
        params,
        handle: route.handle,
      })),
    [matches],
  );
}

/** In an ErrorBoundary: the error it shows (thrown while rendering, or a failed lazy load). */
export function useRouteError(): unknown {
  const { error, matches } = useContext(RouteContext);
  const { errors } = useRouterState();
  const id = matches.at(-1)?.route.id;
  return error !== undefined ? error : id === undefined ? undefined : errors?.[id];
}

/** Where a layout route renders its matched child route. */
export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

export interface NavigateProps {
  to: To;
  replace?: boolean;
  state?: unknown;
}

/** Navigates when rendered (after the commit, as an effect); renders nothing. */
export function Navigate({ to, replace, state }: NavigateProps): null {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // By value, so a new object with the same path does not navigate again.
  const target = JSON.stringify(resolveTo(to, { pathname, search: '', hash: '' }));
  useEffect(() => {
    void navigate(JSON.parse(target) as Path, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
}

/** A URL with a scheme or "//": another origin is left to the browser, our own becomes a path. */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

function internalPathOf(to: To): To | null {
  if (typeof to !== 'string' || !ABSOLUTE_URL.test(to)) return to;
  try {
    const url = new URL(to, window.location.href);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

const isModifiedClick = (event: MouseEvent) =>
  event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Default: replace when the link leads to the current URL, else push. */
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  /** A full page load instead of a client-side navigation. */
  reloadDocument?: boolean;
}

/**
 * An <a href> that navigates client-side on a plain left click. Clicks with a modifier or another
 * button, target="_blank", downloads, other origins and reloadDocument are left to the browser.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, preventScrollReset, reloadDocument, onClick, ...anchorProps },
  ref,
) {
  const router = useRouter();
  const location = useLocation();
  const internal = internalPathOf(to);
  const path = internal === null ? null : resolveTo(internal, location);
  const href = path === null ? String(to) : router.createHref(path);

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      path === null ||
      reloadDocument ||
      anchorProps.download !== undefined ||
      event.button !== 0 ||
      (anchorProps.target && anchorProps.target !== '_self') ||
      isModifiedClick(event)
    ) {
      return;
    }
    event.preventDefault();
    void router.navigate(path, {
      replace: replace ?? createPath(location) === createPath(path),
      state,
      preventScrollReset,
    });
  };

  return <a {...anchorProps} href={href} onClick={handleClick} ref={ref} />;
});

/**
 * Goes to the top of a new screen and back to the saved position on back/forward (by location
 * key, while the page lives); a location with a #hash scrolls to its element.
 */
export function ScrollRestoration(): null {
  const router = useRouter();
  const { location, restoreScrollPosition, preventScrollReset } = useRouterState();

  useEffect(() => {
    const disable = router.enableScrollRestoration(() => window.scrollY);
    // The browser would restore the position itself, before the screen is there.
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
      disable();
    };
  }, [router]);

  useLayoutEffect(() => {
    if (typeof restoreScrollPosition === 'number') {
      window.scrollTo(0, restoreScrollPosition);
      return;
    }
    if (location.hash) {
      try {
        const element = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (element) {
          element.scrollIntoView();
          return;
        }
      } catch {
        // a malformed hash: scroll as without one
      }
    }
    if (!preventScrollReset) window.scrollTo(0, 0);
  }, [location, restoreScrollPosition, preventScrollReset]);

  return null;
}

/** Used when no route above an error has an ErrorBoundary. */
function DefaultErrorBoundary() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : JSON.stringify(error);
  return (
    <>
      <h2>Unexpected Application Error!</h2>
      <p>{message}</p>
    </>
  );
}

interface RouteErrorBoundaryProps {
  /** The router's error for this route (a failed lazy load), if any. */
  error: unknown;
  location: Location;
  Fallback: ComponentType;
  context: RouteContextValue;
  children: ReactNode;
}

/**
 * Catches errors thrown while rendering the route or its children and shows the route's
 * ErrorBoundary instead; a new location tries the route again.
 */
class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { error: unknown; location: Location }> {
  constructor(props: RouteErrorBoundaryProps) {
    super(props);
    this.state = { error: props.error, location: props.location };
  }

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: { error: unknown; location: Location },
  ) {
    if (props.location !== state.location) return { error: props.error, location: props.location };
    return { error: props.error !== undefined ? props.error : state.error, location: state.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The router caught an error while rendering a route', error, info.componentStack);
  }

  override render() {
    const { Fallback, context, children } = this.props;
    if (this.state.error === undefined) return children;
    return (
      <RouteContext.Provider value={{ ...context, outlet: null, error: this.state.error }}>
        <Fallback />
      </RouteContext.Provider>
    );
  }
}

/**
 * The elements of the matched routes, nested: each route's Component with the child's element
 * as its outlet. Before the first location's modules are loaded, the nearest HydrateFallback
 * above them shows instead; a route with an error shows its ErrorBoundary and nothing below it.
 */
function renderMatches(state: RouterState): ReactNode {
  let matches = state.matches;
  let fallbackIndex = -1;
  if (!state.initialized) {
    // (A module may have loaded a moment before the state says so: then every match counts.)
    const firstLazy = matches.findIndex((match) => match.route.lazy);
    const upTo = firstLazy >= 0 ? firstLazy + 1 : matches.length;
    fallbackIndex = matches.slice(0, upTo).findLastIndex((match) => match.route.HydrateFallback);
    matches = matches.slice(0, Math.max(fallbackIndex, 0) + 1);
  }
  const { errors } = state;
  if (errors) {
    const errorIndex = matches.findIndex((match) => errors[match.route.id] !== undefined);
    if (errorIndex >= 0) matches = matches.slice(0, errorIndex + 1);
  }

  return matches.reduceRight<ReactNode>((outlet, match, index) => {
    const { route } = match;
    const context: RouteContextValue = { outlet, matches: state.matches.slice(0, index + 1) };
    const Screen = index === fallbackIndex ? route.HydrateFallback : route.Component;
    const element = (
      <RouteContext.Provider value={context}>{Screen ? <Screen /> : outlet}</RouteContext.Provider>
    );
    const Fallback = route.ErrorBoundary ?? (index === 0 ? DefaultErrorBoundary : null);
    if (!Fallback) return element;
    return (
      <RouteErrorBoundary
        error={errors?.[route.id]}
        location={state.location}
        Fallback={Fallback}
        context={context}
      >
        {element}
      </RouteErrorBoundary>
    );
  }, null);
}

/**
 * Renders the router's state. Its changes are rendered as transitions (as React Router does):
 * the current screen stays interactive while the next one renders, and code that waits for a
 * route change to be on screen sees it commit after the state that caused it.
 */
export function RouterProvider({ router }: { router: Router }): ReactNode {
  const [state, setState] = useState(router.state);

  useLayoutEffect(() => {
    const show = (next: RouterState) => startTransition(() => setState(next));
    const unsubscribe = router.subscribe(show);
    // A change between the first render and this subscription (a lazy module already loaded).
    show(router.state);
    return unsubscribe;
  }, [router]);

  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={state}>
        <LocationContext.Provider value={state.location}>{renderMatches(state)}</LocationContext.Provider>
      </StateContext.Provider>
    </RouterContext.Provider>
  );
}
