import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { useTranslation } from '@/lib/i18n-react';
import type { BrandConfig, PayType, Product } from '@pet/contract';
import { useApiErrorMessage } from '@/lib/notifications';
import { effectivePayType, isCurrentState, type PlanCardState } from '../plan-rules';
import { Feedback } from './Feedback';
import { PlanCard } from './PlanCard';

/** Columns by number of cards: three side by side from md, four from lg. */
function gridColumns(count: number) {
  if (count >= 4) return { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' };
  if (count === 3) return { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' };
  return { xs: '1fr', sm: `repeat(${Math.max(count, 1)}, 1fr)` };
}

export function PlanGridSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <Box
      aria-busy="true"
      aria-label={t('subscription.plans.loading')}
      role="status"
      sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: gridColumns(count) }}
    >
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} sx={{ p: 3 }}>
          <Skeleton width="45%" height={34} />
          <Skeleton width="60%" height={52} sx={{ mt: 1 }} />
          <Skeleton width="35%" />
          <Skeleton variant="rounded" height={32} sx={{ mt: 2 }} />
          <Stack spacing={1} sx={{ mt: 3 }}>
            {[0, 1, 2, 3].map((line) => (
              <Skeleton key={line} width={`${80 - line * 8}%`} />
            ))}
          </Stack>
          <Skeleton variant="rounded" height={44} sx={{ mt: 3, borderRadius: 999 }} />
        </Card>
      ))}
    </Box>
  );
}

export interface PlanGridProps {
  plans: readonly Product[];
  brand: Pick<BrandConfig, 'intervalChoice' | 'tracker' | 'supportEmail'>;
  stateOf: (plan: Product) => PlanCardState | null;
  /** The interval each card starts with (the current plan's interval, else the default). */
  initialPayType?: (plan: Product) => PayType | null;
  currentInterval?: PayType | null;
  trackerPrice: number;
  selectedId?: string | null;
  onChoose?: (plan: Product, payType: PayType) => void;
  /** The checkout page's action per card instead of the choose button. */
  actionOf?: (plan: Product, payType: PayType) => ReactNode;
  /** Monthly/Yearly choice on the cards (default); off in the cancel page's modes. */
  intervalChoice?: boolean;
  /** A further action under a card's button (Cancel downgrade on the pending target). */
  secondaryActionOf?: (plan: Product) => ReactNode;
}

/** The plan cards side by side (one column on phones), each with its own interval choice. */
export function PlanGrid({
  plans,
  brand,
  stateOf,
  initialPayType,
  currentInterval,
  trackerPrice,
  selectedId,
  onChoose,
  actionOf,
  intervalChoice = true,
  secondaryActionOf,
}: PlanGridProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Record<string, PayType>>({});

  if (plans.length === 0) {
    return (
      <Feedback
        icon={<Inventory2OutlinedIcon />}
        title={t('subscription.plans.emptyTitle')}
        text={t('subscription.plans.emptyText')}
        actions={
          <Link href={`mailto:${brand.supportEmail}`} sx={{ fontWeight: 600 }}>
            {brand.supportEmail}
          </Link>
        }
      />
    );
  }

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2.5,
        gridTemplateColumns: gridColumns(plans.length),
        alignItems: 'stretch',
      }}
    >
      {plans.map((plan) => {
        const payType = effectivePayType(plan, chosen[plan.id] ?? initialPayType?.(plan));
        const state = stateOf(plan);
        return (
          <PlanCard
            key={plan.id}
            plan={plan}
            brand={brand}
            payType={payType}
            onPayTypeChange={(value) => setChosen((previous) => ({ ...previous, [plan.id]: value }))}
            state={state}
            currentInterval={isCurrentState(state) ? currentInterval : null}
            trackerPrice={trackerPrice}
            selected={plan.id === selectedId}
            onChoose={onChoose}
            action={actionOf?.(plan, payType)}
            intervalChoice={intervalChoice}
            secondaryAction={secondaryActionOf?.(plan)}
          />
        );
      })}
    </Box>
  );
}

/** The plan list could not be loaded: say so and offer a retry. */
export function PlanGridError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const message = useApiErrorMessage();
  return (
    <Feedback
      role="alert"
      icon={<CloudOffOutlinedIcon />}
      title={t('subscription.plans.loadFailed')}
      text={message(error)}
      onRetry={onRetry}
    />
  );
}
