import { useTranslation } from '@/lib/i18n-react';
import { LIMIT_KEYS } from '@pet/contract';
import { UpgradePrompt } from '@/components/UpgradePrompt';
import { useBrand } from '@/lib/brand';

/**
 * The paid-service prompt of the appointment lists (pet-data sections 2 and 6): on the free
 * (default) plan it takes the place of the add action; the activate button leads to
 * /my-account/subscription, except in the tier-fritz brand, whose appointment refusals carry no
 * subscription link (pet-data section 6, brand limits.appointmentLimitLink).
 */
export function PaidServicePrompt() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <UpgradePrompt
      titleId="appointments-paid-service-title"
      title={t(LIMIT_KEYS.appointmentNotAllowed)}
      text={t('appointments.paidService.text')}
      upgradeLabel={brand.limits.appointmentLimitLink ? t('appointments.paidService.activate') : undefined}
      sx={{ mb: 3 }}
    />
  );
}
