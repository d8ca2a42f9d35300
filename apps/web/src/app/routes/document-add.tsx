import { useTranslation } from 'react-i18next';
import { useRouteHandle } from '@/app/route-handle';
import { DocumentAddForm } from '@/features/documents/components/DocumentAddForm';
import { PetNotFound } from '@/features/documents/components/PetNotFound';
import { documentCategoryOf } from '@/features/documents/paths';
import { useRoutePet } from '@/features/documents/use-route-pet';

/** The 13 add pages (meta.area, meta.documentType): description, files, progress, then the list. */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const pet = useRoutePet();
  const meta = handle?.meta;
  const category = meta?.kind === 'documents' ? documentCategoryOf(meta.area, meta.documentType) : undefined;
  if (!category) throw new Error('document-add needs documents meta with a category');
  if (!pet) return <PetNotFound />;
  return <DocumentAddForm pet={pet} category={category} title={t(handle?.titleKey ?? '')} />;
}
