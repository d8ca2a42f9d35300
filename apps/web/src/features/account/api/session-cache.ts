import type { QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@pet/contract';
import { SESSION_QUERY_KEY } from '@/lib/session';

/**
 * After a change of the signed-in user: show it at once (the top bar, the sidebar and this area
 * read the session query) and then reload the user info from the server.
 */
export function patchSessionUser(queryClient: QueryClient, patch: Partial<UserInfo>): Promise<void> {
  queryClient.setQueryData<UserInfo | null>(SESSION_QUERY_KEY, (user) =>
    user ? { ...user, ...patch } : user,
  );
  return queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}
