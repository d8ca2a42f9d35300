import { useSyncExternalStore } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { jsonSchemaAnswer } from './answer-check';
import { api } from './api-client';

/**
 * Account-area section 4, header-hide mode (mobile app embedding). The mobile app opens Bills or
 * Subscription in a web view with ?tokenI=<token> (iOS) or ?tokenA=<token> (Android), a token it
 * got from POST /v1/auth/mobiletoken. The web then hides the header (top bar, sidebar and
 * breadcrumbs: the app around it has its own navigation) and asks the server whether the token is
 * the user's stored one (POST /v1/auth/mobiletoken/check); a different token signs the user out
 * and goes to /signin. The mode lasts for the tab (sessionStorage) and for that user only, so the
 * success pages the embedded flow reaches afterwards also run without header and lead back to
 * /my-account/subscription instead of / (useSuccessHomePath).
 */
export const MOBILE_TOKEN_PARAMS = ['tokenI', 'tokenA'] as const;
export const SUBSCRIPTION_PATH = '/my-account/subscription';
/** The pages the mobile app embeds with a token. */
export const EMBEDDABLE_PATHS: readonly string[] = ['/my-account/bills', SUBSCRIPTION_PATH];

/** Holds the id of the user whose tab runs embedded. */
const STORAGE_KEY = 'pet.headerHiddenFor';

/** The mobile token of the URL, when the page is one the app embeds; null otherwise. */
export function mobileTokenOf(pathname: string, search: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!EMBEDDABLE_PATHS.includes(path)) return null;
  const params = new URLSearchParams(search);
  for (const name of MOBILE_TOKEN_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) return value;
  }
  return null;
}

function readStored(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

let headerHiddenFor: string | null = readStored();
const listeners = new Set<() => void>();

/** Starts (a user id) or ends (null) the header-hide mode of this tab. */
export function setHeaderHiddenFor(userId: string | null): void {
  if (headerHiddenFor === userId) return;
  headerHiddenFor = userId;
  try {
    if (userId === null) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, userId);
  } catch {
    // Without storage the mode lasts until the next reload; the embedded page itself still works.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Is the header hidden for this user (the tab runs inside the mobile app)? */
export function useHeaderHidden(userId: string | null | undefined): boolean {
  const hiddenFor = useSyncExternalStore(
    subscribe,
    () => headerHiddenFor,
    () => null,
  );
  return Boolean(userId) && hiddenFor === userId;
}

/**
 * Where "back home" leads after a success (activation, payment, cancellation): / normally,
 * /my-account/subscription inside the mobile app.
 */
export function successHomePath(headerHidden: boolean): string {
  return headerHidden ? SUBSCRIPTION_PATH : '/';
}

export function useSuccessHomePath(userId: string | null | undefined): string {
  return successHomePath(useHeaderHidden(userId));
}

// ---------------------------------------------------------------------------------------------
// POST /v1/auth/mobiletoken/check {token}: {valid}.

export const mobileTokenCheckSchema = jsonSchemaAnswer<{ valid: boolean }>({
  type: 'object',
  properties: { valid: { type: 'boolean' } },
  required: ['valid'],
});

export const checkMobileToken = (token: string, signal?: AbortSignal) =>
  api.post('/v1/auth/mobiletoken/check', { token }, mobileTokenCheckSchema, { signal });

export function mobileTokenCheckQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'mobiletoken', 'check', token] as const,
    queryFn: ({ signal }) => checkMobileToken(token, signal),
    // One answer per token and visit: the token does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
