import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ErrorState';
import { PageTitle } from '@/components/PageTitle';
import { PetHeader, usePetHeaderPet } from '@/components/PetHeader';
import { RouterLink } from '@/components/RouterLink';
import { isApiError } from '@/lib/api-client';
import { useApiErrorMessage } from '@/lib/notifications';
import { useContacts } from '@/features/contacts/api/list-contacts';
import { ContactAccordions } from './ContactAccordions';

/** /pet-details/{name}/{id}/contacts (pet-data section 2, Contacts). */
export function ContactsPage({ title, petId, petName }: { title: string; petId: string; petName: string }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const pet = usePetHeaderPet(petId);
  const contacts = useContacts(petId);

  const notFound = [pet.error, contacts.error].some((error) => isApiError(error) && error.status === 404);
  if (notFound) {
    return (
      <ErrorState
        icon={<SearchOffOutlinedIcon />}
        title={t('contacts.petNotFound')}
        description={t('Not_Found_Text')}
        actions={
          <Button variant="contained" component={RouterLink} to="/dashboard/my-pets">
            {t('contacts.toMyPets')}
          </Button>
        }
      />
    );
  }

  return (
    <>
      <PageTitle title={title} subtitle={t('contacts.subtitle')} />
      <PetHeader petId={petId} petName={petName} />
      {contacts.isPending ? (
        <Stack spacing={1.5} aria-busy="true" aria-label={t('contacts.loading')}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} variant="rounded" height={66} sx={{ borderRadius: 3 }} />
          ))}
        </Stack>
      ) : contacts.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void contacts.refetch()}>
              {t('app.retry')}
            </Button>
          }
        >
          {t('contacts.loadError')} {errorMessage(contacts.error)}
        </Alert>
      ) : (
        <ContactAccordions petId={petId} petName={pet.data?.name ?? petName} contacts={contacts.data} />
      )}
    </>
  );
}
