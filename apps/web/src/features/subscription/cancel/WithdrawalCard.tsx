import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatEuro } from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { useTranslation } from '@/lib/i18n-react';
import { useApiErrorMessage } from '@/lib/notifications';
import { formatDate } from '@/lib/dates';
import { useWithdrawalStatus } from '../api/fetch-withdrawal-status';
import { useWithdraw } from '../api/withdraw';
import { useRefreshSubscription } from './shared';

/**
 * The withdrawal (Widerruf) on the cancel page, shown only while the purchase is within its 14
 * days: the deadline and the refund the server computed, a confirmation, then the outcome.
 */
export function WithdrawalCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const status = useWithdrawalStatus(userId, true);
  const withdraw = useWithdraw();
  const refresh = useRefreshSubscription();
  const [confirming, setConfirming] = useState(false);

  if (withdraw.data) {
    return (
      <Alert severity="success" role="status" sx={{ mb: 3 }} data-testid="withdrawal-done">
        {t('consumerLaw.withdrawal.done', {
          refund: formatEuro(withdraw.data.refund),
          number: withdraw.data.credit_note_number,
        })}
      </Alert>
    );
  }
  const data = status.data;
  if (!data?.withdrawable || data.deadline === null || data.refund === null) return null;
  const refund = formatEuro(data.refund);
  return (
    <Card component="section" aria-labelledby="withdrawal-card-title" sx={{ p: { xs: 2.5, sm: 3 }, mb: 3 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography id="withdrawal-card-title" variant="h6" component="h2">
          {t('consumerLaw.withdrawal.accountTitle')}
        </Typography>
        <Typography variant="body2">
          {t('consumerLaw.withdrawal.accountText', {
            date: formatDate(new Date(data.deadline * 1000)),
            refund,
          })}
        </Typography>
        {withdraw.isError ? (
          <Alert severity="error" role="alert">
            {errorMessage(withdraw.error)}
          </Alert>
        ) : null}
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
          {t('consumerLaw.withdrawal.accountButton')}
        </Button>
      </Stack>
      <ConfirmActionDialog
        open={confirming}
        title={t('consumerLaw.withdrawal.confirmTitle')}
        text={t('consumerLaw.withdrawal.confirmText', { refund })}
        confirmLabel={t('consumerLaw.withdrawal.accountButton')}
        cancelLabel={t('subscription.cancel.keepPlan')}
        pending={withdraw.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          withdraw.mutate(undefined, {
            onSettled: () => setConfirming(false),
            onSuccess: () => void refresh(),
          });
        }}
      />
    </Card>
  );
}
