import { DocumentView } from '@/features/documents/components/DocumentView';
import { DocumentCategoryRoute } from './document-category-route';

/** One document of a category (…/document?doc_id=): previews, downloads, edit, delete. */
export function Component() {
  return (
    <DocumentCategoryRoute module="document-view">
      {({ pet, category }) => <DocumentView pet={pet} category={category} />}
    </DocumentCategoryRoute>
  );
}
