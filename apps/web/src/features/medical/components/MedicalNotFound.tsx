import { useTranslation } from 'react-i18next';
import { PetNotFound } from '@/components/PetNotFound';
import { isApiError } from '@/lib/api-client';

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** A pet that is not the user's (or no longer exists): the server answered 404. */
export function MedicalNotFound() {
  const { t } = useTranslation();
  return <PetNotFound title={t('medical.petNotFound')} backLabel={t('medical.toMyPets')} />;
}
