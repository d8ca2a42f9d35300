import { useParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { MedicalListPage } from '@/features/medical/components/MedicalListPage';

/** The four medical list routes (meta.medicalType): the records of one kind. */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const { id = '', name = '' } = useParams();
  if (handle?.meta?.kind !== 'medical') throw new Error('medical-list needs meta.medicalType');
  const type = handle.meta.medicalType;
  return <MedicalListPage key={`${id}-${type}`} title={t(handle.titleKey)} pet={{ id, name }} type={type} />;
}
