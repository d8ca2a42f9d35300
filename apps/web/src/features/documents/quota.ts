import { useQueries } from '@tanstack/react-query';
import {
  FREE_DOCUMENTS_LIMIT,
  LIMIT_KEYS,
  documentLimitMessageKey,
  documentLimitReached,
  isUnlimitedDocuments,
} from '@pet/contract';
import { useSignedInUser } from '@/lib/session';
import { petDocumentsQueryOptions } from './api/list-documents';

/**
 * The plan's document limit as the web mirrors it (pet-data sections 4, 6, 9): documents_limit
 * counts all of the user's documents over all pets, document safe and vet findings together.
 * The count is the sum of the pets' lists (the same queries the screens use, so it stays current).
 */
export interface DocumentQuota {
  /** 'ready' once every pet's list is there; the server enforces the limit anyway. */
  status: 'loading' | 'ready' | 'error';
  used: number;
  limit: number;
  unlimited: boolean;
  reached: boolean;
  /** Basic_ or Premium_Document_Limit_Reached_Message by plan. */
  messageKey: string;
}

export function useDocumentQuota(): DocumentQuota {
  const user = useSignedInUser();
  const product = user.product;
  const limit = product?.documents_limit ?? FREE_DOCUMENTS_LIMIT;
  const counts = useQueries({
    queries: user.pets.map((pet) => petDocumentsQueryOptions(pet.id)),
    combine: (results) => ({
      used: results.reduce((sum, result) => sum + (result.data?.length ?? 0), 0),
      pending: results.some((result) => result.isPending),
      failed: results.some((result) => result.isError),
    }),
  });
  const status = counts.failed ? 'error' : counts.pending ? 'loading' : 'ready';
  const unlimited = isUnlimitedDocuments(limit);
  return {
    status,
    used: counts.used,
    limit,
    unlimited,
    reached: status === 'ready' && documentLimitReached(counts.used, limit),
    messageKey: documentLimitMessageKey({ gps_tracking: product?.gps_tracking ?? false }),
  };
}

/** Is this error the server's document-limit refusal (status 500 with a limit key)? */
export function isDocumentLimitKey(key: string): boolean {
  return key === LIMIT_KEYS.basicDocument || key === LIMIT_KEYS.premiumDocument;
}
