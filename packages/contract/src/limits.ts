import { LIMIT_KEYS } from './errors.ts';
import { PET_UPSELL_MAX_SEQUENCE } from './constants.ts';
import type { BrandConfig } from './brands.ts';

/**
 * Plan-limit rules of pet-data sections 4, 6 and 9, shared by the server (which enforces them) and
 * the web app (which mirrors them to show the right message before the user tries).
 */
export interface PlanLimits {
  is_default: boolean;
  gps_tracking: boolean;
  sequence: number;
  pets_limit: number;
  documents_limit: number;
  medical: boolean;
  appointments: boolean;
}

/** Free_ on the default plan, Premium_ on a plan with GPS tracking, Basic_ otherwise. */
export function petLimitMessageKey(plan: Pick<PlanLimits, 'is_default' | 'gps_tracking'>): string {
  if (plan.is_default) return LIMIT_KEYS.freePet;
  return plan.gps_tracking ? LIMIT_KEYS.premiumPet : LIMIT_KEYS.basicPet;
}

/** The default plan and a medical-only plan give the basic message; a GPS plan the premium one. */
export function documentLimitMessageKey(plan: Pick<PlanLimits, 'gps_tracking'>): string {
  return plan.gps_tracking ? LIMIT_KEYS.premiumDocument : LIMIT_KEYS.basicDocument;
}

/** Pet-limit upsell button: plan sequence below 3 (below 4 and no button in the dog brand). */
export function showPetUpsellButton(
  plan: Pick<PlanLimits, 'sequence'>,
  brand?: Pick<BrandConfig, 'limits'>,
): boolean {
  if (!brand) return plan.sequence < PET_UPSELL_MAX_SEQUENCE;
  return brand.limits.petUpsellButton && plan.sequence < brand.limits.petUpsellBelowSequence;
}

/**
 * Adding an appointment (pet-data section 6) needs a plan with `appointments` and with medical
 * allowance (`medical`); otherwise Appointment_Limit_Reached_Message. The pet itself is the
 * caller's check (No_Pet_Text).
 */
export function appointmentsAllowed(plan: Pick<PlanLimits, 'appointments' | 'medical'>): boolean {
  return plan.appointments && plan.medical;
}

/**
 * The extras beyond the spec (calendar feed and .ics downloads) belong to the paid plans: none on
 * the brand's free (default) plan or without a plan (Paid_Extras_Not_Allowed_Text, the upsell).
 */
export function paidExtrasAllowed(plan: Pick<PlanLimits, 'is_default'> | null | undefined): boolean {
  return plan !== null && plan !== undefined && !plan.is_default;
}
