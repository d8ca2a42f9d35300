import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/i18n-react';
import {
  billingIntervalOf,
  formatEuro,
  isPromoPlan,
  type BrandConfig,
  type PayType,
  type Product,
} from '@pet/contract';
import {
  hasIntervalChoice,
  isActionable,
  isCurrentState,
  isFreePlan,
  payTypesOf,
  priceOf,
  priceSuffix,
  type PlanCardState,
} from '../plan-rules';
import { PlanFeatures } from './PlanFeatures';

export interface PlanCardProps {
  plan: Product;
  brand: Pick<BrandConfig, 'intervalChoice' | 'tracker'>;
  /** The interval the card shows and buys with. */
  payType: PayType;
  onPayTypeChange: (payType: PayType) => void;
  /** The state of the signed-in user's card; null on the signed-out checkout page. */
  state: PlanCardState | null;
  /** The interval the user pays the current plan with, for the current card. */
  currentInterval?: PayType | null;
  /** The tracker's one-time price for this user (0: none). */
  trackerPrice: number;
  /** Marked as chosen (the checkout page's plan from the link). */
  selected?: boolean;
  onChoose?: (plan: Product, payType: PayType) => void;
  /** Replaces the choose button (the checkout page's sign-in action). */
  action?: ReactNode;
  /**
   * Offer the Monthly/Yearly choice when the plan has both prices (default). The cancel page's
   * modes turn it off: a downgrade keeps the interval the rules give it.
   */
  intervalChoice?: boolean;
  /** A further action under the button (the pending downgrade's Cancel downgrade). */
  secondaryAction?: ReactNode;
}

/** Button text per card state (account-area section 2). */
function buttonLabel(t: (key: string, options?: Record<string, unknown>) => string, state: PlanCardState) {
  switch (state.kind) {
    case 'current':
      return state.trialMonths !== null
        ? t('subscription.plans.trial', { count: state.trialMonths })
        : t('subscription.plans.current');
    case 'ordered':
      return t('subscription.plans.alreadyOrdered');
    case 'orderInProgress':
      return t('subscription.plans.orderInProgress');
    case 'downgrading':
      // A scheduled change, not an order: "Bestellung in Bearbeitung" is only for a real open order.
      return t(state.next ? 'subscription.manage.scheduledButton' : 'subscription.manage.notNowButton');
    case 'downgrade':
      return t('subscription.manage.downgradeButton');
    case 'revoke':
      return t('subscription.status.revoke');
    default:
      return t('subscription.plans.choose');
  }
}

function PriceBlock({ plan, payType, showChoice }: { plan: Product; payType: PayType; showChoice: boolean }) {
  const { t } = useTranslation();
  if (isPromoPlan(plan) && isFreePlan(plan)) {
    return (
      <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
        {t('subscription.plans.promoPrice')}
      </Typography>
    );
  }
  if (isFreePlan(plan)) {
    return (
      <Box>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
          {formatEuro(0)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('subscription.plans.freeHint')}
        </Typography>
      </Box>
    );
  }
  const other: PayType = payType === 'monthly' ? 'yearly' : 'monthly';
  const otherPrice = priceOf(plan, other);
  return (
    <Box>
      <Stack direction="row" useFlexGap spacing={0.75} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {formatEuro(priceOf(plan, payType))}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(`subscription.price.${priceSuffix(plan, payType)}`)}
        </Typography>
      </Stack>
      {otherPrice > 0 && (showChoice || payTypesOf(plan).length === 0) ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('subscription.plans.orPrice', {
            price: formatEuro(otherPrice),
            suffix: t(`subscription.price.${priceSuffix(plan, other)}`),
          })}
        </Typography>
      ) : null}
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('subscription.price.inclVat')}
      </Typography>
    </Box>
  );
}

/**
 * One plan card (account-area section 2): name, monthly and yearly price in euro, the
 * Monthly/Yearly choice when the plan has both prices and the brand offers it, the tracker's
 * one-time price, the features and the button of the card's state.
 */
/** The current card's interval change (monthly to yearly), beside its disabled Current plan button. */
function IntervalChangeAction({
  plan,
  switchTo,
  onChoose,
  titleId,
}: {
  plan: Product;
  switchTo: PayType;
  onChoose?: (plan: Product, payType: PayType) => void;
  titleId: string;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        fullWidth
        size="large"
        variant="contained"
        onClick={() => onChoose?.(plan, switchTo)}
        aria-describedby={`${titleId} ${hintId}`}
        data-testid="interval-change"
      >
        {t('subscription.plans.switchToYearly')}
      </Button>
      <Typography id={hintId} variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.75 }}>
        {t('subscription.plans.switchToYearlyHint', {
          price: formatEuro(priceOf(plan, switchTo)),
          suffix: t(`subscription.price.${priceSuffix(plan, switchTo)}`),
        })}
      </Typography>
    </Box>
  );
}

