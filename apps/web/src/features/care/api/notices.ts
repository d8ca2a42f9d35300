import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CARE_PATHS, type Notice } from '@pet/contract';
import { anyAnswer } from '@/lib/answer-check';
import { noticesAnswer } from '@/lib/screen-answers';
import { api } from '@/lib/api-client';
import { careKeys } from './keys';

/** GET /v1/care/notices: the user's open in-app notices (weight outside the band, stock, …). */
export function useNotices(enabled = true) {
  return useQuery({
    queryKey: careKeys.notices(),
    queryFn: ({ signal }) => api.get(CARE_PATHS.notices, noticesAnswer, { signal }),
    enabled,
  });
}

/** POST /v1/care/notice/dismiss?id=. */
export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notice: Notice) =>
      api.post(CARE_PATHS.noticeDismiss, {}, anyAnswer, { query: { id: notice.id } }),
    onSuccess: (_data, notice) => {
      queryClient.setQueryData<Notice[]>(careKeys.notices(), (list) =>
        list?.filter((entry) => entry.id !== notice.id),
      );
    },
  });
}
