import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CARE_PATHS, noticeSchema, type Notice } from '@pet/contract';
import { api } from '@/lib/api-client';
import { careKeys } from './keys';

/** GET /v1/care/notices: the user's open in-app notices (weight outside the band, stock, …). */
export function useNotices(enabled = true) {
  return useQuery({
    queryKey: careKeys.notices(),
    queryFn: ({ signal }) => api.get(CARE_PATHS.notices, z.array(noticeSchema), { signal }),
    enabled,
  });
}

/** POST /v1/care/notice/dismiss?id=. */
export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notice: Notice) =>
      api.post(CARE_PATHS.noticeDismiss, {}, z.unknown(), { query: { id: notice.id } }),
    onSuccess: (_data, notice) => {
      queryClient.setQueryData<Notice[]>(careKeys.notices(), (list) =>
        list?.filter((entry) => entry.id !== notice.id),
      );
    },
  });
}
