/**
 * What the web build tells the server about first visits (apps/web/build/route-preloads.ts writes
 * it, apps/server/src/http/route-preloads.ts reads it): per row of the app's route table, the
 * chunks a first visit to it loads beyond the entry's.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface RoutePreload {
  /** The route's pattern, as the app's router reads it (`/pet-details/:name/:id/my-pet`). */
  path: string;
  /** Its access class (apps/web/src/app/access-classes.ts). */
  access: string;
  /** A signed-in access class: the visit also loads the signed-in shell. */
  signedIn: boolean;
  /** Absolute URLs of the chunks, the route's own first. */
  files: string[];
}

export interface RoutePreloadsFile {
  routes: RoutePreload[];
}
