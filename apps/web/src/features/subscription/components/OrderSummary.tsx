import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from '@/lib/i18n-react';
import { formatEuro, type PayType, type PricesResponse, type Product } from '@pet/contract';
import { RouterLink } from '@/components/RouterLink';
import { isApiError } from '@/lib/api-client';
import { useApiErrorMessage } from '@/lib/notifications';
import { priceOf, priceSuffix } from '../plan-rules';
import type { AppliedCoupon } from './CouponField';
import { KEYS_WITH_SUPPORT_LINK, SupportMessage } from './SupportMessage';

/** The spec's price-summary refusals: shown as a message, Pay now stays disabled. */
export const PRICE_REFUSAL_KEYS: ReadonlySet<string> = new Set([
  'Proration_Downgrade_Error_Text',
  'Lower_Plan_Is_Downgrade_Text',
  'Proration_Credit_Exceeds_Price_Text',
  'Amount_Less_Error',
]);

/** Refusals of a lower package: it is a downgrade at the end of the term, offered on the cancel page. */
const DOWNGRADE_INSTEAD_KEYS: ReadonlySet<string> = new Set([
  'Proration_Downgrade_Error_Text',
  'Lower_Plan_Is_Downgrade_Text',
]);
const DOWNGRADE_PATH = '/my-account/cancel-subscription?process=downgrade';

/** A credit or discount, with a real minus sign. */
function minus(amount: number): string {
  return `−${formatEuro(Math.abs(amount))}`;
}

function Line({
  label,
  amount,
  note,
  strong = false,
}: {
  label: string;
  amount: string;
  note?: string;
  strong?: boolean;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
      <Typography
        variant={strong ? 'subtitle1' : 'body2'}
        sx={{ fontWeight: strong ? 700 : 400, minWidth: 0 }}
      >
        {label}
      </Typography>
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography
          variant={strong ? 'h6' : 'body2'}
          component="p"
          sx={{ fontWeight: strong ? 700 : 500, whiteSpace: 'nowrap' }}
        >
          {amount}
        </Typography>
        {note ? (
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            {note}
          </Typography>
        ) : null}
      </Box>
    </Stack>
  );
}

export interface OrderSummaryProps {
  plan: Product;
  payType: PayType;
  showIntervalChoice: boolean;
  onPayTypeChange: (payType: PayType) => void;
  onBack: () => void;
  prices: {
    data: PricesResponse | undefined;
    error: unknown;
    isPending: boolean;
    isPlaceholderData: boolean;
    isFetching: boolean;
    refetch: () => void;
  };
  coupon: AppliedCoupon | null;
  couponField: ReactNode;
  supportEmail: string;
  disabled?: boolean;
}

/**
 * The payment step's order (account-area section 2): the plan with the way back to the plans,
 * the billing interval, the price lines (plan, tracker, discount, proration credit, total incl.
 * VAT), the coupon field and the negative-proration message.
 */
