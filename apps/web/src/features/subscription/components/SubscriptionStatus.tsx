import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n-react';
import {
  billingIntervalOf,
  epochSecondsToDate,
  isAccountMenuItemVisible,
  periodLastDay,
  type UserInfo,
} from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { IconBubble } from '@/components/IconBubble';
import { RouterLink } from '@/components/RouterLink';
import { useBrand } from '@/lib/brand';
import { useNotify } from '@/lib/notifications';
import { useSessionStore } from '@/lib/session';
import { SUBSCRIPTION_QUERY_ROOT } from '../api/keys';
import { useCancelDowngrade } from '../api/cancel-downgrade';
import { useCancelAt } from '../api/fetch-cancel-at';
import { downgradeStartDay } from '../cancel/cancel-rules';
import { UPDATE_PAYMENT_PATH, isRenewalOverdue } from '../payment-update/payment-update-rules';
import { currentPayType } from '../plan-rules';

const REVOKE_PATH = '/my-account/cancel-subscription?process=cancel_Termination';

/**
 * The user's subscription at a glance (account-area section 4, subscription status): the active
 * plan with its interval and period end, a trial, a pending downgrade (with its date and the
 * option to cancel it) and a pending termination (revocable on the cancel page).
 */
export function SubscriptionStatus({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const session = useSessionStore();
  const [confirming, setConfirming] = useState(false);
  const product = user.product;
  const paid = Boolean(product && !product.is_default);
  const cancelAt = useCancelAt(user.id, paid);
  const cancelDowngrade = useCancelDowngrade();
  const interval = currentPayType(user);
  // The term's last day; a downgrade starts the day after (the server's day, as in its mail).
  const periodEnd = user.stripe_subscription_end
    ? periodLastDay(epochSecondsToDate(user.stripe_subscription_end))
    : null;
  const terminating = cancelAt.data?.status === 'cancel';
  const downgrading = user.downgrading || null;
  const downgradeDate = downgradeStartDay(user);
  // The term has ended and the renewal is not paid yet: the grace period of the retries.
  const overdue = !terminating && (Boolean(user.renewal_problem) || isRenewalOverdue(user));
  const canUpdatePayment = isAccountMenuItemVisible(brand, 'updatePaymentDetails', product?.internal_note);

  const confirmCancelDowngrade = async () => {
    try {
      await cancelDowngrade.mutateAsync();
      setConfirming(false);
      notify.success('subscription.status.downgradeCancelled');
      await Promise.all([
        session.invalidate(),
        queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_ROOT }),
      ]);
    } catch (error) {
      setConfirming(false);
      notify.error(error);
    }
  };

  return (
    <Card
      component="section"
      aria-labelledby="subscription-status-title"
      sx={{ p: { xs: 2.5, sm: 3 }, mb: 3 }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <IconBubble>
          <WorkspacePremiumOutlinedIcon />
        </IconBubble>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography id="subscription-status-title" variant="body2" sx={{ color: 'text.secondary' }}>
            {t('subscription.status.title')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="h6" component="p" sx={{ mr: 0.5 }}>
              {product?.name ?? t('subscription.status.noPlan')}
            </Typography>
            {interval && product ? (
              <Chip
                size="small"
                label={t(`subscription.interval.${billingIntervalOf(product.duration, interval)}`)}
              />
            ) : null}
            {user.is_trial ? (
              <Chip
                size="small"
                color="primary"
                variant="outlined"
                label={t('subscription.status.trial', { count: user.trial_months ?? 0 })}
              />
            ) : null}
            {terminating ? (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={t('subscription.status.terminated')}
              />
            ) : null}
          </Stack>
          {paid && periodEnd ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t(
                terminating
                  ? 'subscription.status.endsOn'
                  : overdue
                    ? 'subscription.status.endedOn'
                    : 'subscription.status.periodEnd',
                { date: periodEnd },
              )}
            </Typography>
          ) : null}
        </Box>
      </Stack>

      {/* The server's renewal_problem is shown by RenewalWarning above this card, with its dates. */}
      {overdue && !user.renewal_problem ? (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          data-testid="renewal-overdue"
          action={
            canUpdatePayment ? (
              <Button
                color="inherit"
                size="small"
                component={RouterLink}
                to={UPDATE_PAYMENT_PATH}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t('subscription.status.updatePayment')}
              </Button>
            ) : undefined
          }
        >
          {t(canUpdatePayment ? 'subscription.status.overdue' : 'subscription.status.overdueContact', {
            email: brand.supportEmail,
          })}
        </Alert>
      ) : null}
      {downgrading ? (
        <Alert
          severity="info"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setConfirming(true)}>
              {t('subscription.status.cancelDowngrade')}
            </Button>
          }
        >
          {t(downgradeDate ? 'subscription.status.downgrade' : 'subscription.status.downgradeNoDate', {
            plan: downgrading.product.name,
            date: downgradeDate,
          })}
        </Alert>
      ) : null}
      {terminating ? (
        <Alert
          severity="warning"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" component={RouterLink} to={REVOKE_PATH}>
              {t('subscription.status.revoke')}
            </Button>
          }
        >
          {t('subscription.status.terminationText')}
        </Alert>
      ) : null}

      <ConfirmActionDialog
        open={confirming}
        title={t('subscription.status.cancelDowngradeTitle')}
        text={t('subscription.status.cancelDowngradeText', { plan: product?.name ?? '' })}
        confirmLabel={t('subscription.status.cancelDowngrade')}
        cancelLabel={t('subscription.common.keep')}
        destructive={false}
        pending={cancelDowngrade.isPending}
        onConfirm={() => void confirmCancelDowngrade()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
