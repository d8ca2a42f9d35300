import { useTranslation } from 'react-i18next';
import { LIMIT_KEYS } from '@pet/contract';
import { UpgradePrompt } from '@/components/UpgradePrompt';

/**
 * The paid-service prompt of the appointment lists (pet-data sections 2 and 6): on the free
 * (default) plan it takes the place of the add action; the activate button leads to
 * /my-account/subscription.
 */
export function PaidServicePrompt() {
  const { t } = useTranslation();
  return (
    <UpgradePrompt
      titleId="appointments-paid-service-title"
      title={t(LIMIT_KEYS.appointmentNotAllowed)}
      text={t('appointments.paidService.text')}
      upgradeLabel={t('appointments.paidService.activate')}
      sx={{ mb: 3 }}
    />
  );
}
