import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { DocumentsOverview } from '@/features/documents/components/DocumentsOverview';
import { PetNotFound } from '@/components/PetNotFound';
import { useRoutePet } from '@/features/documents/use-route-pet';

/** /pet-details/:name/:id/document-safe and .../vet-findings (meta.area): categories with counts. */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const pet = useRoutePet();
  const meta = handle?.meta;
  if (meta?.kind !== 'documents') throw new Error('documents-overview needs documents meta');
  if (!pet) return <PetNotFound />;
  return <DocumentsOverview pet={pet} area={meta.area} title={t(handle?.titleKey ?? '')} />;
}
