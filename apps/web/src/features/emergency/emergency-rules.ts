import { LIMIT_KEYS, type BrandConfig, type UserInfo } from '@pet/contract';
import { isApiError } from '@/lib/api-client';

/** The activation code type that allows the emergency download (pet-data section 4). */
export const DOWNLOAD_CODE_TYPE = 'single';

/**
 * What /emergency-data offers (pet-data sections 4 and 6):
 * - noPet: the user has no pet yet (No_Pet_Text with a link to /dashboard/my-pets);
 * - notAllowed: the brand refuses the plan's sequence (tier-fritz, sequence 0: Download_Not_Allowed_Text);
 * - upgrade: no paid plan with a single activation code (the upgrade prompt);
 * - allowed: the download entry.
 */
export type EmergencyAccess = 'noPet' | 'notAllowed' | 'upgrade' | 'allowed';

export function emergencyAccess(
  user: Pick<UserInfo, 'pets' | 'product' | 'activation_code_type'>,
  brand: Pick<BrandConfig, 'limits'>,
): EmergencyAccess {
  if (user.pets.length === 0) return 'noPet';
  const product = user.product;
  if (product && product.sequence < brand.limits.emergencyDownloadMinSequence) return 'notAllowed';
  if (!product || product.is_default || user.activation_code_type !== DOWNLOAD_CODE_TYPE) return 'upgrade';
  return 'allowed';
}

/** The message of a failed signed-in download: the answer's key (Download_Not_Allowed_Text, ...). */
export function downloadErrorKey(error: unknown): string {
  return isApiError(error) ? error.key : 'Something_Went_Wrong_Text';
}

export function isDownloadNotAllowed(key: string): boolean {
  return key === LIMIT_KEYS.downloadNotAllowed;
}
