import { useTranslation } from 'react-i18next';
import { useRouteHandle } from '@/app/route-handle';
import { DocumentList } from '@/features/documents/components/DocumentList';
import { PetNotFound } from '@/features/documents/components/PetNotFound';
import { documentCategoryOf } from '@/features/documents/paths';
import { useRoutePet } from '@/features/documents/use-route-pet';

/** The 13 category lists (meta.area, meta.documentType): entries, empty state, add entry with the limit flag. */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const pet = useRoutePet();
  const meta = handle?.meta;
  const category = meta?.kind === 'documents' ? documentCategoryOf(meta.area, meta.documentType) : undefined;
  if (!category) throw new Error('document-list needs documents meta with a category');
  if (!pet) return <PetNotFound />;
  return <DocumentList pet={pet} category={category} title={t(handle?.titleKey ?? '')} />;
}
