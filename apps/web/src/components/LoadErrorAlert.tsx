import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from '@/lib/i18n-react';
import { useApiErrorMessage } from '@/lib/notifications';

/** A list that could not be loaded: the feature's text, the error's message and a retry button. */
export function LoadErrorAlert({
  text,
  error,
  onRetry,
  sx,
}: {
  text: string;
  error: unknown;
  onRetry: () => void;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('app.retry')}
        </Button>
      }
    >
      {text} {errorMessage(error)}
    </Alert>
  );
}
