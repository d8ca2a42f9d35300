import { DocumentAddForm } from '@/features/documents/components/DocumentAddForm';
import { DocumentCategoryRoute } from './document-category-route';

/** The 13 add pages (meta.area, meta.documentType): description, files, progress, then the list. */
export function Component() {
  return (
    <DocumentCategoryRoute module="document-add">
      {({ pet, category, title }) => <DocumentAddForm pet={pet} category={category} title={title} />}
    </DocumentCategoryRoute>
  );
}
