import { lazy, Suspense, type ReactNode, type Ref } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { SEPA_REFUND_WEEKS, type PublicConfig } from '@pet/contract';
import { SandboxPaymentFields } from './SandboxPaymentFields';
import type { PaymentConfirmer, PaymentMethodKind } from './types';

/** Stripe's libraries come with this chunk only, when the deployment runs in Stripe mode. */
const StripePaymentFields = lazy(() => import('./StripePaymentFields'));

export interface PaymentMethodFieldsProps {
  method: PaymentMethodKind;
  onMethodChange: (method: PaymentMethodKind) => void;
  payments: PublicConfig['payments'];
  /** The brand's seller, named in the SEPA mandate. */
  sellerName: string;
  /** The brand's SEPA creditor identifier (Gläubiger-Identifikationsnummer), printed in the mandate. */
  creditorId: string;
  disabled?: boolean;
  confirmerRef: Ref<PaymentConfirmer>;
}

function MethodOption({
  value,
  selected,
  icon,
  label,
  hint,
  disabled,
}: {
  value: PaymentMethodKind;
  selected: boolean;
  icon: ReactNode;
  label: string;
  hint: string;
  disabled?: boolean;
}) {
  return (
    <FormControlLabel
      value={value}
      disabled={disabled}
      control={<Radio />}
      label={
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 1 }}>
          <Box sx={{ color: selected ? 'primary.main' : 'text.secondary', display: 'flex' }} aria-hidden>
            {icon}
          </Box>
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {hint}
            </Typography>
          </Box>
        </Stack>
      }
      sx={{
        m: 0,
        flex: 1,
        pr: 2,
        border: 1,
        borderRadius: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? 'action.hover' : 'transparent',
        transition: 'border-color 150ms, background-color 150ms',
      }}
    />
  );
}

/**
 * Payment method (account-area section 2): credit card (default) or SEPA direct debit, mutually
 * exclusive; the fields of the provider mode (sandbox or Stripe Elements) and, for SEPA, the
 * mandate naming the seller, the 8-week refund right and the pre-notification.
 */
export function PaymentMethodFields({
  method,
  onMethodChange,
  payments,
  sellerName,
  creditorId,
  disabled,
  confirmerRef,
}: PaymentMethodFieldsProps) {
  const { t } = useTranslation();
  const stripeMode = payments.provider === 'stripe';

  return (
    <Stack spacing={2.5}>
      <RadioGroup
        aria-label={t('subscription.payment.methodLabel')}
        name="payment-method"
        value={method}
        onChange={(event) => onMethodChange(event.target.value as PaymentMethodKind)}
        sx={{ flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5 }}
      >
        <MethodOption
          value="card"
          selected={method === 'card'}
          icon={<CreditCardOutlinedIcon />}
          label={t('subscription.payment.card')}
          hint={t('subscription.payment.cardHint')}
          disabled={disabled}
        />
        <MethodOption
          value="sepa_debit"
          selected={method === 'sepa_debit'}
          icon={<AccountBalanceOutlinedIcon />}
          label={t('subscription.payment.sepa')}
          hint={t('subscription.payment.sepaHint')}
          disabled={disabled}
        />
      </RadioGroup>

      {stripeMode ? (
        <Suspense fallback={<Skeleton variant="rounded" height={56} aria-label={t('app.loading')} />}>
          <StripePaymentFields
            ref={confirmerRef}
            method={method}
            publishableKey={payments.publishableKey ?? ''}
            disabled={disabled}
          />
        </Suspense>
      ) : (
        <SandboxPaymentFields
          ref={confirmerRef}
          method={method}
          publishableKey={payments.publishableKey}
          disabled={disabled}
        />
      )}

      {method === 'sepa_debit' ? (
        <Typography
          variant="body2"
          data-testid="sepa-mandate"
          sx={{ color: 'text.secondary', bgcolor: 'action.hover', borderRadius: 2, p: 2 }}
        >
          {t('subscription.payment.sepaMandate', {
            seller: sellerName,
            weeks: SEPA_REFUND_WEEKS,
            days: payments.sepaPrenotificationDays,
            creditorId,
          })}
        </Typography>
      ) : null}

      {stripeMode ? null : (
        <Alert severity="info" variant="outlined" icon={false} role="note" sx={{ py: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('subscription.payment.sandboxTitle')}
          </Typography>
          <Typography variant="body2">
            {t(method === 'card' ? 'subscription.payment.sandboxCard' : 'subscription.payment.sandboxSepa')}
          </Typography>
        </Alert>
      )}
    </Stack>
  );
}
