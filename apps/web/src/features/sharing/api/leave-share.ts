import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { SHARE_PATHS } from '@pet/contract';
import { api } from '@/lib/api-client';

/** POST /v1/share/leave?share_id=: the member ends their own share (the owner gets a mail). */
export function useLeaveShare() {
  return useMutation({
    mutationFn: (shareId: string) =>
      api.post(SHARE_PATHS.leave, undefined, z.unknown(), { query: { share_id: shareId } }),
  });
}
