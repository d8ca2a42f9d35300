import { useParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { MedicalAddPage } from '@/features/medical/components/MedicalAddPage';

/** The four medical add routes (meta.medicalType): the form of one kind. */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const { id = '', name = '' } = useParams();
  if (handle?.meta?.kind !== 'medical') throw new Error('medical-add needs meta.medicalType');
  const type = handle.meta.medicalType;
  return <MedicalAddPage key={`${id}-${type}`} title={t(handle.titleKey)} pet={{ id, name }} type={type} />;
}
