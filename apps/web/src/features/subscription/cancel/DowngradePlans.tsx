import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import TrendingDownOutlinedIcon from '@mui/icons-material/TrendingDownOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { formatEuro, type Product, type UserInfo } from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { RouterLink } from '@/components/RouterLink';
import { isApiError } from '@/lib/api-client';
import { usePublicConfig } from '@/lib/brand';
import { useNotify } from '@/lib/notifications';
import { useDowngradeSubscription } from '../api/downgrade-subscription';
import { useProducts } from '../api/products';
import { useCancelDowngrade } from '../api/cancel-downgrade';
import { Feedback } from '../components/Feedback';
import { PlanGrid, PlanGridError, PlanGridSkeleton } from '../components/PlanGrid';
import { currentPayType, priceOf, priceSuffix } from '../plan-rules';
import { SUBSCRIPTION_PATH } from '../use-checkout-params';
import {
  cancelPath,
  downgradeModeCards,
  downgradeTargetsOf,
  isDowngradeBlocked,
  downgradeStartDay,
  type DowngradeTarget,
} from './cancel-rules';
import { DowngradeNotAllowedDialog, useRefreshSubscription } from './shared';

/**
 * ?process=downgrade (account-area section 4, plan cards in downgrade mode): the lower plans the
 * rules allow, each with Downgrade (behind a dialog); the plan being downgraded to shows Order in
 * progress from the day after the end date and the way to cancel the downgrade; the current plan's
 * button is disabled. Gift, promo and free users get the popup.
 */
export function DowngradePlans({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { brand } = usePublicConfig();
  const notify = useNotify();
  const refresh = useRefreshSubscription();
  const products = useProducts(brand.partnerId, user.id);
  const downgrade = useDowngradeSubscription();
  const cancelDowngrade = useCancelDowngrade();
  const [target, setTarget] = useState<DowngradeTarget | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [notAllowed, setNotAllowed] = useState(false);

  if (products.isPending) return <PlanGridSkeleton />;
  if (products.isError)
    return <PlanGridError error={products.error} onRetry={() => void products.refetch()} />;

  const plans = products.data.data;
  const cards = downgradeModeCards(user, plans);
  const targets = downgradeTargetsOf(user, plans);
  const blocked = isDowngradeBlocked(user);
  const startDate = downgradeStartDay(user);
  const currentName = user.product?.name ?? '';

  const choose = (plan: Product) => {
    if (blocked) {
      setNotAllowed(true);
      return;
    }
    const chosen = targets.find((candidate) => candidate.plan.id === plan.id);
    if (chosen) setTarget(chosen);
  };

  const confirmDowngrade = async () => {
    if (!target) return;
    try {
      const answer = await downgrade.mutateAsync(target.priceId);
      setTarget(null);
      // The day the server computed and mails (issue 33 item 9).
      const date = answer.effective_on ?? startDate;
      notify.success(
        date ? 'subscription.manage.downgradeScheduled' : 'subscription.manage.downgradeScheduledNoDate',
        {
          plan: target.plan.name,
          date,
        },
      );
      await refresh();
    } catch (error) {
      setTarget(null);
      if (isApiError(error) && error.key === 'Downgrade_Not_Allowed_Text') setNotAllowed(true);
      else notify.error(error);
    }
  };

  const confirmCancelDowngrade = async () => {
    try {
      await cancelDowngrade.mutateAsync();
      setCancelling(false);
      notify.success('subscription.status.downgradeCancelled');
      await refresh();
    } catch (error) {
      setCancelling(false);
      notify.error(error);
    }
  };

  const onlyCurrent = cards.every((card) => card.state.kind === 'current');
  const pendingId = user.downgrading ? user.downgrading.product.id : null;

  return (
    <>
      {onlyCurrent ? (
        <Feedback
          icon={<TrendingDownOutlinedIcon />}
          title={t('subscription.manage.noTargetsTitle')}
          text={t('subscription.manage.noTargetsText', { plan: currentName })}
          actions={
            <>
              <Button variant="contained" component={RouterLink} to={cancelPath('confirm_Termination')}>
                {t('subscription.cancel.choice.cancelButton')}
              </Button>
              <Button variant="outlined" component={RouterLink} to={SUBSCRIPTION_PATH}>
                {t('subscription.result.toSubscription')}
              </Button>
            </>
          }
        />
      ) : (
        <>
          {pendingId ? (
            <Alert severity="info" sx={{ mb: 3 }}>
              {t(startDate ? 'subscription.manage.pendingText' : 'subscription.manage.pendingTextNoDate', {
                plan: user.downgrading ? user.downgrading.product.name : '',
                date: startDate,
              })}
            </Alert>
          ) : null}
          <PlanGrid
            plans={cards.map((card) => card.plan)}
            brand={brand}
            stateOf={(plan) => cards.find((card) => card.plan.id === plan.id)?.state ?? null}
            initialPayType={(plan) => cards.find((card) => card.plan.id === plan.id)?.payType ?? null}
            currentInterval={currentPayType(user)}
            trackerPrice={0}
            intervalChoice={false}
            onChoose={choose}
            secondaryActionOf={(plan) =>
              plan.id === pendingId ? (
                <Button fullWidth color="inherit" onClick={() => setCancelling(true)}>
                  {t('subscription.status.cancelDowngrade')}
                </Button>
              ) : null
            }
          />
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 3 }}>
            {t('subscription.manage.freeHint')}{' '}
            <Link component={RouterLink} to={cancelPath('confirm_Termination')} sx={{ fontWeight: 600 }}>
              {t('subscription.manage.freeHintLink')}
            </Link>
          </Typography>
        </>
      )}

      <ConfirmActionDialog
        open={target !== null}
        title={t('subscription.manage.confirmTitle', { plan: target?.plan.name ?? '' })}
        text={
          target
            ? t(startDate ? 'subscription.manage.confirmText' : 'subscription.manage.confirmTextNoDate', {
                plan: target.plan.name,
                current: currentName,
                date: startDate,
                price: formatEuro(priceOf(target.plan, target.payType)),
                suffix: t(`subscription.price.${priceSuffix(target.plan, target.payType)}`),
              })
            : undefined
        }
        confirmLabel={t('subscription.manage.downgradeButton')}
        cancelLabel={t('subscription.cancel.keepPlan')}
        destructive={false}
        pending={downgrade.isPending}
        onConfirm={() => void confirmDowngrade()}
        onClose={() => setTarget(null)}
      />
      <ConfirmActionDialog
        open={cancelling}
        title={t('subscription.status.cancelDowngradeTitle')}
        text={t('subscription.status.cancelDowngradeText', { plan: currentName })}
        confirmLabel={t('subscription.status.cancelDowngrade')}
        cancelLabel={t('subscription.common.keep')}
        destructive={false}
        pending={cancelDowngrade.isPending}
        onConfirm={() => void confirmCancelDowngrade()}
        onClose={() => setCancelling(false)}
      />
      <DowngradeNotAllowedDialog open={notAllowed} onClose={() => setNotAllowed(false)} />
    </>
  );
}
