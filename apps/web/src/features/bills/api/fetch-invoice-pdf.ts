import { useMutation } from '@tanstack/react-query';
import { APP_ID_HEADER } from '@pet/contract';
import { api } from '@/lib/api-client';

/** What the web app sends as its app id (the mobile apps send theirs). */
export const WEB_APP_ID = 'web';

export interface InvoiceRequest {
  orderId: string;
  /** The invoice (default) or, for a refunded order, its credit note. */
  document?: 'invoice' | 'credit_note';
}

/**
 * GET /v1/order/orderpdfweb?id= (account-area section 7): the invoice PDF as a blob. Like the public
 * emergency download, this call carries the app id header (APP_ID_HEADER) of the spec.
 */
export const fetchInvoicePdf = ({ orderId, document = 'invoice' }: InvoiceRequest, signal?: AbortSignal) =>
  api.blob('/v1/order/orderpdfweb', {
    query: { id: orderId, document: document === 'invoice' ? undefined : document },
    headers: { [APP_ID_HEADER]: WEB_APP_ID },
    signal,
  });

export function useInvoicePdf() {
  return useMutation({
    mutationKey: ['bills', 'invoice-pdf'],
    mutationFn: (request: InvoiceRequest) => fetchInvoicePdf(request),
  });
}
