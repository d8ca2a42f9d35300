import { useQuery } from '@tanstack/react-query';
import { SHARE_PATHS, invitationPreviewSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { shareKeys } from './keys';

/** GET /v1/share/invitation/preview?token=: what the link's holder may see (public). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: shareKeys.preview(token),
    queryFn: ({ signal }) =>
      api.get(SHARE_PATHS.invitationPreview, invitationPreviewSchema, { query: { token }, signal }),
    enabled: token !== '',
    // A gone link stays gone.
    retry: false,
  });
}
