import { useCallback, useState } from 'react';
import type { Order } from '@pet/contract';
import { useNotify } from '@/lib/notifications';
import { useInvoicePdf } from './api/fetch-invoice-pdf';
import { openPendingTab } from './open-pdf';

export type BillDocument = 'invoice' | 'credit_note';

/**
 * The PDF icon of a bill: fetches the invoice (or credit note) through the API client, with the
 * app id header, and shows it in a new tab. A failure closes the tab again and shows the generic
 * API error message (account-area section 8: "invoice PDF failure is reported with a generic API
 * error message"). One download at a time per page; `pending` names the row that is loading.
 */
export function useOpenInvoice() {
  const notify = useNotify();
  const { mutateAsync } = useInvoicePdf();
  const [pending, setPending] = useState<{ orderId: string; document: BillDocument } | null>(null);

  const open = useCallback(
    async (order: Order, document: BillDocument = 'invoice') => {
      const tab = openPendingTab();
      setPending({ orderId: order.id, document });
      try {
        tab.show(await mutateAsync({ orderId: order.id, document }));
      } catch (error) {
        tab.cancel();
        console.error('The invoice PDF could not be opened', error);
        notify.error(error);
      } finally {
        setPending(null);
      }
    },
    [mutateAsync, notify],
  );

  const isPending = (orderId: string, document: BillDocument = 'invoice') =>
    pending?.orderId === orderId && pending.document === document;

  return { open, isPending, busy: pending !== null };
}
