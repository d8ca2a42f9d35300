import { useMutation } from '@tanstack/react-query';
import { type EmergencyLanguage } from '@pet/contract';
import { api } from '@/lib/api-client';

/** GET /v1/emergency?language=: the signed-in owner's emergency file as a PDF blob (pet-data section 7). */
export const fetchEmergencyFile = (language: EmergencyLanguage, signal?: AbortSignal) =>
  api.blob('/v1/emergency', { query: { language }, signal });

export function useEmergencyFileMutation() {
  return useMutation({
    mutationKey: ['emergency', 'file'],
    mutationFn: (language: EmergencyLanguage) => fetchEmergencyFile(language),
  });
}
