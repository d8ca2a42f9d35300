import { useRouteHandle } from '@/app/route-handle';
import { DocumentView } from '@/features/documents/components/DocumentView';
import { PetNotFound } from '@/features/documents/components/PetNotFound';
import { documentCategoryOf } from '@/features/documents/paths';
import { useRoutePet } from '@/features/documents/use-route-pet';

/** One document of a category (…/document?doc_id=): previews, downloads, edit, delete. */
export function Component() {
  const handle = useRouteHandle();
  const pet = useRoutePet();
  const meta = handle?.meta;
  const category = meta?.kind === 'documents' ? documentCategoryOf(meta.area, meta.documentType) : undefined;
  if (!category) throw new Error('document-view needs documents meta with a category');
  if (!pet) return <PetNotFound />;
  return <DocumentView pet={pet} category={category} />;
}
