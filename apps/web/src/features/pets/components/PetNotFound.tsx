import Button from '@mui/material/Button';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { ErrorState } from '@/components/ErrorState';
import { RouterLink } from '@/components/RouterLink';
import { errorKeyOf, isApiError } from '@/lib/api-client';

/** A pet that is not (or no longer) the user's, or that could not be loaded. */
export function PetNotFound({ error, onRetry }: { error?: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const missing = error === undefined || (isApiError(error) && error.status === 404);
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
