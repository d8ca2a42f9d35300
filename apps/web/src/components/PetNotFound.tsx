import Button from '@mui/material/Button';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { ErrorState } from '@/components/ErrorState';
import { RouterLink } from '@/components/RouterLink';

/**
 * A pet page whose pet is not the user's (or no longer exists; the server answered 404): the
 * feature's title, Not_Found_Text and the way back to the user's pets.
 */
export function PetNotFound({ title, backLabel }: { title: string; backLabel: string }) {
  const { t } = useTranslation();
  return (
    <ErrorState
      icon={<SearchOffOutlinedIcon />}
      title={title}
      description={t('Not_Found_Text')}
      actions={
        <Button variant="contained" component={RouterLink} to="/dashboard/my-pets">
          {backLabel}
        </Button>
      }
    />
  );
}
