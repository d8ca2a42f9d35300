import { useSignedInUser } from '@/lib/session';

/** May the user add medical data? Only plans with `medical` (pet-data section 6); the free plan may not. */
export function useMedicalAllowed(): boolean {
  return useSignedInUser().product?.medical === true;
}
