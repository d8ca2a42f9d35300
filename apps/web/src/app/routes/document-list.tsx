import { DocumentList } from '@/features/documents/components/DocumentList';
import { DocumentCategoryRoute } from './document-category-route';

/** The 13 category lists (meta.area, meta.documentType): entries, empty state, add entry with the limit flag. */
export function Component() {
  return (
    <DocumentCategoryRoute module="document-list">
      {({ pet, category, title }) => <DocumentList pet={pet} category={category} title={title} />}
    </DocumentCategoryRoute>
  );
}
