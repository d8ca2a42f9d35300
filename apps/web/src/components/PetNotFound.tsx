import Button from '@mui/material/Button';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { ErrorState } from '@/components/ErrorState';
import { RouterLink } from '@/components/RouterLink';
import { errorKeyOf, isApiError } from '@/lib/api-client';

/** The server's answer for a pet that is not the user's or no longer exists. */
export function isNotFoundError(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/**
 * Every pet page's state for a pet that is not (or no longer) the user's, with the way back to the
 * user's pets. Given any other load error, it says the pet could not be loaded and offers `onRetry`.
 * Its texts are pets.json's `pets.form` keys, loaded with every signed-in screen.
 */
export function PetNotFound({ error, onRetry }: { error?: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const missing = error === undefined || isNotFoundError(error);
  return (
    <ErrorState
      icon={missing ? <SearchOffOutlinedIcon /> : undefined}
      title={missing ? t('pets.form.notFoundTitle') : t('pets.form.loadErrorTitle')}
      description={missing ? t('pets.form.notFoundText') : t(errorKeyOf(error))}
      onRetry={missing ? undefined : onRetry}
      actions={
        <Button component={RouterLink} to="/dashboard/my-pets" variant={missing ? 'contained' : 'outlined'}>
          {t('pets.form.backToList')}
        </Button>
      }
    />
  );
}
