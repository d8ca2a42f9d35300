/**
 * Locations and the two histories the router runs on: the browser's (the app) and one in memory
 * (tests). Same shapes as React Router's: a location is pathname + search + hash with the state
 * given to navigate() and a key that identifies the history entry (scroll positions use it).
 */

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export interface Path {
  /** Always starts with "/". */
  pathname: string;
  /** "" or starts with "?". */
  search: string;
  /** "" or starts with "#". */
  hash: string;
}

export interface Location<State = unknown> extends Path {
  state: State;
  /** "default" for the entry the app started on, else a random id of its history entry. */
  key: string;
}

/** A path as a string ("/a?b#c") or as parts; missing parts are resolved by the router. */
export type To = string | Partial<Path>;

export interface HistoryUpdate {
  action: HistoryAction;
  location: Location;
}

export interface History {
  readonly location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  /** Back/forward (popstate); answers the unsubscribe function. */
  listen(listener: (update: HistoryUpdate) => void): () => void;
  createHref(path: Path): string;
}

export function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  let rest = path;
  const hashIndex = rest.indexOf('#');
  if (hashIndex >= 0) {
    parsed.hash = rest.slice(hashIndex);
    rest = rest.slice(0, hashIndex);
  }
  const searchIndex = rest.indexOf('?');
  if (searchIndex >= 0) {
    parsed.search = rest.slice(searchIndex);
    rest = rest.slice(0, searchIndex);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const fragment = hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '';
  return `${pathname}${query}${fragment}`;
}

function toLocation(path: string | Partial<Path>, state: unknown, key: string): Location {
  const { pathname = '/', search = '', hash = '' } = typeof path === 'string' ? parsePath(path) : path;
  return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash, state, key };
}

/** What the router keeps in `window.history.state` (React Router's layout, so reloads keep keys). */
interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

function readEntry(): Partial<EntryState> {
  const value: unknown = window.history.state;
  return typeof value === 'object' && value !== null ? (value as Partial<EntryState>) : {};
}

export function createBrowserHistory(): History {
  const history = window.history;
  let index = readEntry().idx ?? null;
  // Number the entry the app starts on, so a popstate can tell how far it went.
  if (index === null) {
    index = 0;
    history.replaceState({ ...readEntry(), idx: index }, '');
  }

  const current = (): Location => {
    const entry = readEntry();
    const { pathname, search, hash } = window.location;
    return toLocation({ pathname, search, hash }, entry.usr ?? null, entry.key ?? 'default');
  };
  const entryOf = (location: Location, idx: number): EntryState => ({
    usr: location.state,
    key: location.key,
    idx,
  });

  return {
    get location() {
      return current();
    },
    push(location) {
      index = (index ?? 0) + 1;
      const url = createPath(location);
      try {
        history.pushState(entryOf(location, index), '', url);
      } catch (error) {
        // Too much state or too many pushes (iOS allows 100 a short while): load the page instead.
        if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
        window.location.assign(url);
      }
    },
    replace(location) {
      history.replaceState(entryOf(location, index ?? 0), '', createPath(location));
    },
    go(delta) {
      history.go(delta);
    },
    listen(listener) {
      const onPopState = () => {
        index = readEntry().idx ?? null;
        listener({ action: 'POP', location: current() });
      };
      window.addEventListener('popstate', onPopState);
      return () => window.removeEventListener('popstate', onPopState);
    },
    createHref: createPath,
  };
}

export interface MemoryHistoryOptions {
  /** The entries, oldest first ("/a?b" or path parts); default ["/"]. */
  initialEntries?: readonly (string | Partial<Path>)[];
  /** The current entry; default the last one. */
  initialIndex?: number;
}

/** History in memory for tests: go() reports the move at once, like the browser's popstate later. */
export function createMemoryHistory({
  initialEntries = ['/'],
  initialIndex,
}: MemoryHistoryOptions = {}): History {
  const entries = initialEntries.map((entry, i) =>
    toLocation(entry, null, i === 0 ? 'default' : createKey()),
  );
  if (entries.length === 0) entries.push(toLocation('/', null, 'default'));
  const clamp = (value: number) => Math.min(Math.max(value, 0), entries.length - 1);
  let index = clamp(initialIndex ?? entries.length - 1);
  const listeners = new Set<(update: HistoryUpdate) => void>();
  const at = (i: number): Location => entries[i] ?? toLocation('/', null, 'default');

  return {
    get location() {
      return at(index);
    },
    push(location) {
      index += 1;
      entries.splice(index, entries.length, location);
    },
    replace(location) {
      entries[index] = location;
    },
    go(delta) {
      index = clamp(index + delta);
      const location = at(index);
      listeners.forEach((listener) => listener({ action: 'POP', location }));
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    createHref: createPath,
  };
}
