import {
  petLimitMessageKey,
  petLimitReached,
  showPetUpsellButton,
  type BrandConfig,
  type UserInfo,
} from '@pet/contract';
import { useBrand } from '@/lib/brand';
import { useSignedInUser } from '@/lib/session';

export interface PetLimitState {
  reached: boolean;
  /** Free_, Basic_ or Premium_Pet_Limit_Reached_Message by plan. */
  messageKey: string;
  /** Buy-subscription button: plan sequence below 3 (dog brand: never). */
  showUpsell: boolean;
}

/** The plan of the user info, or the brand's default plan while none is attached. */
export function petLimitState(user: Pick<UserInfo, 'pets' | 'product'>, brand: BrandConfig): PetLimitState {
  const plan = user.product ?? brand.plans.find((candidate) => candidate.is_default) ?? brand.plans[0]!;
  return {
    reached: petLimitReached(user.pets.length, plan.pets_limit),
    messageKey: petLimitMessageKey(plan),
    showUpsell: showPetUpsellButton(plan, brand),
  };
}

/** Pet-data sections 4 and 6: the web mirrors the server's pet limit to show the message early. */
export function usePetLimit(): PetLimitState {
  return petLimitState(useSignedInUser(), useBrand());
}
