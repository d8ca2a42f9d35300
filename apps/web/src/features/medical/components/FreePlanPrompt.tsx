import { useTranslation } from '@/lib/i18n-react';
import { LIMIT_KEYS } from '@pet/contract';
import { UpgradePrompt } from '@/components/UpgradePrompt';

/**
 * The free-plan prompt of the medical add pages (pet-data section 6): adding medical data needs a
 * paid plan; the activate button leads to /my-account/subscription.
 */
export function FreePlanPrompt({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  const { t } = useTranslation();
  return (
    <UpgradePrompt
      titleId="medical-free-plan-title"
      title={t(LIMIT_KEYS.medicalNotAllowed)}
      text={t('medical.freePlan.text')}
      upgradeLabel={t('medical.freePlan.activate')}
      secondaryAction={{ to: backTo, label: backLabel }}
    />
  );
}
