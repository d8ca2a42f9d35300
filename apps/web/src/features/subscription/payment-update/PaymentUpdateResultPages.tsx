import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import CreditCardOffOutlinedIcon from '@mui/icons-material/CreditCardOffOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n-react';
import type { PaymentMethodResponse } from '@pet/contract';
import { RouterLink } from '@/components/RouterLink';
import { useApiErrorMessage } from '@/lib/notifications';
import { useSessionStore, useSignedInUser } from '@/lib/session';
import { subscriptionKeys } from '../api/keys';
import { usePaymentMethod } from '../api/fetch-payment-method';
import { ResultCard, ResultText } from '../components/ResultCard';
import { SUBSCRIPTION_PATH } from '../use-checkout-params';
import { PaymentMethodSummary } from './PaymentMethodSummary';
import { forgetMethodBefore, methodFingerprint, readMethodBefore } from './payment-update-rules';
import { useHostedPaymentUpdate } from './use-hosted-update';

/** How often and how long the success page asks for the new method while the provider reports it. */
export const METHOD_POLL_INTERVAL_MS = 1500;
export const METHOD_POLL_ATTEMPTS = 8;

/**
 * /my-account/payment-update/successful?session_id= : the hosted checkout saved a method. The card
 * provider tells the server by a webhook, which may arrive a moment after the browser: the page
 * asks for the method (GET /v1/user/payment_method) until it differs from the one shown before
 * leaving, for a few seconds at most, and shows it. A renewal in its grace period is retried by the
 * server with the new method, so the user info is reloaded too.
 */
export function PaymentUpdateSuccessPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const session = useSessionStore();
  const [before] = useState(readMethodBefore);
  const isNew = (data: PaymentMethodResponse | undefined) =>
    data !== undefined && methodFingerprint(data) !== before;
  // A fresh page (the browser comes back from the hosted checkout): answers count from 0.
  const method = usePaymentMethod(user.id, {
    poll: {
      intervalMs: METHOD_POLL_INTERVAL_MS,
      while_: (data, answers) => before !== null && !isNew(data) && answers < METHOD_POLL_ATTEMPTS,
    },
  });
  // (Reading dataUpdatedAt also re-renders the page on an answer that did not change.)
  const answers = method.dataUpdatedAt
    ? (queryClient.getQueryState(subscriptionKeys.paymentMethod(user.id))?.dataUpdateCount ?? 0)
    : 0;
  const settled = before === null || isNew(method.data) || answers >= METHOD_POLL_ATTEMPTS || method.isError;
  const refreshed = useRef(false);

  useEffect(forgetMethodBefore, []);
  useEffect(() => {
    if (!settled || refreshed.current) return;
    refreshed.current = true;
    void session.invalidate();
  }, [settled, session]);

  return (
    <ResultCard
      tone="success"
      icon={<CheckCircleOutlineIcon />}
      title={t('subscription.paymentUpdate.successTitle')}
      testId="payment-update-successful"
      actions={
        <>
          <Button variant="contained" size="large" component={RouterLink} to="/dashboard">
            {t('subscription.paymentUpdate.toDashboard')}
          </Button>
          <Button variant="outlined" size="large" component={RouterLink} to={SUBSCRIPTION_PATH}>
            {t('subscription.result.toSubscription')}
          </Button>
        </>
      }
    >
      <ResultText>{t('subscription.paymentUpdate.successText')}</ResultText>
      <Box
        sx={{
          width: '100%',
          maxWidth: 420,
          border: 1,
          borderColor: 'divider',
          borderRadius: 3,
          p: 2,
          position: 'relative',
        }}
      >
        {settled ? (
          <PaymentMethodSummary query={method} />
        ) : (
          <Box
            role="status"
            aria-label={t('subscription.paymentUpdate.methodLoading')}
            sx={{ display: 'flex', gap: 1.5, alignItems: 'center', justifyContent: 'center', py: 1.5 }}
          >
            <CircularProgress size={20} aria-hidden />
            <ResultText>{t('subscription.paymentUpdate.confirming')}</ResultText>
          </Box>
        )}
      </Box>
    </ResultCard>
  );
}

/**
 * /my-account/payment-update/failed: the hosted checkout was left or failed; the saved method is
 * unchanged. Buttons to the dashboard and to try again (a new hosted checkout at once).
 */
export function PaymentUpdateFailedPage() {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const hosted = useHostedPaymentUpdate();
  return (
    <ResultCard
      tone="error"
      icon={<CreditCardOffOutlinedIcon />}
      title={t('subscription.paymentUpdate.failedTitle')}
      testId="payment-update-failed"
      actions={
        <>
          <Button
            variant="contained"
            size="large"
            disabled={hosted.busy}
            startIcon={hosted.busy ? <CircularProgress size={18} color="inherit" /> : undefined}
            onClick={() => hosted.start()}
          >
            {t('subscription.paymentUpdate.retry')}
          </Button>
          <Button variant="outlined" size="large" component={RouterLink} to="/dashboard">
            {t('subscription.paymentUpdate.toDashboard')}
          </Button>
        </>
      }
    >
      <ResultText>{t('subscription.paymentUpdate.failedText')}</ResultText>
      {hosted.error ? (
        <Alert severity="error" sx={{ textAlign: 'left' }}>
          {errorMessage(hosted.error)}
        </Alert>
      ) : null}
    </ResultCard>
  );
}
