/**
 * Our router: the part of React Router 7's data router API the app uses (route objects with lazy
 * modules, nested layouts, error boundaries, history, scroll restoration), in a few KiB instead
 * of React Router's ~26 KiB brotli on every first visit. Names and shapes follow React Router's.
 */
export type { HistoryAction, Location, Path, To } from './history';
export { createPath, parsePath } from './history';
export type { DataRouteObject, Params, PathMatch, PathPattern, RouteMatch, RouteObject } from './matching';
export { matchPath } from './matching';
export type { ErrorResponse, NavigateOptions, Router, RouterState } from './router';
export { createBrowserRouter, createMemoryRouter, isRouteErrorResponse } from './router';
export type { LinkProps, NavigateFunction, NavigateProps, SetSearchParams, UIMatch } from './components';
export {
  Link,
  Navigate,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from './components';
