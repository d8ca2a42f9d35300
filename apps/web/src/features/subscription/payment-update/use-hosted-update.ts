import { useState } from 'react';
import type { PaymentMethodResponse } from '@pet/contract';
import { useStartPaymentUpdate } from '../api/start-payment-update';
import { redirectTo } from '../payment/redirect';
import { rememberMethodBefore } from './payment-update-rules';

/**
 * Starts the hosted checkout (setup mode) and sends the browser there. The button stays busy
 * until the page is gone; a refusal (No_Payment_Method_Text, the provider unreachable) is the
 * error to show.
 */
export function useHostedPaymentUpdate() {
  const start = useStartPaymentUpdate();
  const [leaving, setLeaving] = useState(false);
  return {
    busy: start.isPending || leaving,
    error: start.error,
    start: (current?: PaymentMethodResponse) => {
      if (start.isPending || leaving) return;
      start.mutate(undefined, {
        onSuccess: (session) => {
          setLeaving(true);
          rememberMethodBefore(current);
          redirectTo(session.url);
        },
      });
    },
  };
}
