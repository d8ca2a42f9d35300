import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TaskAltOutlinedIcon from '@mui/icons-material/TaskAltOutlined';
import { useTranslation } from '@/lib/i18n-react';
import type { UserInfo } from '@pet/contract';
import { RouterLink } from '@/components/RouterLink';
import { usePublicConfig } from '@/lib/brand';
import { useApiErrorMessage, useNotify } from '@/lib/notifications';
import { useRevokeCancellation } from '../api/revoke-cancellation';
import { useProducts } from '../api/products';
import { useCancelAt } from '../api/fetch-cancel-at';
import { Feedback } from '../components/Feedback';
import { PlanGrid, PlanGridError, PlanGridSkeleton } from '../components/PlanGrid';
import { currentPayType } from '../plan-rules';
import { SUBSCRIPTION_PATH } from '../use-checkout-params';
import { cancelModeCards, lastDayOf, termEnd } from './cancel-rules';
import { RevokedResult, useRefreshSubscription } from './shared';

/**
 * ?process=cancel_Termination (account-area section 4, plan cards in cancel mode): while a
 * termination is pending, the current plan offers Cancel termination (the revoke) and the plans of
 * sequence 1 or lower show as what the account changes to after the end date. After the revoke the
 * success message with the family name.
 */
export function CancelTerminationPlans({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { brand } = usePublicConfig();
  const notify = useNotify();
  const errorMessage = useApiErrorMessage();
  const refresh = useRefreshSubscription();
  const cancelAt = useCancelAt(user.id, true);
  const products = useProducts(brand.partnerId, user.id);
  const revoke = useRevokeCancellation();
  const [revoked, setRevoked] = useState(false);

  if (revoked) return <RevokedResult />;
  if (cancelAt.isPending || products.isPending) return <PlanGridSkeleton count={2} />;
  if (products.isError)
    return <PlanGridError error={products.error} onRetry={() => void products.refetch()} />;
  if (cancelAt.isError) {
    return <PlanGridError error={cancelAt.error} onRetry={() => void cancelAt.refetch()} />;
  }

  if (cancelAt.data.status !== 'cancel') {
    return (
      <Card sx={{ maxWidth: 720 }}>
        <Feedback
          role="status"
          icon={<TaskAltOutlinedIcon />}
          title={t('subscription.cancel.nothingPendingTitle')}
          text={t('subscription.cancel.nothingPendingText', { plan: user.product?.name ?? '' })}
          actions={
            <Button variant="contained" component={RouterLink} to={SUBSCRIPTION_PATH}>
              {t('subscription.result.toSubscription')}
            </Button>
          }
        />
      </Card>
    );
  }

  const cards = cancelModeCards(user, products.data.data);
  const end = termEnd(user);

  const doRevoke = async () => {
    if (revoke.isPending) return;
    try {
      await revoke.mutateAsync();
      setRevoked(true);
      await refresh();
    } catch (error) {
      notify.show(errorMessage(error), 'error');
    }
  };

  return (
    <>
      <Alert severity="warning" sx={{ mb: 3 }}>
        {end
          ? t('subscription.cancel.pendingText', { plan: user.product?.name ?? '', date: lastDayOf(end) })
          : t('subscription.cancel.pendingTextNoDate', { plan: user.product?.name ?? '' })}
      </Alert>
      <PlanGrid
        plans={cards.map((card) => card.plan)}
        brand={brand}
        stateOf={(plan) => cards.find((card) => card.plan.id === plan.id)?.state ?? null}
        initialPayType={(plan) => cards.find((card) => card.plan.id === plan.id)?.payType ?? null}
        currentInterval={currentPayType(user)}
        trackerPrice={0}
        intervalChoice={false}
        onChoose={() => void doRevoke()}
      />
    </>
  );
}
