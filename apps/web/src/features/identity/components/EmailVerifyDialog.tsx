import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import Stack from '@mui/material/Stack';
import { useTranslation } from '@/lib/i18n-react';
import { useNotify } from '@/lib/notifications';
import { useSendVerificationEmailMutation } from '../api/send-verification-email';

/**
 * Section 8, unverified e-mail: after signing out, an alert titled Email_Verify_Failed with its
 * description and OK; it also offers to send the confirmation mail again.
 */
export function EmailVerifyDialog({ email, onClose }: { email: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const resend = useSendVerificationEmailMutation();
  const open = email !== null;

  const sendAgain = () => {
    if (!email) return;
    resend.mutate(
      { email, url: `${window.location.origin}/` },
      {
        onSuccess: () => {
          notify.success('identity.verify.resent');
          onClose();
        },
        onError: (error) => notify.error(error),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      aria-labelledby="email-verify-title"
      aria-describedby="email-verify-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="email-verify-title">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <MarkEmailUnreadOutlinedIcon color="primary" aria-hidden />
          <span>{t('Email_Verify_Failed')}</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="email-verify-text">{t('Email_Verify_Failed_Description')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={1}
          sx={{ width: '100%', justifyContent: 'flex-end' }}
        >
          <Button onClick={sendAgain} disabled={resend.isPending}>
            {t('identity.verify.resend')}
          </Button>
          <Button variant="contained" onClick={onClose} autoFocus>
            {t('identity.ok')}
          </Button>
        </Stack>
      </DialogActions>
    </Dialog>
  );
}
