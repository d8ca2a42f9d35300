import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { useQueryClientHolder } from '@/lib/query-client-holder';

/**
 * TanStack Query for the screens inside: the signed-in layout and the open screens that read
 * lists (checkout). Only those lazily loaded modules import this one, so TanStack Query is not
 * part of a signed-out first visit. All of them share the app's one client (created here on
 * first use), so a sign-out can empty it.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const holder = useQueryClientHolder();
  holder.client ??= createQueryClient();
  return <QueryClientProvider client={holder.client}>{children}</QueryClientProvider>;
}