export function OrderSummary({
  plan,
  payType,
  showIntervalChoice,
  onPayTypeChange,
  onBack,
  prices,
  coupon,
  couponField,
  supportEmail,
  disabled,
}: OrderSummaryProps) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const suffix = t(`subscription.price.${priceSuffix(plan, payType)}`);
  const data = prices.data;
  const refusalKey =
    prices.error && isApiError(prices.error) && PRICE_REFUSAL_KEYS.has(prices.error.key)
      ? prices.error.key
      : null;
  const stale = prices.isPlaceholderData || (prices.isFetching && !data);

  return (
    <Card component="section" aria-labelledby="order-summary-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}
      >
        <Typography id="order-summary-title" variant="h6" component="h2">
          {t('subscription.summary.title')}
        </Typography>
        <Button size="small" startIcon={<ArrowBackIcon />} onClick={onBack} disabled={disabled}>
          {t('subscription.summary.changePlan')}
        </Button>
      </Stack>

      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {plan.name}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {formatEuro(priceOf(plan, payType))} {suffix}
      </Typography>

      {showIntervalChoice ? (
        <Box sx={{ mb: 2.5 }}>
          <Typography variant="body2" id="billing-interval-label" sx={{ fontWeight: 600, mb: 1 }}>
            {t('subscription.summary.interval')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            color="primary"
            size="small"
            value={payType}
            disabled={disabled}
            onChange={(_event, value: PayType | null) => {
              if (value) onPayTypeChange(value);
            }}
            aria-labelledby="billing-interval-label"
          >
            <ToggleButton value="monthly" sx={{ flexDirection: 'column', py: 1 }}>
              <span>{t('subscription.interval.monthly')}</span>
              <Typography variant="caption" component="span" sx={{ color: 'text.secondary' }}>
                {formatEuro(plan.monthly_price)}
              </Typography>
            </ToggleButton>
            <ToggleButton value="yearly" sx={{ flexDirection: 'column', py: 1 }}>
              <span>{t('subscription.interval.yearly')}</span>
              <Typography variant="caption" component="span" sx={{ color: 'text.secondary' }}>
                {formatEuro(plan.yearly_price)}
              </Typography>
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
      ) : null}

      <Divider sx={{ mb: 2 }} />

      <Box aria-live="polite" aria-busy={stale || prices.isPending}>
        {prices.isPending && !data ? (
          <Stack spacing={1.25} role="status" aria-label={t('subscription.summary.loading')}>
            <Skeleton width="100%" />
            <Skeleton width="70%" />
            <Skeleton width="100%" height={40} />
          </Stack>
        ) : refusalKey ? (
          <Alert severity="warning" role="alert" data-testid="price-refusal">
            {t(refusalKey)}
            {DOWNGRADE_INSTEAD_KEYS.has(refusalKey) ? (
              <Box sx={{ mt: 1 }}>
                <Link component={RouterLink} to={DOWNGRADE_PATH} sx={{ fontWeight: 600 }}>
                  {t('subscription.summary.downgradeInstead')}
                </Link>
              </Box>
            ) : null}
          </Alert>
        ) : prices.error && !data ? (
          <Alert
            severity="error"
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={() => prices.refetch()}>
                {t('app.retry')}
              </Button>
            }
          >
            <SupportMessage
              text={errorMessage(prices.error)}
              supportEmail={supportEmail}
              withLink={isApiError(prices.error) && KEYS_WITH_SUPPORT_LINK.has(prices.error.key)}
            />
          </Alert>
        ) : data ? (
          <Stack
            spacing={1.25}
            sx={{ opacity: stale ? 0.55 : 1, transition: 'opacity 150ms' }}
            data-testid="price-summary"
          >
            <Line
              label={
                // Plans sold by duration (tracker brand) are named by it: "BASIS 24", not "yearly".
                plan.duration ? plan.name : t(`subscription.summary.planLine.${payType}`, { plan: plan.name })
              }
              amount={formatEuro(data.other_price)}
              note={suffix}
            />
            {data.tracker_price > 0 ? (
              <Line
                label={t('subscription.summary.tracker')}
                amount={formatEuro(data.tracker_price)}
                note={t('subscription.price.oneTime')}
              />
            ) : null}
            {data.discount > 0 ? (
              <Line
                label={
                  coupon
                    ? t('subscription.summary.discountWithCode', { code: coupon.code })
                    : t('subscription.summary.discount')
                }
                amount={minus(data.discount)}
              />
            ) : null}
            {data.proration < 0 ? (
              <Line
                label={t('subscription.summary.proration')}
                amount={minus(data.proration)}
                note={t('subscription.price.remaining')}
              />
            ) : null}
            <Divider />
            <Line
              strong
              label={t('subscription.summary.total')}
              amount={formatEuro(data.total_price_discounted)}
              note={t('subscription.price.inclVat')}
            />
          </Stack>
        ) : null}
      </Box>

      {couponField ? (
        <>
          <Divider sx={{ my: 2.5 }} />
          {couponField}
        </>
      ) : null}
    </Card>
  );
}
