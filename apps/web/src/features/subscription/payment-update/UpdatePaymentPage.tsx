import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import OpenInNewOutlinedIcon from '@mui/icons-material/OpenInNewOutlined';
import ReplayOutlinedIcon from '@mui/icons-material/ReplayOutlined';
import SwapHorizOutlinedIcon from '@mui/icons-material/SwapHorizOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { PageTitle } from '@/components/PageTitle';
import { RouterLink } from '@/components/RouterLink';
import { isApiError } from '@/lib/api-client';
import { useBrand } from '@/lib/brand';
import { formatDate } from '@/lib/dates';
import { useApiErrorMessage } from '@/lib/notifications';
import { useSignedInUser } from '@/lib/session';
import { epochSecondsToDate } from '@pet/contract';
import { usePaymentMethod } from '../api/fetch-payment-method';
import { SupportMessage } from '../components/SupportMessage';
import { SUBSCRIPTION_PATH } from '../use-checkout-params';
import { PaymentMethodSummary } from './PaymentMethodSummary';
import { hasNothingToUpdate, isRenewalOverdue } from './payment-update-rules';
import { useHostedPaymentUpdate } from './use-hosted-update';

const STEPS = [
  { key: 'subscription.paymentUpdate.step1', icon: <OpenInNewOutlinedIcon fontSize="small" /> },
  { key: 'subscription.paymentUpdate.step2', icon: <SwapHorizOutlinedIcon fontSize="small" /> },
  { key: 'subscription.paymentUpdate.step3', icon: <ReplayOutlinedIcon fontSize="small" /> },
] as const;

/**
 * /my-account/update-payment-details (account-area section 2): what changes, the current method,
 * and the button that starts the card provider's hosted checkout (setup mode). An overdue renewal
 * (grace period) is said first: saving a new method retries the charge at once.
 */
export function UpdatePaymentPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const user = useSignedInUser();
  const errorMessage = useApiErrorMessage();
  const nothingBought = hasNothingToUpdate(user);
  const method = usePaymentMethod(user.id, { enabled: !nothingBought });
  const hosted = useHostedPaymentUpdate();
  const overdue = isRenewalOverdue(user);
  const termEnd = user.stripe_subscription_end
    ? formatDate(epochSecondsToDate(user.stripe_subscription_end))
    : null;
  const errorKey = isApiError(hosted.error) ? hosted.error.key : null;

  return (
    <>
      <PageTitle title={title} subtitle={t('subscription.paymentUpdate.subtitle')} />
      {overdue ? (
        <Alert severity="error" sx={{ mb: 3, maxWidth: 720 }} data-testid="renewal-overdue">
          <strong>{t('subscription.paymentUpdate.overdueTitle')}</strong>{' '}
          {t('subscription.paymentUpdate.overdueText', { plan: user.product?.name ?? '', date: termEnd })}
        </Alert>
      ) : null}
      <Card component="section" aria-labelledby="current-method-title" sx={{ maxWidth: 720 }}>
        <Box sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography
            id="current-method-title"
            variant="overline"
            component="h2"
            sx={{ color: 'text.secondary', display: 'block', lineHeight: 1.5, mb: 1.5 }}
          >
            {t('subscription.paymentUpdate.current')}
          </Typography>
          {nothingBought ? (
            <Alert
              severity="info"
              action={
                <Button color="inherit" size="small" component={RouterLink} to={SUBSCRIPTION_PATH}>
                  {t('subscription.cancel.seePlans')}
                </Button>
              }
            >
              {t('No_Payment_Method_Text')}
            </Alert>
          ) : (
            <PaymentMethodSummary query={method} />
          )}

          <Divider sx={{ my: 3 }} />
          <Typography variant="h6" component="h2">
            {t('subscription.paymentUpdate.howTitle')}
          </Typography>
          <List dense disablePadding aria-label={t('subscription.paymentUpdate.howTitle')}>
            {STEPS.map((step) => (
              <ListItem key={step.key} disableGutters sx={{ alignItems: 'flex-start' }}>
                <ListItemIcon sx={{ minWidth: 36, mt: 0.5, color: 'primary.main' }}>{step.icon}</ListItemIcon>
                <ListItemText primary={t(step.key)} />
              </ListItem>
            ))}
          </List>

          {hosted.error ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              <SupportMessage
                text={errorMessage(hosted.error)}
                supportEmail={brand.supportEmail}
                withLink={
                  errorKey === 'Something_Went_Wrong_Text' || errorKey === 'Payments_Unavailable_Text'
                }
              />
            </Alert>
          ) : null}

          <Stack
            direction={{ xs: 'column-reverse', sm: 'row' }}
            spacing={1.5}
            sx={{ mt: 3, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <LockOutlinedIcon fontSize="small" aria-hidden />
              <Typography variant="body2">{t('subscription.paymentUpdate.secure')}</Typography>
            </Stack>
            <Button
              variant="contained"
              size="large"
              disabled={nothingBought || hosted.busy}
              startIcon={hosted.busy ? <CircularProgress size={18} color="inherit" /> : undefined}
              onClick={() => hosted.start(method.data)}
            >
              {t(hosted.busy ? 'subscription.paymentUpdate.redirecting' : 'subscription.paymentUpdate.start')}
            </Button>
          </Stack>
        </Box>
      </Card>
    </>
  );
}