export function PlanCard({
  plan,
  brand,
  payType,
  onPayTypeChange,
  state,
  currentInterval,
  trackerPrice,
  selected = false,
  onChoose,
  action,
  intervalChoice = true,
  secondaryAction,
}: PlanCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const noteId = useId();
  const current = isCurrentState(state);
  const highlighted = current || selected;
  const showChoice = intervalChoice && hasIntervalChoice(plan, brand);
  const next = state?.kind === 'downgrading' && state.next;
  const startDate = state?.kind === 'downgrading' ? state.startDate : null;
  const buyable = payTypesOf(plan).length > 0 && !isFreePlan(plan);

  const chip = current
    ? t('subscription.plans.currentChip')
    : state?.kind === 'ordered'
      ? t('subscription.plans.orderedChip')
      : next
        ? t('subscription.manage.downgradingChip')
        : selected
          ? t('subscription.plans.selectedChip')
          : null;

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      data-testid={`plan-card-${plan.id}`}
      sx={(theme) => ({
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        p: { xs: 2.5, sm: 3 },
        borderWidth: highlighted ? 2 : 1,
        borderColor: highlighted ? 'primary.main' : 'divider',
        bgcolor: highlighted
          ? `rgba(${theme.vars?.palette.primary.mainChannel ?? '192 77 0'} / 0.04)`
          : 'background.paper',
      })}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}
      >
        <Typography id={titleId} variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {plan.name}
        </Typography>
        {chip ? <Chip label={chip} color="primary" size="small" /> : null}
      </Stack>
      {brand.tracker.enabled && plan.duration ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('subscription.plans.duration', { count: plan.duration })}
        </Typography>
      ) : null}
      {current && currentInterval ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t(`subscription.plans.paying.${billingIntervalOf(plan.duration, currentInterval)}`)}
        </Typography>
      ) : null}

      <Box sx={{ mt: 1.5 }}>
        <PriceBlock plan={plan} payType={payType} showChoice={showChoice} />
      </Box>

      {trackerPrice > 0 && buyable ? (
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
          {t('subscription.plans.trackerPrice', { price: formatEuro(trackerPrice) })}
        </Typography>
      ) : null}

      {showChoice ? (
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          color="primary"
          value={payType}
          onChange={(_event, value: PayType | null) => {
            if (value) onPayTypeChange(value);
          }}
          aria-label={t('subscription.interval.label', { plan: plan.name })}
          sx={{ mt: 2 }}
        >
          <ToggleButton value="monthly">{t('subscription.interval.monthly')}</ToggleButton>
          <ToggleButton value="yearly">{t('subscription.interval.yearly')}</ToggleButton>
        </ToggleButtonGroup>
      ) : null}

      <Divider sx={{ my: 2 }} />
      <Box sx={{ flexGrow: 1 }}>
        <PlanFeatures plan={plan} />
      </Box>

      {next ? (
        <Typography id={noteId} variant="body2" sx={{ mt: 2, fontWeight: 600, color: 'primary.main' }}>
          {startDate
            ? t('subscription.manage.startsOn', { date: startDate })
            : t('subscription.manage.startsAtTermEnd')}
        </Typography>
      ) : null}

      <Box sx={{ mt: next ? 1 : 2.5 }}>
        {action ??
          (state ? (
            <Button
              fullWidth
              size="large"
              variant={isActionable(state) ? 'contained' : 'outlined'}
              disabled={!isActionable(state)}
              onClick={() => onChoose?.(plan, payType)}
              aria-describedby={next ? `${titleId} ${noteId}` : titleId}
            >
              {buttonLabel(t, state)}
            </Button>
          ) : null)}
        {state?.kind === 'current' && state.switchTo && !action ? (
          <IntervalChangeAction plan={plan} switchTo={state.switchTo} onChoose={onChoose} titleId={titleId} />
        ) : null}
        {secondaryAction ? <Box sx={{ mt: 1 }}>{secondaryAction}</Box> : null}
      </Box>
    </Card>
  );
}
