import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from '@/lib/i18n-react';
import { useApiErrorMessage } from '@/lib/notifications';

/** The documents could not be loaded: the catalogue's text and a retry, inside the page. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('app.retry')}
        </Button>
      }
    >
      <AlertTitle>{t('documents.loadFailed')}</AlertTitle>
      {errorMessage(error)}
    </Alert>
  );
}
