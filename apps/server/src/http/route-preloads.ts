import fs from 'node:fs';
import path from 'node:path';
import {
  ROUTE_PRELOADS_FILE,
  SESSION_READ_PATH,
  TEXT_PARTS_OF_SCOPE,
  type RoutePreload,
  type RoutePreloadsFile,
  type UiLanguage,
} from '@pet/contract';

interface CompiledRoute {
  row: RoutePreload;
  /** Per segment: the static text (lower case), or null for a `:param`. */
  segments: (string | null)[];
  /** Per segment: the param's name, or null for a static segment. */
  params: (string | null)[];
  staticCount: number;
}

/** A path's segments, without the slashes at either end (the app's router ignores a trailing one). */
const segmentsOf = (pathname: string): string[] => pathname.split('/').filter((segment) => segment !== '');

/**
 * Which chunks the page at a path loads on a first visit, so that its HTML can list them as
 * `<link rel="modulepreload">`: the browser then fetches them while it parses the page, not once
 * the entry has run, and the entry's own preloading finds them there and adds nothing.
 *
 * The guess follows the app's guards: a visitor without a session cookie who opens a signed-in
 * page ends on /signin, and one with a cookie who opens /signin or /register ends on the dashboard,
 * so those visits get that page's chunks. A wrong guess costs some unused bytes, never a wrong page.
 */
export class RoutePreloads {
  private readonly routes: CompiledRoute[];
  private readonly pages = new Map<readonly string[], string>();
  /** Per row and language, the list to preload: the language's texts first, then the row's chunks. */
  private readonly lists = new Map<RoutePreload, Map<string, readonly string[]>>();

  constructor(
    rows: readonly RoutePreload[],
    private readonly indexHtml: string,
    texts: RoutePreloadsFile['texts'] = {},
  ) {
    // The texts come first: the entry loads them before anything else of the page runs.
    for (const row of rows) {
      const byLanguage = new Map<string, readonly string[]>();
      for (const [language, files] of Object.entries(texts)) {
        byLanguage.set(language, [
          ...TEXT_PARTS_OF_SCOPE[row.textScope].flatMap((part) => files[part]),
          ...row.files,
        ]);
      }
      this.lists.set(row, byLanguage);
    }
    // Among patterns that match, the one with the most static segments wins (`/a/new` over `/a/:id`).
    this.routes = rows
      .map((row) => {
        const pattern = segmentsOf(row.path);
        const segments = pattern.map((segment) => (segment.startsWith(':') ? null : segment.toLowerCase()));
        const params = pattern.map((segment) => (segment.startsWith(':') ? segment.slice(1) : null));
        return { row, segments, params, staticCount: segments.filter((segment) => segment !== null).length };
      })
      .sort((a, b) => b.staticCount - a.staticCount);
    if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head>');
  }

  /** The build's preloads beside index.html, or null where the build wrote none (an older build). */
  static read(webDistDir: string): RoutePreloads | null {
    const file = path.join(webDistDir, ROUTE_PRELOADS_FILE);
    if (!fs.existsSync(file)) return null;
    const { routes, texts } = JSON.parse(fs.readFileSync(file, 'utf8')) as RoutePreloadsFile;
    return new RoutePreloads(routes, fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8'), texts);
  }

  /** The route-table row that shows this path, or undefined (the app's "not found" page). */
  rowOf(pathname: string): RoutePreload | undefined {
    return this.matchOf(pathname)?.route.row;
  }

  /** The compiled route that shows this path, with the path's own segments (not lower-cased). */
  private matchOf(pathname: string): { route: CompiledRoute; segments: string[] } | undefined {
    const segments = segmentsOf(pathname);
    const lowerCase = segments.map((segment) => segment.toLowerCase());
    const route = this.routes.find(
      (candidate) =>
        candidate.segments.length === lowerCase.length &&
        candidate.segments.every((segment, index) => segment === null || segment === lowerCase[index]),
    );
    return route && { route, segments };
  }

  /**
   * The chunks to preload for a first visit to this path by a visitor whose app shows this
   * language (its texts and the page's chunks); empty when there are none to add. The same list
   * (the same array) for the same page and language.
   */
  filesFor(pathname: string, hasSessionCookie: boolean, language: UiLanguage): readonly string[] {
    const row = this.landingRowOf(this.rowOf(pathname), hasSessionCookie);
    if (!row) return [];
    return this.lists.get(row)?.get(language) ?? row.files;
  }

  /**
   * The GET calls the page's first screen makes at once, so that its HTML can start them
   * (`<link rel="preload" as="fetch">`, which the app's fetch then takes): the session on every
   * page (main.tsx asks at start), and on a signed-in page the visitor will see, its early reads
   * with the path's params.
   */
  readsFor(pathname: string, hasSessionCookie: boolean): string[] {
    const match = this.matchOf(pathname);
    const row = this.landingRowOf(match?.route.row, hasSessionCookie);
    if (!row) return [];
    const reads = [SESSION_READ_PATH];
    // Only for the page the path shows, not for a guessed landing page (its params are not in the path).
    if (!match || !row.earlyReads || row !== match.route.row) return reads;
    const params = paramsOf(match.route, match.segments);
    if (!params) return reads;
    for (const read of row.earlyReads) {
      // As the app's api-client writes the URL (URLSearchParams, in the template's order).
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(read.query)) {
        query.append(name, value.startsWith(':') ? (params[value.slice(1)] ?? '') : value);
      }
      const search = query.toString();
      reads.push(search ? `${read.path}?${search}` : read.path);
    }
    return reads;
  }

  /** The row of the page a visitor shown this row will end on (see the class comment). */
  private landingRowOf(row: RoutePreload | undefined, hasSessionCookie: boolean): RoutePreload | undefined {
    if (row?.signedIn && !hasSessionCookie) return this.rowOf('/signin');
    if (row?.access === 'signedOutOnly' && hasSessionCookie) return this.rowOf('/dashboard');
    return row;
  }

  /**
   * index.html with a modulepreload link for each file, before `</head>` (built once per list).
   * At low priority: the entry's own chunks (Vite's links in index.html, high) come first, since
   * nothing of the route runs before the entry; and a high-priority script is what Lighthouse's
   * simulation counts as render-blocking, which these are not (the paw paints without them).
   */
  page(files: readonly string[], reads: readonly string[] = []): string {
    let page = this.pages.get(files);
    if (page === undefined) {
      const links = files
        .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`)
        .join('');
      page = this.indexHtml.replace('</head>', `${links}</head>`);
      this.pages.set(files, page);
    }
    if (reads.length === 0) return page;
    // The credentials mode of the app's fetch (`include`): only a matching preload is taken.
    const readLinks = reads
      .map(
        (url) =>
          `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url.replaceAll('&', '&amp;')}">`,
      )
      .join('');
    return page.replace('</head>', `${readLinks}</head>`);
  }
}

/** A path's params by the name in its route, decoded as the app's router does; null if undecodable. */
function paramsOf(route: CompiledRoute, segments: readonly string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  try {
    route.params.forEach((name, index) => {
      if (name !== null) params[name] = decodeURIComponent(segments[index]!);
    });
  } catch {
    return null;
  }
  return params;
}
