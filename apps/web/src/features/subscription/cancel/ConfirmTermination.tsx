import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import FolderDeleteOutlinedIcon from '@mui/icons-material/FolderDeleteOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { addDays } from 'date-fns';
import { useNavigate } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import {
  DOCUMENTS_KEPT_AFTER_CANCELLATION,
  REACTIVATION_WINDOW_DAYS,
  formatEuro,
  type UserInfo,
} from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { IconBubble } from '@/components/IconBubble';
import { RouterLink } from '@/components/RouterLink';
import { isApiError } from '@/lib/api-client';
import { useBrand } from '@/lib/brand';
import { formatDate } from '@/lib/dates';
import { useApiErrorMessage } from '@/lib/notifications';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useCancelAt } from '../api/fetch-cancel-at';
import { SupportMessage } from '../components/SupportMessage';
import { SUBSCRIPTION_PATH } from '../use-checkout-params';
import { priceSuffix } from '../plan-rules';
import { CANCEL_SUCCESS_PATH, cancelPath, lastDayOf, termEnd } from './cancel-rules';
import { ManageSkeleton, useRefreshSubscription } from './shared';

/** What the cancel success page gets from the termination (the end date, epoch seconds). */
export interface CancelSuccessState {
  endDate: number;
}

const WEEKS = Math.round(REACTIVATION_WINDOW_DAYS / 7);

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: 'baseline', py: 1 }}
      component="div"
    >
      <Typography component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * ?process=confirm_Termination (account-area section 2): the plan with its end date and yearly
 * price incl. VAT, what the termination means (free plan after the end, documents beyond the last
 * 5 deleted 4 weeks later unless a plan is bought again), and Confirm termination behind a dialog.
 * A termination already pending shows its date and the way to revoke it instead.
 */
