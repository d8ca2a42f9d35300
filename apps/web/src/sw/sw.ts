/*
 * The service worker (issue 36), built by build/pwa.ts into /sw.js (root scope, no-cache). Small
 * and without imports: it precaches the app shell (the build's file list, injected below), answers
 * navigations from the shell when the network fails, keeps the last answers of the emergency card
 * and of "Today" (and what those screens need: the config and the session) for the signed-in user
 * only, cleared on sign-out, and shows pushes as notifications.
 */
export {};

/** Replaced by the build: the shell's files and a version that changes with them. */
declare const __PRECACHE_MANIFEST__: string[];
declare const __SW_VERSION__: string;

interface SwExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SwFetchEvent extends SwExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface SwPushEvent extends SwExtendableEvent {
  data: { text(): string } | null;
}
interface SwNotificationEvent extends SwExtendableEvent {
  notification: Notification & { data: unknown };
}
interface SwMessageEvent extends SwExtendableEvent {
  data: unknown;
}
interface SwWindowClient {
  url: string;
  focus(): Promise<SwWindowClient>;
  navigate(url: string): Promise<SwWindowClient | null>;
}
interface SwScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<SwWindowClient[]>;
    openWindow(url: string): Promise<SwWindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: SwExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: SwFetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: SwPushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: SwNotificationEvent) => void): void;
  addEventListener(type: 'message', listener: (event: SwMessageEvent) => void): void;
}

const sw = globalThis as unknown as SwScope;
const SHELL_CACHE = `pet-shell-${__SW_VERSION__}`;
/** The signed-in user's last answers; its `/__user` entry names whose they are. */
const DATA_CACHE = 'pet-data';
const USER_KEY = '/__user';
const SHELL_PAGE = '/index.html';
const IDENTITY_HEADER = 'x-identity-id';
/** Answers kept for offline use: the config, the session, the emergency card, "Today". */
const KEPT_PATHS = ['/v1/config', '/v1/auth/myinfo', '/v1/emergency', '/v1/care/today'];

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(__PRECACHE_MANIFEST__))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('pet-shell-') && name !== SHELL_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => sw.clients.claim()),
  );
});

async function storedUser(cache: Cache): Promise<string | null> {
  const entry = await cache.match(USER_KEY);
  return entry ? entry.text() : null;
}

/** Network first; the kept answer when offline, and only to the user it belongs to. */
async function keptAnswer(request: Request, path: string): Promise<Response> {
  const cache = await caches.open(DATA_CACHE);
  const identity = request.headers.get(IDENTITY_HEADER);
  const owner = await storedUser(cache);
  // Another user is signed in in this browser now: the kept answers are not theirs.
  if (owner && identity && identity !== 'web' && identity !== owner) await caches.delete(DATA_CACHE);
  try {
    const response = await fetch(request);
    if (response.status === 401) {
      await caches.delete(DATA_CACHE);
    } else if (response.ok) {
      const copy = response.clone();
      if (path === '/v1/auth/myinfo') {
        const user = (await response.clone().json()) as { id?: unknown };
        if (typeof user.id === 'string') {
          if (owner && owner !== user.id) await caches.delete(DATA_CACHE);
          await (await caches.open(DATA_CACHE)).put(USER_KEY, new Response(user.id));
        }
      }
      // Only while someone is signed in (the config is kept for the shell alike).
      if (
        path === '/v1/config' ||
        path === '/v1/auth/myinfo' ||
        (await storedUser(await caches.open(DATA_CACHE)))
      ) {
        await (await caches.open(DATA_CACHE)).put(request, copy);
      }
    }
    return response;
  } catch (error) {
    // Opened again: a cache deleted above (another user) must not answer from a stale handle.
    const current = await caches.open(DATA_CACHE);
    const keptFor = await storedUser(current);
    const sameUser = keptFor !== null && (!identity || identity === 'web' || identity === keptFor);
    const kept = sameUser ? await current.match(request, { ignoreVary: true }) : undefined;
    if (kept) return kept;
    throw error;
  }
}

/** Navigations: the network's page, the shell when offline. */
async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_PAGE);
    if (shell) return shell;
    throw error;
  }
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    return;
  }
  if (KEPT_PATHS.includes(url.pathname)) {
    event.respondWith(keptAnswer(request, url.pathname));
    return;
  }
  // The shell's files (hashed, immutable): from the precache, else the network.
  if (
    url.pathname.startsWith('/assets/') ||
    url.pathname.startsWith('/pwa/') ||
    url.pathname.startsWith('/brands/')
  ) {
    event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request)));
  }
});

sw.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'signed-out') event.waitUntil(caches.delete(DATA_CACHE));
});

interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

function pushMessageOf(text: string): PushMessage | null {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const { title, body, url, tag } = value;
    if (
      typeof title === 'string' &&
      typeof body === 'string' &&
      typeof url === 'string' &&
      typeof tag === 'string'
    ) {
      return { title, body, url, tag };
    }
  } catch {
    // not a message of ours
  }
  return null;
}

sw.addEventListener('push', (event) => {
  const message = event.data ? pushMessageOf(event.data.text()) : null;
  if (!message) return;
  event.waitUntil(
    sw.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      data: { url: message.url },
      icon: '/pwa/icon-192.png',
      badge: '/pwa/icon-192.png',
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const target = new URL(typeof data?.url === 'string' ? data.url : '/', sw.location.origin);
  // Only the portal's own pages.
  const url = target.origin === sw.location.origin ? target.href : sw.location.origin + '/';
  event.waitUntil(
    sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
      if (open) {
        const focused = await open.focus();
        if (focused.url !== url) await focused.navigate(url);
        return;
      }
      await sw.clients.openWindow(url);
    }),
  );
});
