import { useParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { AppointmentAddPage } from '@/features/appointments/components/AppointmentAddPage';

/** The two add-appointment routes (meta.scope): the form for one pet or with the pet choice. */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const { id = '', name = '' } = useParams();
  if (handle?.meta?.kind !== 'appointments') throw new Error('add-appointment needs meta.scope');
  const pet = handle.meta.scope === 'pet' ? { id, name } : undefined;
  return <AppointmentAddPage key={pet?.id ?? 'all'} title={t(handle.titleKey)} pet={pet} />;
}
