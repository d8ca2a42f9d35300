/*
 * The identity header and the 401 handler of every call (module state: there is one signed-in
 * user per tab).
 */

/** Sent when no user is known yet (sign-in, registration, public pages). */
export const ANONYMOUS_IDENTITY = 'web';
let identityId: string | null = null;

/** The session query calls this when it learns (or loses) the signed-in user's id. */
export function setIdentityId(id: string | null): void {
  identityId = id;
}

export function currentIdentityHeaderValue(): string {
  return identityId ?? ANONYMOUS_IDENTITY;
}

type UnauthorizedHandler = () => void | Promise<void>;
let unauthorizedHandler: UnauthorizedHandler | null = null;
let unauthorizedInFlight: Promise<void> | null = null;

/**
 * The app registers what a 401 means (sign out, clear the cache, go to /). Returns an
 * unregister function. Parallel 401s run the handler once.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

/** Runs the registered 401 handler, once however many calls fail at the same time. */
export function notifyUnauthorized(): void {
  if (!unauthorizedHandler || unauthorizedInFlight) return;
  const handler = unauthorizedHandler;
  unauthorizedInFlight = Promise.resolve()
    .then(handler)
    .catch((error: unknown) => console.error('The 401 handler failed', error))
    .finally(() => {
      unauthorizedInFlight = null;
    });
}
