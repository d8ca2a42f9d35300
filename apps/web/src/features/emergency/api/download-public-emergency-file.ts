import { useMutation } from '@tanstack/react-query';
import { type EmergencyLanguage } from '@pet/contract';
import { api } from '@/lib/api-client';

export interface PublicEmergencyRequest {
  /** The emergency password (the owner's activation code), already trimmed. */
  code: string;
  language: EmergencyLanguage;
}

/**
 * GET /v1/emergency/public?activation_code=&language= (account-area section 7): no sign-in. The
 * statuses mean the public download's keys (context emergencyPublic); a 401 here is an answer, not
 * an expired session, so it must not run the app's sign-out.
 */
export const fetchPublicEmergencyFile = ({ code, language }: PublicEmergencyRequest, signal?: AbortSignal) =>
  api.blob('/v1/emergency/public', {
    query: { activation_code: code, language },
    context: 'emergencyPublic',
    unauthorizedIsAnswer: true,
    signal,
  });

export function usePublicEmergencyFileMutation() {
  return useMutation({
    mutationKey: ['emergency', 'public-file'],
    mutationFn: (request: PublicEmergencyRequest) => fetchPublicEmergencyFile(request),
  });
}
