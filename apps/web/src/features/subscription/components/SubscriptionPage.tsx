import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from '@/lib/i18n-react';
import { epochSecondsToDate, type PayType, type Product } from '@pet/contract';
import { PageTitle } from '@/components/PageTitle';
import { usePublicConfig } from '@/lib/brand';
import { useSignedInUser } from '@/lib/session';
import { useProducts } from '../api/products';
import {
  currentPayType,
  effectivePayType,
  planCardState,
  trackerOneTimePrice,
  unavailableReasonKey,
  visiblePlans,
} from '../plan-rules';
import { useCheckoutParams } from '../use-checkout-params';
import { PaymentStep } from './PaymentStep';
import { PlanGrid, PlanGridError, PlanGridSkeleton } from './PlanGrid';
import { SubscriptionStatus } from './SubscriptionStatus';
import { SupportMessage } from './SupportMessage';
import { RenewalWarning } from '../renewal/RenewalWarning';
import { formatDate } from '@/lib/dates';

function Steps({ active }: { active: 0 | 1 }) {
  const { t } = useTranslation();
  return (
    <Stepper activeStep={active} sx={{ mb: 3, maxWidth: 480 }} aria-label={t('subscription.steps.label')}>
      <Step completed={active > 0}>
        <StepLabel>{t('subscription.steps.plan')}</StepLabel>
      </Step>
      <Step>
        <StepLabel>{t('subscription.steps.payment')}</StepLabel>
      </Step>
    </Stepper>
  );
}

/**
 * /my-account/subscription (account-area section 2, Subscription): step 1 the plan cards with the
 * subscription status, step 2 the payment of the chosen plan. The step is in the URL
 * (?product_id=&pay_type=), so a reload or the sign-in round trip of the checkout page lands on it.
 */
export function SubscriptionPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const { brand } = config;
  const user = useSignedInUser();
  const products = useProducts(brand.partnerId, user.id);
  const { productId, payType, choose, setPayType, back } = useCheckoutParams();

  const orderPlaced = products.data?.order_placed ?? null;
  const wanted = productId ? products.data?.data.find((plan) => plan.id === productId) : undefined;
  const wantedState = wanted ? planCardState(wanted, user, orderPlaced, brand) : null;
  // The current plan is bought again only as its interval change (monthly to yearly).
  const intervalChange =
    wantedState?.kind === 'current' && Boolean(wantedState.switchTo) && wantedState.switchTo === payType;
  // The ordered plan itself may be paid again (only another plan's order blocks Pay now).
  const payable =
    wanted &&
    wantedState &&
    (wantedState.kind === 'choose' || wantedState.kind === 'ordered' || intervalChange);
  const reasonKey =
    productId && products.data && !payable
      ? wantedState
        ? unavailableReasonKey(wantedState)
        : 'Invalid_Price_Text'
      : null;
  const step: 0 | 1 = payable ? 1 : 0;

  const orderedPlan = orderPlaced ? products.data?.data.find((plan) => plan.id === orderPlaced) : undefined;
  const initialPayType = (plan: Product): PayType | null =>
    plan.id === user.product?.id ? currentPayType(user) : null;

  return (
    <>
      <PageTitle
        title={title}
        subtitle={t(
          step === 0
            ? 'subscription.page.plansSubtitle'
            : // A brand that takes no orders here (tier-fritz) must not promise a payment.
              brand.canOrderFromPaymentScreen
              ? 'subscription.page.paymentSubtitle'
              : 'subscription.page.paymentSubtitleNoOrder',
        )}
      />
      <Steps active={step} />

      {products.isPending ? (
        <PlanGridSkeleton />
      ) : products.isError ? (
        <PlanGridError error={products.error} onRetry={() => void products.refetch()} />
      ) : payable ? (
        <PaymentStep
          key={wanted.id}
          plan={wanted}
          payType={effectivePayType(wanted, payType)}
          user={user}
          config={config}
          orderPlaced={orderPlaced}
          onPayTypeChange={setPayType}
          onBack={back}
        />
      ) : (
        <>
          <RenewalWarning user={user} />
          <SubscriptionStatus user={user} />
          <Box sx={{ display: 'grid', gap: 1.5, mb: 3, '&:empty': { display: 'none' } }}>
            {reasonKey ? (
              <Alert severity="info" role="status" data-testid="plan-not-available" onClose={back}>
                {t(reasonKey)}
              </Alert>
            ) : null}
            {user.restore_until ? (
              <Alert severity="warning" data-testid="restore-until">
                {t('subscription.status.restoreUntil', {
                  date: formatDate(epochSecondsToDate(user.restore_until)),
                })}
              </Alert>
            ) : null}
            {orderedPlan ? (
              <Alert severity="info" data-testid="order-in-progress">
                {t('subscription.plans.orderInProgressText', { plan: orderedPlan.name })}
              </Alert>
            ) : null}
            {!brand.canOrderFromPaymentScreen ? (
              <Alert severity="info" data-testid="no-order-notice">
                <SupportMessage
                  text={t('Order_Not_From_Payment_Screen_Text')}
                  supportEmail={brand.supportEmail}
                  withLink
                />
              </Alert>
            ) : null}
          </Box>
          <PlanGrid
            plans={visiblePlans(products.data.data, user, brand)}
            brand={brand}
            stateOf={(plan) => planCardState(plan, user, orderPlaced, brand)}
            initialPayType={initialPayType}
            currentInterval={currentPayType(user)}
            trackerPrice={trackerOneTimePrice(brand, user)}
            onChoose={(plan, chosen) => choose(plan.id, chosen)}
          />
        </>
      )}
    </>
  );
}
