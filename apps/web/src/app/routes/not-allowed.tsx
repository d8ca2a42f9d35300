import Button from '@mui/material/Button';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ErrorState';
import { RouterLink } from '@/components/RouterLink';

/**
 * Pet-data section 2: a free-plan user who reaches an add page is sent here. Explains that the
 * feature is part of a paid plan and leads to the plans.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <ErrorState
      icon={<WorkspacePremiumOutlinedIcon />}
      title={t('notAllowed.title')}
      description={t('notAllowed.text')}
      actions={
        <>
          <Button variant="contained" component={RouterLink} to="/my-account/subscription">
            {t('notAllowed.showPlans')}
          </Button>
          <Button variant="outlined" component={RouterLink} to="/dashboard">
            {t('errors.goHome')}
          </Button>
        </>
      }
    />
  );
}
