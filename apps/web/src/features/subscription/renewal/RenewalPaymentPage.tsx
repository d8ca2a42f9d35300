import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { declineText, epochSecondsToDate, formatEuro } from '@pet/contract';
import { ErrorState } from '@/components/ErrorState';
import { RouterLink } from '@/components/RouterLink';
import { formatDate } from '@/lib/dates';
import { useApiErrorMessage } from '@/lib/notifications';
import { useSessionStore } from '@/lib/session';
import { useLanguage } from '@/lib/use-language';
import { SUBSCRIPTION_QUERY_ROOT } from '../api/keys';
import { useRenewalPayment } from '../api/fetch-renewal-payment';
import { usePayRenewal } from '../api/pay-renewal';
import { ResultCard, ResultText as Text } from '../components/ResultCard';
import { redirectTo } from '../payment/redirect';
import { SUBSCRIPTION_PATH } from '../use-checkout-params';

/**
 * /my-account/renewal-payment?order_id= (issue 33 item 20): the page the renewal mail's sign-in
 * link opens when the bank wants the customer to confirm a renewal (3-D Secure). Pay now confirms
 * on session with the saved method; the bank's page comes back here (?redirect_status=), and the
 * server, which reconciles with the provider, says whether the plan was renewed.
 */
export function RenewalPaymentPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const session = useSessionStore();
  const errorMessage = useApiErrorMessage();
  const [params] = useSearchParams();
  const orderId = params.get('order_id') || null;
  const bankRefused = params.get('redirect_status') === 'failed';
  const renewal = useRenewalPayment(orderId);
  const pay = usePayRenewal();
  const [attemptId] = useState(() => crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);
  const refreshed = useRef(false);
  const status = renewal.data?.status;

  useEffect(() => {
    if (status !== 'paid' || refreshed.current) return;
    refreshed.current = true;
    void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_ROOT });
    void session.invalidate();
  }, [status, queryClient, session]);

  const toPlans = (variant: 'contained' | 'outlined') => (
    <Button variant={variant} size="large" component={RouterLink} to={SUBSCRIPTION_PATH}>
      {t('subscription.result.toSubscription')}
    </Button>
  );

  if (!orderId) {
    return (
      <ResultCard
        tone="neutral"
        icon={<HelpOutlineIcon />}
        title={t('subscription.result.noOrderTitle')}
        testId="renewal-no-order"
        actions={toPlans('contained')}
      >
        <Text>{t('subscription.result.noOrderText')}</Text>
      </ResultCard>
    );
  }
  if (renewal.isError && !renewal.data) {
    return (
      <ErrorState
        role="alert"
        title={t('subscription.result.statusFailedTitle')}
        description={errorMessage(renewal.error)}
        onRetry={() => void renewal.refetch()}
      />
    );
  }
  const data = renewal.data;
  if (!data) {
    return (
      <ResultCard
        tone="pending"
        icon={<CircularProgress size={52} />}
        title={t('subscription.result.confirmingTitle')}
        testId="renewal-loading"
      >
        <Text>{t('subscription.result.confirmingText')}</Text>
      </ResultCard>
    );
  }
  if (data.status === 'paid') {
    return (
      <ResultCard
        tone="success"
        icon={<CheckCircleOutlineIcon />}
        title={t('subscription.renewal.paidTitle')}
        testId="renewal-paid"
        actions={toPlans('contained')}
      >
        <Text>{t('subscription.renewal.paidText', { plan: data.product_name })}</Text>
      </ResultCard>
    );
  }
  if (data.status === 'closed') {
    return (
      <ResultCard
        tone="neutral"
        icon={<HelpOutlineIcon />}
        title={t('subscription.renewal.closedTitle')}
        testId="renewal-closed"
        actions={toPlans('contained')}
      >
        <Text>{t('subscription.renewal.closedText', { plan: data.product_name })}</Text>
      </ResultCard>
    );
  }

  const payNow = async () => {
    setFailure(null);
    try {
      const answer = await pay.mutateAsync({ order_id: data.order_id, attempt_id: attemptId });
      if (answer.status === 'redirect' && answer.url) {
        redirectTo(answer.url);
        return;
      }
      if (answer.status === 'failed') setFailure(declineText(language, answer.reason));
      await renewal.refetch();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  // Back from the bank's page without confirmation: titled as the failure it is.
  const refused = bankRefused || failure !== null;
  return (
    <ResultCard
      tone={refused ? 'error' : 'neutral'}
      icon={refused ? <ErrorOutlineIcon /> : <LockOutlinedIcon />}
      title={t(refused ? 'subscription.renewal.refusedTitle' : 'subscription.renewal.confirmTitle', {
        plan: data.product_name,
      })}
      testId={refused ? 'renewal-refused' : 'renewal-open'}
      actions={
        <>
          <Button
            variant="contained"
            size="large"
            onClick={() => void payNow()}
            disabled={pay.isPending}
            data-testid="renewal-pay"
          >
            {t('subscription.renewal.payNow', { amount: formatEuro(data.amount_cents / 100) })}
          </Button>
          {toPlans('outlined')}
        </>
      }
    >
      <Text>
        {failure ??
          (bankRefused
            ? declineText(language, 'payment_intent_authentication_failure')
            : t('subscription.renewal.pageText', { plan: data.product_name }))}
      </Text>
      <Text>
        {t('subscription.renewal.activeUntil', { date: formatDate(epochSecondsToDate(data.grace_end)) })}
      </Text>
    </ResultCard>
  );
}