export function ConfirmTermination({ user, fromChoice }: { user: UserInfo; fromChoice: boolean }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const navigate = useNavigate();
  const errorMessage = useApiErrorMessage();
  const refresh = useRefreshSubscription();
  const cancelAt = useCancelAt(user.id, true);
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const product = user.product!;
  const end = termEnd(user);
  const date = lastDayOf(end);
  const deletionDate = end ? formatDate(addDays(end, REACTIVATION_WINDOW_DAYS)) : null;
  // The yearly price incl. VAT; a plan sold monthly only (tracker BASIS 1) shows its monthly price.
  const yearly = product.yearly_price > 0;
  // Code, gift, promo and trial plans were never bought: no price they never paid, and their
  // real end (myinfo's end of the code) or none at all.
  const bought = Boolean(user.stripe_price_id);
  const price = bought
    ? `${formatEuro(yearly ? product.yearly_price : product.monthly_price)} ${t(
        `subscription.price.${priceSuffix(product, yearly ? 'yearly' : 'monthly')}`,
      )}`
    : t('subscription.cancel.confirm.notPaid');
  const alreadyCancelled = cancelAt.data?.status === 'cancel';

  const confirm = async () => {
    setFailure(null);
    try {
      const answer = await cancel.mutateAsync();
      setConfirming(false);
      await refresh();
      void navigate(CANCEL_SUCCESS_PATH, {
        state: { endDate: answer.current_phase.end_date } satisfies CancelSuccessState,
      });
    } catch (error) {
      setConfirming(false);
      setFailure(error);
    }
  };

  if (cancelAt.isPending) return <ManageSkeleton />;

  const consequences = [
    {
      key: 'active',
      icon: <EventAvailableOutlinedIcon fontSize="small" />,
      text: date
        ? t('subscription.cancel.confirm.activeUntil', { plan: product.name, date })
        : t('subscription.cancel.confirm.activeUntilNoDate', { plan: product.name }),
    },
    {
      key: 'free',
      icon: <LockOpenOutlinedIcon fontSize="small" />,
      text: t('subscription.cancel.confirm.becomesFree'),
    },
    {
      key: 'documents',
      icon: <FolderDeleteOutlinedIcon fontSize="small" />,
      text: deletionDate
        ? t('subscription.cancel.confirm.documents', {
            kept: DOCUMENTS_KEPT_AFTER_CANCELLATION,
            weeks: WEEKS,
            date: deletionDate,
          })
        : t('subscription.cancel.confirm.documentsNoDate', {
            kept: DOCUMENTS_KEPT_AFTER_CANCELLATION,
            weeks: WEEKS,
          }),
    },
    {
      key: 'revoke',
      icon: <HistoryOutlinedIcon fontSize="small" />,
      text: t('subscription.cancel.confirm.revocable'),
    },
  ];

  const failureKey = isApiError(failure) ? failure.key : null;

  return (
    <Card component="section" aria-labelledby="confirm-termination-title" sx={{ maxWidth: 720 }}>
      <Box sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <IconBubble>
            <WorkspacePremiumOutlinedIcon />
          </IconBubble>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('subscription.cancel.confirm.yourPlan')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography id="confirm-termination-title" variant="h5" component="h2" sx={{ mr: 0.5 }}>
                {product.name}
              </Typography>
              {alreadyCancelled ? (
                <Chip
                  size="small"
                  color="warning"
                  variant="outlined"
                  label={t('subscription.status.terminated')}
                />
              ) : null}
            </Stack>
          </Box>
        </Stack>

        <Box component="dl" sx={{ mt: 2.5, mb: 0 }}>
          <Row
            label={t('subscription.cancel.confirm.endDate')}
            value={
              date ??
              t(bought ? 'subscription.cancel.confirm.endOfTerm' : 'subscription.cancel.confirm.noEnd')
            }
          />
          <Divider />
          <Row label={t('subscription.cancel.confirm.price')} value={price} />
        </Box>

        {alreadyCancelled ? (
          <Alert
            severity="warning"
            sx={{ mt: 3 }}
            action={
              <Button
                color="inherit"
                size="small"
                component={RouterLink}
                to={cancelPath('cancel_Termination')}
              >
                {t('subscription.status.revoke')}
              </Button>
            }
          >
            {date
              ? t('subscription.cancel.confirm.alreadyCancelled', { date })
              : t('subscription.cancel.confirm.alreadyCancelledNoDate')}
          </Alert>
        ) : (
          <>
            <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 0.5 }}>
              {t('subscription.cancel.confirm.whatHappens')}
            </Typography>
            <List dense disablePadding aria-label={t('subscription.cancel.confirm.whatHappens')}>
              {consequences.map((item) => (
                <ListItem key={item.key} disableGutters sx={{ alignItems: 'flex-start' }}>
                  <ListItemIcon sx={{ minWidth: 36, mt: 0.5, color: 'primary.main' }}>
                    {item.icon}
                  </ListItemIcon>
                  <ListItemText primary={item.text} />
                </ListItem>
              ))}
            </List>
            {user.downgrading ? (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('subscription.cancel.confirm.replacesDowngrade', { plan: user.downgrading.product.name })}
              </Alert>
            ) : null}
          </>
        )}

        {failure ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            <SupportMessage
              text={errorMessage(failure)}
              supportEmail={brand.supportEmail}
              withLink={failureKey === 'Cancel_Free_Plan_Text' || failureKey === 'Something_Went_Wrong_Text'}
            />
          </Alert>
        ) : null}

        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'flex-end', mt: 3 }}
        >
          <Button
            component={RouterLink}
            to={fromChoice ? cancelPath() : SUBSCRIPTION_PATH}
            color="inherit"
            size="large"
          >
            {t(fromChoice ? 'subscription.common.back' : 'subscription.cancel.keepPlan')}
          </Button>
          {alreadyCancelled ? null : (
            <Button variant="contained" color="error" size="large" onClick={() => setConfirming(true)}>
              {t('subscription.cancel.confirm.submit')}
            </Button>
          )}
        </Stack>
      </Box>

      <ConfirmActionDialog
        open={confirming}
        title={t('subscription.cancel.confirm.dialogTitle')}
        text={
          date
            ? t('subscription.cancel.confirm.dialogText', { plan: product.name, date })
            : t('subscription.cancel.confirm.dialogTextNoDate', { plan: product.name })
        }
        confirmLabel={t('subscription.cancel.confirm.submit')}
        cancelLabel={t('subscription.cancel.keepPlan')}
        pending={cancel.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
