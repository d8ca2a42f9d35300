import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import TaskAltOutlinedIcon from '@mui/icons-material/TaskAltOutlined';
import { addDays } from 'date-fns';
import { useLocation } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import {
  DOCUMENTS_KEPT_AFTER_CANCELLATION,
  REACTIVATION_WINDOW_DAYS,
  epochSecondsToDate,
} from '@pet/contract';
import { PageSkeleton } from '@/components/PageSkeleton';
import { ErrorState } from '@/components/ErrorState';
import { RouterLink } from '@/components/RouterLink';
import { formatDate } from '@/lib/dates';
import { useSuccessHomePath } from '@/lib/mobile-embedding';
import { useApiErrorMessage } from '@/lib/notifications';
import { useSignedInUser } from '@/lib/session';
import { useRevokeCancellation } from '../api/revoke-cancellation';
import { useCancelAt } from '../api/fetch-cancel-at';
import { ResultCard, ResultText } from '../components/ResultCard';
import { SUBSCRIPTION_PATH } from '../use-checkout-params';
import { lastDayOf, termEnd } from './cancel-rules';
import type { CancelSuccessState } from './ConfirmTermination';
import { RevokedResult, useRefreshSubscription } from './shared';

function endDateOf(state: unknown): Date | null {
  const endDate = (state as Partial<CancelSuccessState> | null)?.endDate;
  return typeof endDate === 'number' && endDate > 0 ? epochSecondsToDate(endDate) : null;
}

/**
 * /my-account/cancel-subscription/successful (account-area section 2): the termination with its
 * end date and a Revoke termination button; the revoke shows the success message with the family
 * name. Without a pending termination (opened later, or already revoked elsewhere) it says so.
 */
export function CancelSuccessPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const location = useLocation();
  const homePath = useSuccessHomePath(user.id);
  const errorMessage = useApiErrorMessage();
  const refresh = useRefreshSubscription();
  const paid = Boolean(user.product && !user.product.is_default);
  const cancelAt = useCancelAt(user.id, paid);
  const revoke = useRevokeCancellation();
  const [revoked, setRevoked] = useState(false);

  if (revoked) return <RevokedResult />;

  const home = (
    <Button variant="contained" size="large" component={RouterLink} to={homePath}>
      {t('subscription.result.home')}
    </Button>
  );

  if (paid && cancelAt.isPending) return <PageSkeleton variant="form" />;
  if (paid && cancelAt.isError) {
    return (
      <ErrorState
        role="alert"
        title={t('subscription.cancel.statusFailed')}
        description={errorMessage(cancelAt.error)}
        onRetry={() => void cancelAt.refetch()}
      />
    );
  }

  if (!paid || cancelAt.data?.status !== 'cancel') {
    return (
      <ResultCard
        tone="neutral"
        icon={<TaskAltOutlinedIcon />}
        title={t('subscription.cancel.nothingPendingTitle')}
        testId="cancel-nothing-pending"
        actions={
          <>
            {home}
            {homePath === SUBSCRIPTION_PATH ? null : (
              <Button variant="outlined" size="large" component={RouterLink} to={SUBSCRIPTION_PATH}>
                {t('subscription.result.toSubscription')}
              </Button>
            )}
          </>
        }
      >
        <ResultText>
          {paid
            ? t('subscription.cancel.nothingPendingText', { plan: user.product?.name ?? '' })
            : t('subscription.cancel.nothingPendingFree')}
        </ResultText>
      </ResultCard>
    );
  }

  const end = endDateOf(location.state) ?? termEnd(user);
  const date = lastDayOf(end);
  const deletionDate = end ? formatDate(addDays(end, REACTIVATION_WINDOW_DAYS)) : null;
  const plan = user.product?.name ?? '';

  const doRevoke = async () => {
    try {
      await revoke.mutateAsync();
      setRevoked(true);
      await refresh();
    } catch {
      // Shown under the buttons (revoke.error).
    }
  };

  return (
    <ResultCard
      tone="success"
      icon={<EventBusyOutlinedIcon />}
      title={t('subscription.cancel.success.title')}
      testId="termination-confirmed"
      actions={
        <>
          {home}
          <Button
            variant="outlined"
            size="large"
            disabled={revoke.isPending}
            startIcon={revoke.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
            onClick={() => void doRevoke()}
          >
            {t('subscription.cancel.success.revoke')}
          </Button>
        </>
      }
    >
      <ResultText>
        {date
          ? t('subscription.cancel.success.text', { plan, date })
          : t('subscription.cancel.success.textNoDate', { plan })}
      </ResultText>
      <ResultText>
        {deletionDate
          ? t('subscription.cancel.success.documents', {
              kept: DOCUMENTS_KEPT_AFTER_CANCELLATION,
              date: deletionDate,
            })
          : t('subscription.cancel.success.documentsNoDate', { kept: DOCUMENTS_KEPT_AFTER_CANCELLATION })}
      </ResultText>
      {revoke.isError ? (
        <Alert severity="error" role="alert" sx={{ textAlign: 'left' }}>
          {errorMessage(revoke.error)}
        </Alert>
      ) : null}
    </ResultCard>
  );
}
