/**
 * Builders for the app's own links, so the route table's path patterns and the links stay in step.
 * Pet routes carry the pet name (for the breadcrumb and readable URLs) and the pet id.
 */
export type PetRef = { id: string; name: string };

export const PET_SECTIONS = [
  'my-pet',
  'medical-data',
  'document-safe',
  'contacts',
  'vet-findings',
  'appointments',
] as const;
export type PetSection = (typeof PET_SECTIONS)[number];

export function petPath(pet: PetRef, ...segments: string[]): string {
  const base = `/pet-details/${encodeURIComponent(pet.name)}/${encodeURIComponent(pet.id)}`;
  return segments.length ? `${base}/${segments.join('/')}` : base;
}

/** /signin?continueUrl=<path and query>, the round trip of the signed-in guard. */
export function signInPath(continueUrl?: string): string {
  return continueUrl && continueUrl !== '/'
    ? `/signin?continueUrl=${encodeURIComponent(continueUrl)}`
    : '/signin';
}

/**
 * History state of the not-allowed route (pet-data section 2): `upgradeLink: false` hides its way
 * to the plans for a refusal whose brand shows none (tier-fritz appointments).
 */
export interface NotAllowedState {
  upgradeLink?: boolean;
}

/** A share invitation's page (issue 35); the invitation mail links to it with ?token=. */
export const SHARE_ACCEPT_PATH = '/share/accept';

export function shareAcceptPath(token: string): string {
  return `${SHARE_ACCEPT_PATH}?token=${encodeURIComponent(token)}`;
}
