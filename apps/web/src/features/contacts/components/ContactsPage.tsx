import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from '@/lib/i18n-react';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { PageTitle } from '@/components/PageTitle';
import { PetHeader, usePetHeaderPet } from '@/components/PetHeader';
import { PetNotFound, isNotFoundError } from '@/components/PetNotFound';
import { useContacts } from '@/features/contacts/api/list-contacts';
import { ContactAccordions } from './ContactAccordions';

/** /pet-details/{name}/{id}/contacts (pet-data section 2, Contacts). */
export function ContactsPage({ title, petId, petName }: { title: string; petId: string; petName: string }) {
  const { t } = useTranslation();
  const pet = usePetHeaderPet(petId);
  const contacts = useContacts(petId);

  if ([pet.error, contacts.error].some(isNotFoundError)) return <PetNotFound />;

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
        <LoadErrorAlert
          text={t('contacts.loadError')}
          error={contacts.error}
          onRetry={() => void contacts.refetch()}
        />
      ) : (
        <ContactAccordions petId={petId} petName={pet.data?.name ?? petName} contacts={contacts.data} />
      )}
    </>
  );
}
