import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from '@/lib/i18n-react';
import { declineText, epochSecondsToDate, isAccountMenuItemVisible, type UserInfo } from '@pet/contract';
import { RouterLink } from '@/components/RouterLink';
import { useBrand } from '@/lib/brand';
import { formatDate } from '@/lib/dates';
import { useLanguage } from '@/lib/use-language';
import { UPDATE_PAYMENT_PATH } from '../payment-update/payment-update-rules';

export const RENEWAL_PAYMENT_PATH = '/my-account/renewal-payment';

/**
 * A renewal that could not be charged (myinfo's renewal_problem, issue 33 items 19 and 20), on
 * the plans page and the dashboard: why, the next attempt and until when the plan stays active,
 * and what the customer can do: confirm the payment (3-D Secure), update the payment method, or
 * (a brand without the update screen) write to support.
 */
export function RenewalWarning({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const brand = useBrand();
  const problem = user.renewal_problem;
  if (!problem) return null;
  const date = (seconds: number) => formatDate(epochSecondsToDate(seconds));
  const canUpdatePayment = isAccountMenuItemVisible(
    brand,
    'updatePaymentDetails',
    user.product?.internal_note,
  );
  const confirm = problem.status === 'action_required';
  const action = confirm ? (
    <Button
      color="inherit"
      size="small"
      component={RouterLink}
      to={`${RENEWAL_PAYMENT_PATH}?order_id=${problem.order_id}`}
    >
      {t('subscription.renewal.confirmPayment')}
    </Button>
  ) : canUpdatePayment ? (
    <Button
      color="inherit"
      size="small"
      component={RouterLink}
      to={UPDATE_PAYMENT_PATH}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('subscription.status.updatePayment')}
    </Button>
  ) : undefined;
  return (
    <Alert severity="warning" role="alert" data-testid="renewal-warning" action={action} sx={{ mb: 2 }}>
      <AlertTitle>
        {t(confirm ? 'subscription.renewal.confirmTitle' : 'subscription.renewal.retryingTitle', {
          plan: user.product?.name ?? '',
        })}
      </AlertTitle>
      {t('subscription.renewal.reason', { reason: declineText(language, problem.reason) })}{' '}
      {problem.next_attempt && !confirm
        ? t('subscription.renewal.nextAttempt', { date: date(problem.next_attempt) }) + ' '
        : null}
      {t('subscription.renewal.activeUntil', { date: date(problem.grace_end) })}{' '}
      {confirm
        ? null
        : t(canUpdatePayment ? 'subscription.renewal.updateHint' : 'subscription.renewal.contactHint', {
            email: brand.supportEmail,
          })}
    </Alert>
  );
}
