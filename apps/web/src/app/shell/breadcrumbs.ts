import { routeOfPath } from '@/app/route-of-path';

/**
 * Breadcrumbs from the path segments (account-area section 2, Shell): every static segment has a
 * translated label `breadcrumb.<segment>`; a pet's {name} shows the pet's name and its {id} is
 * skipped. A crumb links to its path when that path is a route of its own.
 */
export type Crumb = { id: string; labelKey: string; to?: string } | { id: string; text: string; to?: string };

/** Segments whose own path is no screen but have a natural place to go. */
const SEGMENT_TARGETS: Readonly<Record<string, string>> = {
  'pet-details': '/dashboard/my-pets',
};

export const HOME_CRUMB_PATH = '/dashboard';

export function breadcrumbLabelKey(segment: string): string {
  return `breadcrumb.${segment}`;
}

export function isRoutePath(path: string): boolean {
  return routeOfPath(path) !== undefined;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export interface BuildCrumbsOptions {
  /** Inside the shell the trail starts at Home (the dashboard). */
  withHome: boolean;
  /** The pet's current name by id (it may have been renamed since the link was made). */
  petName?: (petId: string) => string | undefined;
}

export function buildCrumbs(pathname: string, { withHome, petName }: BuildCrumbsOptions): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  if (withHome) {
    crumbs.push({ id: HOME_CRUMB_PATH, labelKey: breadcrumbLabelKey('dashboard'), to: HOME_CRUMB_PATH });
  }

  segments.forEach((segment, index) => {
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    const inPetDetails = segments[0] === 'pet-details';
    if (index === 0 && segment === 'dashboard' && withHome) return; // already the Home crumb
    if (inPetDetails && index === 2) return; // the pet id
    if (inPetDetails && index === 1) {
      const id = segments[2] ? decodeSegment(segments[2]) : undefined;
      const name = (id && petName?.(id)) || decodeSegment(segment);
      crumbs.push({ id: path, text: name, to: segments[2] ? `${path}/${segments[2]}` : undefined });
      return;
    }
    const route = routeOfPath(path)?.route;
    const to = SEGMENT_TARGETS[segment] ?? (route ? path : undefined);
    // A crumb of a screen is called as the screen's title (the route table's, as its h1), so the
    // two never differ; other segments have a label of their own.
    const labelKey = route ? route.titleKey : breadcrumbLabelKey(segment);
    const previous = crumbs.at(-1);
    // An alias row (/my-account is the profile) would repeat the next crumb: keep one, the deeper.
    if (previous && 'labelKey' in previous && previous.labelKey === labelKey) crumbs.pop();
    crumbs.push({ id: path, labelKey, to });
  });

  return crumbs;
}
