import type { ComponentType } from 'react';
import { useMatches } from '@/lib/router';
import type { AccountMenuItem } from '@pet/contract';
import { signInPath } from '@/lib/paths';
import type { AccessClass, SignedInAccess } from './access-classes';

/**
 * Account-area section 2, Route access classes, and where each one sends a visitor who is not
 * signed in (with a verified e-mail):
 * - signedOutOnly: /signin, /register, /notfall; a signed-in user is sent to /
 * - open: anyone
 * - signedIn: the account routes, the dashboard, events, emergency data and every pet-data route;
 *   to /signin?continueUrl=<path and query>, so a link from a reminder or finder mail lands on its
 *   page after sign-in (issue 40.8 keeps pet-data section 2's "redirected to /" out of the round trip)
 * - signedInRoot: / and /my-account; to /signin ("/ and /my-account redirect to /signin")
 * - signedInHome: only the pages that "find no user" (profile, settings); to /, which then goes
 *   to /signin
 */
export { isSignedInAccess, SIGNED_IN_ACCESS, type AccessClass, type SignedInAccess } from './access-classes';

/** Where a signed-in route sends a visitor who is not signed in; `url` is its path and query. */
export function signedOutTarget(access: SignedInAccess, url: string): string {
  if (access === 'signedInRoot') return signInPath();
  if (access === 'signedInHome') return '/';
  return signInPath(url);
}

export type MedicalKind = 'allergy' | 'disease' | 'intervention' | 'medication';
export type DocumentAreaSlug = 'document-safe' | 'vet-findings';

/**
 * Static facts of a route for modules that serve several routes (e.g. one document list module
 * for all 13 categories). Values follow the contract's entity names.
 */
export type RouteMeta =
  | { kind: 'medical'; medicalType: MedicalKind }
  | { kind: 'documents'; area: DocumentAreaSlug; documentType?: string }
  | { kind: 'appointments'; scope: 'all' | 'pet' };

/** What every route carries in its `handle` (@/lib/router, read with useMatches). */
export interface AppRouteHandle {
  titleKey: string;
  access: AccessClass;
  meta?: RouteMeta;
  /**
   * The sidebar entry this page belongs to: where a brand hides the entry (or it is hidden for the
   * user's product), the page is unreachable too and sends the user to the dashboard.
   */
  menuItem?: AccountMenuItem;
}

/** A lazily loaded route module exports its screen as `Component`. */
export interface RouteModule {
  Component: ComponentType;
}

export function isAppRouteHandle(value: unknown): value is AppRouteHandle {
  return (
    typeof value === 'object' &&
    value !== null &&
    'titleKey' in value &&
    typeof value.titleKey === 'string' &&
    'access' in value
  );
}

/** The handle of the deepest matched route (the current screen). */
export function useRouteHandle(): AppRouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isAppRouteHandle(handle)) return handle;
  }
  return undefined;
}
