import { useId, type ReactNode } from 'react';
import { paidExtrasAllowed } from '@pet/contract';
import { useTranslation } from '@/lib/i18n-react';
import { PageTitle } from '@/components/PageTitle';
import { PetHeaderCard } from '@/components/PetHeaderCard';
import { UpgradePrompt } from '@/components/UpgradePrompt';
import { useBrand } from '@/lib/brand';
import { petOfUser } from '@/lib/pet-relation';
import { useSignedInUser } from '@/lib/session';

export interface PaidExtraPetPageProps {
  title: string;
  subtitle: string;
  /** The pet of the route; its summary in the session, when there, names and pictures it. */
  pet: { id: string; name: string };
  /** The prompt shown instead of the content on a plan without paid extras. */
  upgrade: { title: string; text: string; label: string };
  /** The page's content, rendered (and so loading) only on a plan with paid extras. */
  children: (petName: string) => ReactNode;
}

/**
 * The frame of a pet page that is a paid-plan extra (exports, lost-pet tag): title, the pet's
 * header card, then the content, or the upgrade prompt (without its button where the brand hides
 * the subscription). The caller translates the texts.
 */
export function PaidExtraPetPage({ title, subtitle, pet, upgrade, children }: PaidExtraPetPageProps) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const brand = useBrand();
  const promptId = useId();
  const summary = petOfUser(user, pet.id);
  const petName = summary?.name ?? pet.name;

  return (
    <>
      <PageTitle title={title} subtitle={subtitle} />
      <PetHeaderCard
        name={petName}
        subtitle={summary ? t(`pets.species.${summary.type}`, { defaultValue: summary.type }) : undefined}
        imageUrl={summary?.image_url}
      />
      {paidExtrasAllowed(user.product) ? (
        children(petName)
      ) : (
        <UpgradePrompt
          titleId={promptId}
          title={upgrade.title}
          text={upgrade.text}
          upgradeLabel={brand.hiddenMenuItems.includes('subscription') ? undefined : upgrade.label}
          landmark="section"
        />
      )}
    </>
  );
}
