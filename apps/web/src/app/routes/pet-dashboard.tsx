import { lazy, Suspense } from 'react';
import { useParams } from '@/lib/router';
import { canOnPet, type PetRelation, type PetResource } from '@pet/contract';
import { PageSkeleton } from '@/components/PageSkeleton';
import { usePetsReloading } from '@/lib/session';
import { useUserPet } from '@/lib/pet-relation';
import { PetDashboard } from '@/features/pets/components/PetDashboard';
import { PetNotFound } from '@/components/PetNotFound';
import { LostPetTagLink } from '@/features/lost-pet/components/LostPetTagLink';
import { ExportsLink } from '@/features/exports/components/ExportsLink';
import { SharingLinks } from '@/features/sharing/components/SharingLinks';

/** Vaccinations due and the pet's care notices (issue 36), in the care chunk. */
const PetCareCard = lazy(() =>
  import('@/features/care/components/PetCareCard').then((module) => ({ default: module.PetCareCard })),
);

/** A member's view of the weights with a carer's delete of their own (issue 35), in its own chunk. */
const MemberWeights = lazy(() =>
  import('@/features/pets/components/MemberWeights').then((module) => ({ default: module.MemberWeights })),
);

/** What each tile shows of the pet; the emergency and profile tiles lead to the user's own account. */
const TILE_RESOURCES: Readonly<Record<string, PetResource | 'account'>> = {
  'my-pet': 'profile',
  contacts: 'contact',
  'medical-data': 'medical',
  'vet-findings': 'document',
  'document-safe': 'document',
  appointments: 'appointment',
  emergency: 'account',
  profile: 'account',
};

/** The tiles a member does not get: what the role may not read, and the member's own account pages. */
function hiddenTilesOf(relation: PetRelation): ReadonlySet<string> | undefined {
  if (relation === 'owner') return undefined;
  return new Set(
    Object.entries(TILE_RESOURCES)
      .filter(
        ([tile, resource]) =>
          resource === 'account' ||
          // My Animal is the profile's editor; the dashboard itself shows the profile.
          canOnPet(relation, tile === 'my-pet' ? 'update' : 'read', resource) !== 'yes',
      )
      .map(([tile]) => tile),
  );
}

/**
 * /pet-details/{name}/{id}: the pet dashboard with its picture and eight tiles, then the lost-pet
 * tag, exports, access and activity. A pet shared with the user (issue 35) shows only what the
 * member's role allows (the shell's banner says whose it is).
 */
export function Component() {
  const { id = '' } = useParams();
  const reloading = usePetsReloading();
  const pet = useUserPet(id);
  if (pet) {
    const { relation } = pet;
    return (
      <>
        <PetDashboard
          key={pet.id}
          pet={pet}
          canEdit={canOnPet(relation, 'update', 'profile') === 'yes'}
          hiddenTiles={hiddenTilesOf(relation)}
        />
        {/* Who edits the profile (owner, co-owner) has the weights in My Animal; the others here. */}
        {canOnPet(relation, 'update', 'profile') !== 'yes' &&
        canOnPet(relation, 'read', 'weight') === 'yes' ? (
          <Suspense fallback={null}>
            <MemberWeights petId={pet.id} relation={relation} />
          </Suspense>
        ) : null}
        {canOnPet(relation, 'read', 'care_plan') === 'yes' ? (
          <Suspense fallback={null}>
            <PetCareCard petId={pet.id} />
          </Suspense>
        ) : null}
        {/* Paid extras framed by the user's own plan (PaidExtraPetPage): the owner's pages. */}
        {relation === 'owner' ? <LostPetTagLink pet={pet} /> : null}
        {relation === 'owner' ? <ExportsLink pet={pet} /> : null}
        <SharingLinks pet={pet} relation={relation} />
      </>
    );
  }
  // Just added (or just accepted): the user info is on its way.
  if (reloading) return <PageSkeleton variant="cards" />;
  return <PetNotFound />;
}
