import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import CreditCardOffOutlinedIcon from '@mui/icons-material/CreditCardOffOutlined';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n-react';
import { cardBrandName, type PaymentMethodResponse } from '@pet/contract';
import { IconBubble } from '@/components/IconBubble';
import { useApiErrorMessage } from '@/lib/notifications';
import { expiryText } from './payment-update-rules';

/**
 * The saved payment method (GET /v1/user/payment_method): card brand with the last four digits and
 * the expiry, or the SEPA account's last four digits; "none saved" when there is none. Loading and
 * failure have their own quiet states: the page around it still works.
 */
export function PaymentMethodSummary({ query }: { query: UseQueryResult<PaymentMethodResponse> }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();

  if (query.isPending) {
    return (
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center' }}
        role="status"
        aria-busy="true"
        aria-label={t('subscription.paymentUpdate.methodLoading')}
      >
        <Skeleton variant="rounded" width={48} height={48} />
        <Box sx={{ flexGrow: 1 }}>
          <Skeleton width="45%" height={28} />
          <Skeleton width="30%" />
        </Box>
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('app.retry')}
          </Button>
        }
      >
        {t('subscription.paymentUpdate.methodFailed')} {errorMessage(query.error)}
      </Alert>
    );
  }

  const method = query.data;
  const card = method.type === 'card';
  const expiry = card ? expiryText(method) : null;
  const title = !method.type
    ? t('subscription.paymentUpdate.noMethod')
    : card
      ? t('subscription.paymentUpdate.cardLine', {
          brand: cardBrandName(method.brand) ?? t('subscription.payment.card'),
          last4: method.last4 ?? '····',
        })
      : t('subscription.paymentUpdate.sepaLine', { last4: method.last4 ?? '····' });
  const detail = !method.type
    ? t('subscription.paymentUpdate.noMethodText')
    : card
      ? expiry
        ? t('subscription.paymentUpdate.expires', { date: expiry })
        : t('subscription.payment.card')
      : t('subscription.payment.sepa');

  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'left' }}
      data-testid="payment-method"
    >
      <IconBubble>
        {!method.type ? (
          <CreditCardOffOutlinedIcon />
        ) : card ? (
          <CreditCardOutlinedIcon />
        ) : (
          <AccountBalanceOutlinedIcon />
        )}
      </IconBubble>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {detail}
        </Typography>
      </Box>
    </Stack>
  );
}
