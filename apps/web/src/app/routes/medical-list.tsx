import { useParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { lazy, Suspense } from 'react';
import { MedicalListPage } from '@/features/medical/components/MedicalListPage';

/** The care part of a medication (issue 36): its schedule and dose log, in the care chunk. */
const MedicationCare = lazy(() =>
  import('@/features/care/components/MedicationCare').then((module) => ({ default: module.MedicationCare })),
);
const ScheduleWords = lazy(() =>
  import('@/features/care/components/MedicationCare').then((module) => ({ default: module.ScheduleWords })),
);

/** The four medical list routes (meta.medicalType): the records of one kind. */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const { id = '', name = '' } = useParams();
  if (handle?.meta?.kind !== 'medical') throw new Error('medical-list needs meta.medicalType');
  const type = handle.meta.medicalType;
  const medication = type === 'medication';
  return (
    <MedicalListPage
      key={`${id}-${type}`}
      title={t(handle.titleKey)}
      pet={{ id, name }}
      type={type}
      rowExtra={
        medication
          ? (item) => (
              <Suspense fallback={null}>
                <ScheduleWords medId={item.id} />
              </Suspense>
            )
          : undefined
      }
      detailsExtra={
        medication
          ? (item) => (
              <Suspense fallback={null}>
                <MedicationCare petId={id} medId={item.id} medicationName={item.medical_name} />
              </Suspense>
            )
          : undefined
      }
    />
  );
}
