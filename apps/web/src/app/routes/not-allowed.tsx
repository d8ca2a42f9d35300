import Button from '@mui/material/Button';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useLocation } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { ErrorState } from '@/components/ErrorState';
import { RouterLink } from '@/components/RouterLink';
import type { NotAllowedState } from '@/lib/paths';

/**
 * Pet-data section 2: a free-plan user who reaches an add page is sent here. Explains that the
 * feature is part of a paid plan and leads to the plans (unless the refusing page says its brand
 * shows no such link: NotAllowedState).
 */
export function Component() {
  const { t } = useTranslation();
  const upgradeLink = (useLocation().state as NotAllowedState | null)?.upgradeLink !== false;
  return (
    <ErrorState
      icon={<WorkspacePremiumOutlinedIcon />}
      title={t('notAllowed.title')}
      description={t('notAllowed.text')}
      actions={
        <>
          {upgradeLink ? (
            <Button variant="contained" component={RouterLink} to="/my-account/subscription">
              {t('notAllowed.showPlans')}
            </Button>
          ) : null}
          <Button variant={upgradeLink ? 'outlined' : 'contained'} component={RouterLink} to="/dashboard">
            {t('errors.goHome')}
          </Button>
        </>
      }
    />
  );
}
