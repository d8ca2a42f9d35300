import { useCallback } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CelebrationOutlinedIcon from '@mui/icons-material/CelebrationOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n-react';
import { RouterLink } from '@/components/RouterLink';
import { useBrand } from '@/lib/brand';
import { useSuccessHomePath } from '@/lib/mobile-embedding';
import { useSessionStore, useSignedInUser } from '@/lib/session';
import { SUBSCRIPTION_QUERY_ROOT } from '../api/keys';
import { Feedback } from '../components/Feedback';
import { ResultCard } from '../components/ResultCard';
import { SupportMessage } from '../components/SupportMessage';
import { SUBSCRIPTION_PATH } from '../use-checkout-params';
import { familyName } from './cancel-rules';

/** After a cancel, revoke or downgrade: the user info and every subscription query are stale. */
export function useRefreshSubscription() {
  const queryClient = useQueryClient();
  const session = useSessionStore();
  return useCallback(
    () =>
      Promise.all([
        session.invalidate(),
        queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_ROOT }),
      ]),
    [queryClient, session],
  );
}

/** A free (default) plan cannot be cancelled: the message names the brand's support address. */
export function FreePlanNotice() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <Card data-testid="cancel-free-plan" sx={{ maxWidth: 720 }}>
      <Feedback
        role="status"
        icon={<WorkspacePremiumOutlinedIcon />}
        title={t('subscription.cancel.freeTitle')}
        text={<SupportMessage text={t('Cancel_Free_Plan_Text')} supportEmail={brand.supportEmail} withLink />}
        actions={
          <Button variant="contained" component={RouterLink} to={SUBSCRIPTION_PATH}>
            {t('subscription.cancel.seePlans')}
          </Button>
        }
      />
    </Card>
  );
}

/** The popup for users who cannot downgrade (gift, promo, free or code plans). */
export function DowngradeNotAllowedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="downgrade-not-allowed-title"
      aria-describedby="downgrade-not-allowed-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="downgrade-not-allowed-title">{t('subscription.manage.notAllowedTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="downgrade-not-allowed-text">
          {t('Downgrade_Not_Allowed_Text')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('subscription.common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The termination was revoked: Success_Message_Revoke_Termination with the user's family name
 * (account-area section 8, others), and the ways on.
 */
export function RevokedResult() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const homePath = useSuccessHomePath(user.id);
  const name = familyName(user.name);
  return (
    <ResultCard
      tone="success"
      icon={<CelebrationOutlinedIcon />}
      title={t('subscription.revoke.title')}
      testId="termination-revoked"
      actions={
        <>
          <Button variant="contained" size="large" component={RouterLink} to={homePath}>
            {t('subscription.result.home')}
          </Button>
          {homePath === SUBSCRIPTION_PATH ? null : (
            <Button variant="outlined" size="large" component={RouterLink} to={SUBSCRIPTION_PATH}>
              {t('subscription.result.toSubscription')}
            </Button>
          )}
        </>
      }
    >
      <Typography data-testid="revoke-message" sx={{ maxWidth: 460 }}>
        {name ? (
          <Box component="strong" sx={{ fontWeight: 700 }}>
            {t('subscription.revoke.thanks', { name })}{' '}
          </Box>
        ) : null}
        {t('Success_Message_Revoke_Termination')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 460 }}>
        {t('subscription.revoke.text', { plan: user.product?.name ?? '' })}
      </Typography>
    </ResultCard>
  );
}

/** The cancel page while the status loads: the shape of the cards that follow. */
export function ManageSkeleton() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-busy="true"
      aria-label={t('subscription.manage.loading')}
      sx={{
        display: 'grid',
        gap: 2.5,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
        maxWidth: 960,
      }}
    >
      {[0, 1].map((index) => (
        <Card key={index} sx={{ p: 3 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Skeleton variant="rounded" width={48} height={48} />
            <Skeleton width="50%" height={32} />
          </Stack>
          <Skeleton width="90%" sx={{ mt: 2 }} />
          <Skeleton width="75%" />
          <Skeleton variant="rounded" height={44} sx={{ mt: 3, borderRadius: 999 }} />
        </Card>
      ))}
    </Box>
  );
}
