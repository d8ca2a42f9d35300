import Button from '@mui/material/Button';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ErrorState';
import { RouterLink } from '@/components/RouterLink';
import { isApiError } from '@/lib/api-client';

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** A pet that is not the user's (or no longer exists): the server answered 404. */
export function MedicalNotFound() {
  const { t } = useTranslation();
  return (
    <ErrorState
      icon={<SearchOffOutlinedIcon />}
      title={t('medical.petNotFound')}
      description={t('Not_Found_Text')}
      actions={
        <Button variant="contained" component={RouterLink} to="/dashboard/my-pets">
          {t('medical.toMyPets')}
        </Button>
      }
    />
  );
}
