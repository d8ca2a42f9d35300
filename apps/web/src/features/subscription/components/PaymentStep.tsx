import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@/lib/router';
import { Trans, useTranslation } from '@/lib/i18n-react';
import {
  TOOLBAR_HEIGHT_PX,
  type PayType,
  type Product,
  type PublicConfig,
  type UserInfo,
} from '@pet/contract';
import { errorKeyOf, isApiError } from '@/lib/api-client';
import { useApiErrorMessage } from '@/lib/notifications';
import { SUBSCRIPTION_QUERY_ROOT } from '../api/keys';
import { deleteOrder } from '../api/delete-order';
import { useRequestPayment } from '../api/payment-request';
import { usePrices } from '../api/prices';
import { billingDetailsOf, deliveryDefaults, deliveryFormSchema, type DeliveryForm } from '../delivery-form';
import { paymentFailureText } from '../payment/card-errors';
import { useLanguage } from '@/lib/use-language';
import { PaymentMethodFields } from '../payment/PaymentMethodFields';
import { redirectTo } from '../payment/redirect';
import type { ConfirmPaymentResult, PaymentConfirmer, PaymentMethodKind } from '../payment/types';
import { hasIntervalChoice, priceIdOf } from '../plan-rules';
import { successPath } from '../use-checkout-params';
import { CouponField, type AppliedCoupon } from './CouponField';
import { DeliveryFields } from './DeliveryFields';
import { OrderObligationSummary } from './OrderObligationSummary';
import { WithdrawalNotice } from './WithdrawalNotice';
import { OrderSummary, PRICE_REFUSAL_KEYS } from './OrderSummary';
import { KEYS_WITH_SUPPORT_LINK, SupportMessage } from './SupportMessage';

const externalLink = { target: '_blank', rel: 'noopener noreferrer' } as const;

export interface PaymentStepProps {
  plan: Product;
  payType: PayType;
  user: UserInfo;
  config: PublicConfig;
  /** The plan of an order placed and not yet paid (product list), else null. */
  orderPlaced: string | null;
  onPayTypeChange: (payType: PayType) => void;
  onBack: () => void;
}

