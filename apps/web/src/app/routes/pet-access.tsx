import { useParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { PetNotFound } from '@/components/PetNotFound';
import { useUserPet } from '@/lib/pet-relation';
import { AccessPage } from '@/features/sharing/components/AccessPage';

/** /pet-details/:name/:id/access: who has access to the owner's pet (issue 35); owners only. */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const { id = '', name = '' } = useParams();
  const pet = useUserPet(id);
  // Shares are the owner's alone: a member sees the pet's not-found state, as the server answers.
  if (pet?.relation !== 'owner') return <PetNotFound />;
  return <AccessPage key={id} title={t(handle?.titleKey ?? 'route.petAccess')} pet={{ id, name }} />;
}
