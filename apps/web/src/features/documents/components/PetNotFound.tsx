import Button from '@mui/material/Button';
import PetsIcon from '@mui/icons-material/Pets';
import { useTranslation } from '@/lib/i18n-react';
import { ErrorState } from '@/components/ErrorState';
import { RouterLink } from '@/components/RouterLink';

/** A pet route whose id is not one of the user's pets. */
export function PetNotFound() {
  const { t } = useTranslation();
  return (
    <ErrorState
      icon={<PetsIcon />}
      title={t('documents.petNotFound')}
      actions={
        <Button variant="contained" component={RouterLink} to="/dashboard/my-pets">
          {t('documents.toMyPets')}
        </Button>
      }
    />
  );
}
