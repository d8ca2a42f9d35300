/**
 * What the web build tells the server about first visits (apps/web/build/route-preloads.ts writes
 * it, apps/server/src/http/route-preloads.ts reads it): per row of the app's route table, the
 * chunks a first visit to it loads beyond the entry's.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** GET of the signed-in user, the app's session store: the first call of every signed-in page. */
export const SESSION_READ_PATH = '/v1/auth/myinfo';

export interface RoutePreload {
  /** The route's pattern, as the app's router reads it (`/pet-details/:name/:id/my-pet`). */
  path: string;
  /** Its access class (apps/web/src/app/access-classes.ts). */
  access: string;
  /** A signed-in access class: the visit also loads the signed-in shell. */
  signedIn: boolean;
  /** Absolute URLs of the chunks, the route's own first. */
  files: string[];
  /** The texts the app loads before it shows the route (apps/web/src/app/access-classes.ts). */
  textScope: TextScope;
  /**
   * The GET calls the screen makes first (the route table's `earlyReads`), which the page's HTML
   * may start at once: a query value `:name` stands for the path's param of that name.
   */
  earlyReads?: EarlyReadTemplate[];
}

export interface EarlyReadTemplate {
  path: string;
  query: Record<string, string>;
}

/** The sign-in texts only (`public`), or those and the rest (`all`). */
export type TextScope = 'public' | 'all';
/** The parts of a language's texts, each one chunk (apps/web/src/lib/texts.ts). */
export type TextPart = 'public' | 'rest';

/** The text parts a scope needs, in the order they load: the app loads them, the server preloads them. */
export const TEXT_PARTS_OF_SCOPE: Readonly<Record<TextScope, readonly TextPart[]>> = {
  public: ['public'],
  all: ['public', 'rest'],
};

export interface RoutePreloadsFile {
  routes: RoutePreload[];
  /** Per UI language and text part, the absolute URLs of its chunks. */
  texts: Record<string, Record<TextPart, string[]>>;
}
