import { lazy } from 'react';
import { useNavigate } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import type { MedicalType } from '@pet/contract';
import { FormCard } from '@/components/FormCard';
import { PageTitle } from '@/components/PageTitle';
import { PetHeader } from '@/components/PetHeader';
import type { PetRef } from '@/lib/paths';
import { medicalListPath } from '@/features/medical/medical-kinds';
import { useMedicalAllowed } from '@/features/medical/use-medical-allowed';
import { FreePlanPrompt } from './FreePlanPrompt';

/** The form (with the date pickers) is its own chunk: the page and its title show at once. */
const MedicalForm = lazy(() => import('./MedicalForm').then((module) => ({ default: module.MedicalForm })));

/**
 * The four add routes (pet-data section 2): the kind's form, or on a plan without medical data the
 * free-plan prompt. A saved record leads to the kind's list.
 */
export function MedicalAddPage({ title, pet, type }: { title: string; pet: PetRef; type: MedicalType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allowed = useMedicalAllowed(pet.id);
  const listPath = medicalListPath(pet, type);

  return (
    <>
      <PageTitle title={title} />
      <PetHeader petId={pet.id} petName={pet.name} />
      {allowed ? (
        <FormCard>
          <MedicalForm
            petId={pet.id}
            type={type}
            onSaved={() => void navigate(listPath)}
            onCancel={() => void navigate(listPath)}
          />
        </FormCard>
      ) : (
        <FreePlanPrompt backTo={listPath} backLabel={t('medical.backToList')} />
      )}
    </>
  );
}
