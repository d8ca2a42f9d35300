import type { ComponentType } from 'react';
import { useMatches } from 'react-router';

/**
 * Account-area section 2, Route access classes:
 * - signedOutOnly: a signed-in user is sent to /
 * - open: anyone
 * - signedIn: a verified user; anyone else goes to /signin?continueUrl=<path and query>
 */
export type AccessClass = 'signedOutOnly' | 'open' | 'signedIn';

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

/** What every route carries in its React Router `handle`. */
export interface AppRouteHandle {
  titleKey: string;
  access: AccessClass;
  meta?: RouteMeta;
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
