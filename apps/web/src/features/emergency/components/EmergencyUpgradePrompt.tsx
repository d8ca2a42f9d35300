import { useTranslation } from '@/lib/i18n-react';
import { LIMIT_KEYS } from '@pet/contract';
import { UpgradePrompt } from '@/components/UpgradePrompt';

/**
 * Pet-data sections 4 and 6: without a paid plan with a single activation code the download is
 * replaced by this prompt; `withAction` adds the upgrade button to /my-account/subscription (not
 * for the brand that refuses the plan's sequence: there only Download_Not_Allowed_Text shows).
 */
export function EmergencyUpgradePrompt({ withAction }: { withAction: boolean }) {
  const { t } = useTranslation();
  return (
    <UpgradePrompt
      landmark="section"
      titleId="emergency-upgrade-title"
      title={t(LIMIT_KEYS.downloadNotAllowed)}
      text={withAction ? t('emergency.upgradeText') : undefined}
      upgradeLabel={withAction ? t('Upgrade_Text') : undefined}
      contentMaxWidth={560}
    />
  );
}
