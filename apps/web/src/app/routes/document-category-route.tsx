import type { ReactNode } from 'react';
import { Navigate } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { documentTypeFitsPet, type DocumentCategory } from '@pet/contract';
import { useRouteHandle } from '@/app/route-handle';
import { PetNotFound } from '@/components/PetNotFound';
import { areaPath, documentCategoryOf } from '@/features/documents/paths';
import { useRoutePet, type RoutePet } from '@/features/documents/use-route-pet';

/**
 * What the list, add and view routes of a document category share: the category from the route's
 * meta and the pet from the URL. A category of another species (Dog Tax for a cat, issue 14.21)
 * is not there for this pet: its URLs lead to the area's overview.
 */
export function DocumentCategoryRoute({
  module,
  children,
}: {
  module: string;
  children: (props: { pet: RoutePet; category: DocumentCategory; title: string }) => ReactNode;
}) {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const pet = useRoutePet();
  const meta = handle?.meta;
  const category = meta?.kind === 'documents' ? documentCategoryOf(meta.area, meta.documentType) : undefined;
  if (!category) throw new Error(`${module} needs documents meta with a category`);
  if (!pet) return <PetNotFound />;
  if (!documentTypeFitsPet(category.documentType, pet.type)) {
    return <Navigate replace to={areaPath(pet, category.area)} />;
  }
  return children({ pet, category, title: t(handle?.titleKey ?? '') });
}
