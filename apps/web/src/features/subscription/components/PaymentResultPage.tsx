import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassTopOutlinedIcon from '@mui/icons-material/HourglassTopOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useLanguage } from '@/lib/use-language';
import { declineText } from '@pet/contract';
import { ErrorState } from '@/components/ErrorState';
import { RouterLink } from '@/components/RouterLink';
import { useSuccessHomePath } from '@/lib/mobile-embedding';
import { useApiErrorMessage } from '@/lib/notifications';
import { useSessionStore, useSignedInUser } from '@/lib/session';
import { SUBSCRIPTION_QUERY_ROOT } from '../api/keys';
import { useDeleteOrder } from '../api/delete-order';
import { useOrderStatus } from '../api/fetch-order-status';
import { SUBSCRIPTION_PATH } from '../use-checkout-params';
import { ResultCard, ResultText as Text } from './ResultCard';
import { SepaDebitDetails } from './SepaDebitDetails';

/**
 * /my-account/subscription/successful?order_id= (account-area section 2): follows the order until
 * the payment is settled (every ~1.5 s): confirming, SEPA debit pending ("processing"), paid (the
 * user info is reloaded, the plan is active) or failed (with the way back to the plans). Coming
 * back from 3-D Secure with redirect_status=failed deletes the order and says the card was declined.
 */
export function PaymentResultPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const session = useSessionStore();
  const homePath = useSuccessHomePath(user.id);
  const errorMessage = useApiErrorMessage();
  const [params] = useSearchParams();
  const orderId = params.get('order_id') || null;
  const declined = params.get('redirect_status') === 'failed';
  const [startedAt] = useState(() => Date.now());
  const status = useOrderStatus(declined ? null : orderId, startedAt);
  const deleteOrder = useDeleteOrder();
  const deleteRequested = useRef(false);
  const refreshed = useRef(false);
  const orderStatus = status.data?.status;

  // 3-D Secure failed: the order of the refused payment is deleted (once, also in StrictMode).
  useEffect(() => {
    if (!declined || !orderId || deleteRequested.current) return;
    deleteRequested.current = true;
    deleteOrder.mutate(orderId, {
      onSettled: () => void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_ROOT }),
    });
  }, [declined, orderId, deleteOrder, queryClient]);

  // Paid: the user's plan changed; reload the user info and the plans once.
  useEffect(() => {
    if (orderStatus !== 'paid' && orderStatus !== 'failed') return;
    if (refreshed.current) return;
    refreshed.current = true;
    void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_ROOT });
    if (orderStatus === 'paid') void session.invalidate();
  }, [orderStatus, queryClient, session]);

  const backToPlans = (
    <Button variant="contained" size="large" component={RouterLink} to={SUBSCRIPTION_PATH}>
      {t('subscription.result.backToPlans')}
    </Button>
  );
  // Inside the mobile app "home" is the subscription page itself: one button is enough then.
  const homeIsPlans = homePath === SUBSCRIPTION_PATH;
  const home = (variant: 'contained' | 'outlined') =>
    variant === 'outlined' && homeIsPlans ? null : (
      <Button variant={variant} size="large" component={RouterLink} to={homePath}>
        {t(homeIsPlans ? 'subscription.result.toSubscription' : 'subscription.result.home')}
      </Button>
    );

  if (!orderId) {
    return (
      <ResultCard
        tone="neutral"
        icon={<HelpOutlineIcon />}
        title={t('subscription.result.noOrderTitle')}
        testId="result-no-order"
        actions={
          <>
            {backToPlans}
            {home('outlined')}
          </>
        }
      >
        <Text>{t('subscription.result.noOrderText')}</Text>
      </ResultCard>
    );
  }

  if (declined) {
    return (
      <ResultCard
        tone="error"
        icon={<ErrorOutlineIcon />}
        title={t('subscription.result.failedTitle')}
        testId="result-declined"
        actions={
          <>
            {backToPlans}
            {home('outlined')}
          </>
        }
      >
        <Text>{t('subscription.result.declinedText')}</Text>
      </ResultCard>
    );
  }

  if (status.isError && !status.data) {
    return (
      <ErrorState
        role="alert"
        title={t('subscription.result.statusFailedTitle')}
        description={errorMessage(status.error)}
        onRetry={() => void status.refetch()}
        actions={
          <Button variant="outlined" component={RouterLink} to={homePath}>
            {t('subscription.result.home')}
          </Button>
        }
      />
    );
  }

  const order = status.data;
  if (!order || order.status === 'placed') {
    return (
      <ResultCard
        tone="pending"
        icon={<CircularProgress size={52} />}
        title={t('subscription.result.confirmingTitle')}
        testId="result-confirming"
      >
        <Text>{t('subscription.result.confirmingText')}</Text>
      </ResultCard>
    );
  }

  if (order.status === 'processing') {
    return (
      <ResultCard
        tone="pending"
        icon={<HourglassTopOutlinedIcon />}
        title={t('subscription.result.processingTitle')}
        testId="result-processing"
        actions={home('contained')}
      >
        <Text>{t('subscription.result.processingText', { plan: order.product_name })}</Text>
        {order.sepa_debit ? <SepaDebitDetails debit={order.sepa_debit} /> : null}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <CircularProgress size={16} color="inherit" aria-hidden />
          <Typography variant="body2">{t('subscription.result.processingWatching')}</Typography>
        </Stack>
      </ResultCard>
    );
  }

  if (order.status === 'failed') {
    return (
      <ResultCard
        tone="error"
        icon={<ErrorOutlineIcon />}
        title={t('subscription.result.failedTitle')}
        testId="result-failed"
        actions={
          <>
            {backToPlans}
            {home('outlined')}
          </>
        }
      >
        <Text>{t('subscription.result.failedText', { plan: order.product_name })}</Text>
        {order.failure_reason ? (
          <Text>
            {t('subscription.renewal.reason', { reason: declineText(language, order.failure_reason) })}
          </Text>
        ) : null}
      </ResultCard>
    );
  }

  return (
    <ResultCard
      tone="success"
      icon={<CheckCircleOutlineIcon />}
      title={t('subscription.result.paidTitle')}
      testId="result-paid"
      actions={
        <>
          {home('contained')}
          {homeIsPlans ? null : (
            <Button variant="outlined" size="large" component={RouterLink} to={SUBSCRIPTION_PATH}>
              {t('subscription.result.toSubscription')}
            </Button>
          )}
        </>
      }
    >
      <Text>{t('subscription.result.paidText', { plan: order.product_name })}</Text>
    </ResultCard>
  );
}