interface PayError {
  text: string;
  withSupportLink: boolean;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

/**
 * Step 2 of /my-account/subscription (account-area sections 2, 4, 5, 7, 8): order summary with
 * interval and coupon, delivery address, payment method, terms and Pay now. Paying creates the
 * order (change/request), confirms it with the card provider and goes to the success page; a
 * refused payment deletes the order again and shows the provider's message.
 */
export function PaymentStep({
  plan,
  payType,
  user,
  config,
  orderPlaced,
  onPayTypeChange,
  onBack,
}: PaymentStepProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { brand, payments } = config;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useApiErrorMessage();
  const requestPayment = useRequestPayment();
  const confirmer = useRef<PaymentConfirmer>(null);

  const [storedCoupon, setCoupon] = useState<AppliedCoupon | null>(null);
  // A coupon belongs to the interval it was checked for: another interval starts without one.
  const coupon = storedCoupon?.payType === payType ? storedCoupon : null;
  const [method, setMethod] = useState<PaymentMethodKind>('card');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [startConsent, setStartConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [payError, setPayError] = useState<PayError | null>(null);

  const prices = usePrices({ productId: plan.id, payType, couponId: coupon?.id ?? null });
  const form = useForm<DeliveryForm>({
    resolver: zodResolver(deliveryFormSchema),
    mode: 'onTouched',
    defaultValues: deliveryDefaults(user),
  });

  const canOrder = brand.canOrderFromPaymentScreen;
  const providerMissing = payments.provider === 'stripe' && !payments.publishableKey;
  const placedElsewhere = [orderPlaced, prices.data?.order_placed].find((id) => id && id !== plan.id) ?? null;
  const priceRefused = isApiError(prices.error) && PRICE_REFUSAL_KEYS.has(prices.error.key);
  const pricesReady = prices.isSuccess && !prices.isPlaceholderData && !prices.isFetching;
  const payDisabled =
    busy || !termsAccepted || !pricesReady || priceRefused || Boolean(placedElsewhere) || providerMissing;

  const changePayType = (next: PayType) => {
    setCoupon(null);
    setPayError(null);
    onPayTypeChange(next);
  };

  /** The plan list knows the placed order (order_placed): ask again after a refused payment. */
  const refreshPlans = () =>
    queryClient.invalidateQueries({ queryKey: [...SUBSCRIPTION_QUERY_ROOT, 'products'] });

  const failWith = (error: PayError) => {
    setPayError(error);
    setBusy(false);
  };

  const pay = async (values: DeliveryForm) => {
    const priceId = priceIdOf(plan, payType);
    const paymentConfirmer = confirmer.current;
    if (!paymentConfirmer?.validate(method) || !priceId) return;
    setPayError(null);
    setBusy(true);

    let order: { secret: string; order_id: string };
    try {
      order = await requestPayment.mutateAsync({
        price_id: priceId,
        product_id: plan.id,
        pay_type: payType,
        ...values,
        ...(coupon ? { coupon_id: coupon.id } : {}),
        ...(startConsent ? { start_consent: true } : {}),
      });
    } catch (error) {
      const key = errorKeyOf(error);
      failWith({ text: errorMessage(error), withSupportLink: KEYS_WITH_SUPPORT_LINK.has(key) });
      if (isApiError(error) && error.status === 434) void refreshPlans();
      return;
    }

    const returnUrl = new URL(successPath(order.order_id), window.location.origin).href;
    let result: ConfirmPaymentResult;
    let unreachable = false;
    try {
      result = await paymentConfirmer.confirmPayment({
        secret: order.secret,
        method,
        billing: billingDetailsOf(values),
        returnUrl,
      });
    } catch {
      unreachable = true;
      result = { status: 'failed', code: null, declineCode: null, message: '' };
    }

    if (result.status === 'redirect') {
      // 3-D Secure: the bank's page comes back to the success page (return_url).
      redirectTo(result.url);
      return;
    }
    if (result.status === 'failed') {
      // Account-area section 4: on a provider error the created order is deleted again.
      await deleteOrder(order.order_id).catch((error: unknown) =>
        console.error('The order could not be deleted', error),
      );
      void refreshPlans();
      failWith({
        text: unreachable
          ? t('Server_Down_Text')
          : paymentFailureText(t, language, { code: result.code, declineCode: result.declineCode, method }),
        withSupportLink: false,
      });
      return;
    }
    // The success page follows the order and reloads the user and the plans once it is paid.
    await navigate(successPath(order.order_id));
  };

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(pay, () => {
      // Show the payment fields' errors together with the address errors.
      confirmer.current?.validate(method);
    })(event);

  const summary = (
    <OrderSummary
      plan={plan}
      payType={payType}
      // Buying the current plan again is its interval change: the interval is what is bought.
      showIntervalChoice={hasIntervalChoice(plan, brand) && plan.id !== user.product?.id}
      onPayTypeChange={changePayType}
      onBack={onBack}
      prices={prices}
      coupon={coupon}
      supportEmail={brand.supportEmail}
      disabled={busy}
      couponField={
        brand.couponField && canOrder ? (
          <CouponField
            key={`${plan.id}-${payType}`}
            email={user.email}
            productId={plan.id}
            payType={payType}
            applied={coupon}
            onApplied={setCoupon}
            supportEmail={brand.supportEmail}
            disabled={busy}
          />
        ) : null
      }
    />
  );

  if (!canOrder) {
    // tier-fritz: no order from this page (403 Order_Not_From_Payment_Screen_Text); the prices stay visible.
    return (
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <Alert severity="info" role="status" data-testid="no-order-notice">
          <SupportMessage
            text={t('Order_Not_From_Payment_Screen_Text')}
            supportEmail={brand.supportEmail}
            withLink
          />
        </Alert>
        {summary}
      </Stack>
    );
  }

  return (
    <Grid container spacing={3} sx={{ alignItems: 'flex-start' }}>
      {/* Stretched to the form's height, so the sticky summary stays in view down to the order button. */}
      <Grid size={{ xs: 12, md: 5 }} sx={{ order: { xs: 0, md: 1 }, alignSelf: { md: 'stretch' } }}>
        <Box sx={{ position: { md: 'sticky' }, top: { md: TOOLBAR_HEIGHT_PX + 24 } }}>{summary}</Box>
      </Grid>

      <Grid size={{ xs: 12, md: 7 }} sx={{ order: { xs: 1, md: 0 } }}>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-label={t('subscription.payment.formLabel')}
        >
          <Stack spacing={3}>
            <Section id="delivery-title" title={t('subscription.delivery.title')}>
              <DeliveryFields
                control={form.control}
                register={form.register}
                errors={form.formState.errors}
                disabled={busy}
              />
            </Section>

            <Section id="payment-method-title" title={t('subscription.payment.title')}>
              <PaymentMethodFields
                method={method}
                onMethodChange={setMethod}
                payments={payments}
                sellerName={brand.seller.legalName}
                creditorId={brand.seller.creditorId}
                disabled={busy}
                confirmerRef={confirmer}
              />
            </Section>

            <Card sx={{ p: { xs: 2.5, sm: 3 } }}>
              <Stack spacing={2}>
                <WithdrawalNotice
                  supportEmail={brand.supportEmail}
                  consent={startConsent}
                  onConsentChange={setStartConsent}
                  disabled={busy}
                />
                <FormControlLabel
                  sx={{ alignItems: 'flex-start', m: 0 }}
                  control={
                    <Checkbox
                      checked={termsAccepted}
                      disabled={busy}
                      onChange={(event) => setTermsAccepted(event.target.checked)}
                      sx={{ mt: -0.75, ml: -1 }}
                    />
                  }
                  label={
                    <Typography variant="body2">
                      <Trans
                        i18nKey="subscription.payment.terms"
                        components={{
                          terms: <Link href={brand.marketing.conditions} {...externalLink} />,
                          privacy: <Link href={brand.marketing.dataProtection} {...externalLink} />,
                        }}
                      />
                    </Typography>
                  }
                />

                {placedElsewhere ? (
                  <Alert severity="warning" role="alert" data-testid="order-placed-elsewhere">
                    {t('Order_Already_Placed_Message')}
                  </Alert>
                ) : null}
                {providerMissing ? (
                  <Alert severity="error" role="alert">
                    <SupportMessage
                      text={t('Payments_Unavailable_Text')}
                      supportEmail={brand.supportEmail}
                      withLink
                    />
                  </Alert>
                ) : null}
                {payError ? (
                  <Alert severity="error" role="alert" data-testid="pay-error">
                    <SupportMessage
                      text={payError.text}
                      supportEmail={brand.supportEmail}
                      withLink={payError.withSupportLink}
                    />
                  </Alert>
                ) : null}

                <OrderObligationSummary
                  plan={plan}
                  payType={payType}
                  total={pricesReady && !priceRefused ? (prices.data?.total_price_discounted ?? null) : null}
                />
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={payDisabled}
                  aria-busy={busy}
                  startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <LockOutlinedIcon />}
                  sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minWidth: 200 }}
                >
                  {busy ? t('subscription.payment.paying') : t('subscription.payment.payNow')}
                </Button>
                {!termsAccepted && !busy ? (
                  <Typography variant="caption" sx={{ color: 'text.secondary', mt: -1 }}>
                    {t('subscription.payment.acceptTermsHint')}
                  </Typography>
                ) : null}
              </Stack>
            </Card>
          </Stack>
        </Box>
      </Grid>
    </Grid>
  );
}
