import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from '@/lib/i18n-react';
import { RouterLink } from '@/components/RouterLink';

export const SUBSCRIPTION_PATH = '/my-account/subscription';

/** The plan's pet-limit message, with the buy-subscription button where the plan allows it. */
export function PetLimitNotice({ messageKey, showUpsell }: { messageKey: string; showUpsell: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      variant="outlined"
      data-testid="pet-limit-message"
      sx={{
        height: '100%',
        alignItems: 'flex-start',
        borderRadius: '16px',
        bgcolor: 'background.paper',
        '& .MuiAlert-message': { width: '100%' },
      }}
    >
      <AlertTitle sx={{ fontWeight: 600 }}>{t('pets.limit.title')}</AlertTitle>
      {t(messageKey)}
      {showUpsell ? (
        <Button
          component={RouterLink}
          to={SUBSCRIPTION_PATH}
          variant="contained"
          size="small"
          sx={{ mt: 2, display: 'flex', width: 'fit-content' }}
        >
          {t('pets.limit.buySubscription')}
        </Button>
      ) : null}
    </Alert>
  );
}
