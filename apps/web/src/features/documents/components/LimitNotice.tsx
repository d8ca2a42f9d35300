import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from '@/lib/i18n-react';
import { RouterLink } from '@/components/RouterLink';

/**
 * The plan's document-limit message (Basic_ or Premium_Document_Limit_Reached_Message) with its
 * action to the subscription page (pet-data sections 2 and 8). Replaces the add entry.
 */
export function LimitNotice({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      variant="outlined"
      data-testid="document-limit"
      sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, '& .MuiAlert-action': { pt: { xs: 1, sm: 0 } } }}
      action={
        <Button
          color="primary"
          variant="contained"
          size="small"
          component={RouterLink}
          to="/my-account/subscription"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('documents.showPlans')}
        </Button>
      }
    >
      <AlertTitle>{t('documents.limitTitle')}</AlertTitle>
      {t(messageKey)}
    </Alert>
  );
}
