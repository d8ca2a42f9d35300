import { useTranslation } from '@/lib/i18n-react';
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
