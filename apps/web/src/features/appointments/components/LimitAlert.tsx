import { useTranslation } from '@/lib/i18n-react';
import { UpgradeAlert } from '@/components/UpgradeAlert';
import { useBrand } from '@/lib/brand';

/**
 * A plan refusal of the server (Appointment_Limit_Reached_Message, No_Pet_Text, ...) with its action:
 * the subscription page, or the add-pet page for No_Pet_Text. The tier-fritz brand's appointment
 * limit message has no subscription link (brand limits.appointmentLimitLink).
 */
/** The add-pet page, the way out of No_Pet_Text. */
export const NEW_PET_PATH = '/dashboard/new-pet';

export function LimitAlert({ message, action }: { message: string; action: 'subscription' | 'addPet' }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const showLink = action === 'addPet' || brand.limits.appointmentLimitLink;
  return (
    <UpgradeAlert
      severity="warning"
      role="alert"
      message={message}
      actionLabel={
        showLink
          ? t(action === 'addPet' ? 'appointments.addPet' : 'appointments.paidService.activate')
          : undefined
      }
      to={action === 'addPet' ? NEW_PET_PATH : undefined}
    />
  );
}
