import { DOCUMENT_CATEGORIES, type DocumentArea, type DocumentCategory } from '@pet/contract';
import { petPath, type PetRef } from '@/lib/paths';

/** The segment of the document view under a category's list route (…/{slug}/document?doc_id=). */
export const DOCUMENT_VIEW_SEGMENT = 'document';

export function areaPath(pet: PetRef, area: DocumentArea): string {
  return petPath(pet, area);
}

export function listPath(pet: PetRef, category: DocumentCategory): string {
  return petPath(pet, category.area, category.slug);
}

export function addPath(pet: PetRef, category: DocumentCategory): string {
  return petPath(pet, category.area, category.slug, category.addSlug);
}

export function viewPath(
  pet: PetRef,
  category: DocumentCategory,
  documentId: string,
  options: { edit?: boolean } = {},
): string {
  const query = new URLSearchParams({ doc_id: documentId });
  if (options.edit) query.set('edit', '1');
  return `${petPath(pet, category.area, category.slug, DOCUMENT_VIEW_SEGMENT)}?${query.toString()}`;
}

/** The category of a document route's meta (area and stored document_type). */
export function documentCategoryOf(
  area: DocumentArea,
  documentType: string | undefined,
): DocumentCategory | undefined {
  return DOCUMENT_CATEGORIES.find(
    (category) => category.area === area && category.documentType === documentType,
  );
}
