import { useParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { AppointmentsPage } from '@/features/appointments/components/AppointmentsPage';
import { AddToCalendarButton } from '@/features/calendar/components/AddToCalendarButton';

/**
 * /dashboard/my-appointments (meta.scope all) and /pet-details/:name/:id/appointments (scope pet):
 * the appointment list of every pet or of one pet.
 */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const { id = '', name = '' } = useParams();
  if (handle?.meta?.kind !== 'appointments') throw new Error('appointments needs meta.scope');
  const pet = handle.meta.scope === 'pet' ? { id, name } : undefined;
  return (
    <AppointmentsPage
      key={pet?.id ?? 'all'}
      title={t(handle.titleKey)}
      pet={pet}
      rowAction={(item) => (
        <AddToCalendarButton
          appointment={{
            id: item.appointment_id,
            petName: item.appointment_pet_name,
            date: item.appointment_date,
          }}
        />
      )}
    />
  );
}
