import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Navigate, useSearchParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { PageTitle } from '@/components/PageTitle';
import { RouterLink } from '@/components/RouterLink';
import { useBrand } from '@/lib/brand';
import { useSignedInUser } from '@/lib/session';
import { useCancelAt } from '../api/fetch-cancel-at';
import { PlanGridError } from '../components/PlanGrid';
import { CancelChoice } from './CancelChoice';
import { CancelTerminationPlans } from './CancelTerminationPlans';
import { ConfirmTermination } from './ConfirmTermination';
import { DowngradePlans } from './DowngradePlans';
import {
  PROCESS_PARAM,
  cancelEntry,
  cancelPath,
  directEntry,
  isFreeAccount,
  parseProcess,
  type CancelEntry,
} from './cancel-rules';
import { FreePlanNotice, ManageSkeleton } from './shared';
import { WithdrawalCard } from './WithdrawalCard';

const SUBTITLE_KEYS: Record<CancelEntry | 'free', string> = {
  free: 'subscription.cancel.subtitle.free',
  choice: 'subscription.cancel.subtitle.choice',
  confirm_Termination: 'subscription.cancel.subtitle.confirm',
  cancel_Termination: 'subscription.cancel.subtitle.cancelled',
  downgrade: 'subscription.cancel.subtitle.downgrade',
};

/**
 * /my-account/cancel-subscription (account-area sections 2 and 4). A free plan cannot be cancelled.
 * Without ?process= the entry decides: the dog brand with a plan up to sequence 2 goes straight to
 * confirm_Termination; otherwise a pending termination opens cancel_Termination, plans of sequence
 * 2 or more (not promo) offer the choice, and the rest go to confirm_Termination. Every step is in
 * the URL, so back and reload keep it.
 */
export function CancelSubscriptionPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const user = useSignedInUser();
  const [params] = useSearchParams();
  const rawProcess = params.get(PROCESS_PARAM);
  const process = parseProcess(rawProcess);
  const free = isFreeAccount(user);
  const direct = directEntry(brand, user);
  // The status decides the entry without ?process=; with one, the views ask it themselves.
  const cancelAt = useCancelAt(user.id, !free && !process && !direct);

  const page = (step: CancelEntry | 'free', content: ReactNode, back?: boolean) => (
    <>
      <PageTitle
        title={title}
        subtitle={t(SUBTITLE_KEYS[step])}
        actions={
          back ? (
            <Button component={RouterLink} to={cancelPath()} color="inherit" startIcon={<ArrowBackIcon />}>
              {t('subscription.common.back')}
            </Button>
          ) : undefined
        }
      />
      {/* Always at this place in the tree: its outcome stays shown when the page turns free. */}
      <WithdrawalCard userId={user.id} />
      {content}
    </>
  );

  if (free) return page('free', <FreePlanNotice />);
  if (rawProcess !== null && !process) return <Navigate to={cancelPath()} replace />;

  // The way back from a step leads to the choice only for users who have one.
  const hasChoice = !direct && cancelEntry(brand, user, 'active') === 'choice';

  if (!process) {
    if (direct) return <Navigate to={cancelPath(direct)} replace />;
    if (cancelAt.isPending) return page('choice', <ManageSkeleton />);
    if (cancelAt.isError) {
      return page('choice', <PlanGridError error={cancelAt.error} onRetry={() => void cancelAt.refetch()} />);
    }
    const entry = cancelEntry(brand, user, cancelAt.data.status);
    if (entry !== 'choice') return <Navigate to={cancelPath(entry)} replace />;
    return page('choice', <CancelChoice user={user} />);
  }

  switch (process) {
    case 'confirm_Termination':
      return page('confirm_Termination', <ConfirmTermination user={user} fromChoice={hasChoice} />);
    case 'cancel_Termination':
      return page('cancel_Termination', <CancelTerminationPlans user={user} />);
    case 'downgrade':
      return page('downgrade', <DowngradePlans user={user} />, hasChoice);
  }
}
