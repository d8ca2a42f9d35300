import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SHARE_ROLES, type Share, type ShareRole } from '@pet/contract';
import { errorKeyOf } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n-react';
import { useNotify } from '@/lib/notifications';
import { useUpdateShare } from '../api/update-share';
import { windowOf, windowToBody, type WindowValue } from '../share-format';
import { WindowFields } from './WindowFields';

/** The owner changes one share's role, window or reminders (PUT /v1/share). */
export function ShareEditDialog({ share, onClose }: { share: Share; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateShare(share.pet_id);
  const titleId = useId();
  const [role, setRole] = useState<ShareRole>(share.role);
  const [timeWindow, setTimeWindow] = useState<WindowValue>(() => windowOf(share));
  const [reminders, setReminders] = useState(share.reminders);
  const [windowError, setWindowError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const windowBody = windowToBody(timeWindow);
    if ('error' in windowBody) {
      setWindowError(windowBody.error);
      return;
    }
    setWindowError(null);
    try {
      await update.mutateAsync({
        shareId: share.id,
        body: { role, reminders: role === 'carer' && reminders, ...windowBody },
      });
      notify.success('Success_Message_Text');
      onClose();
    } catch (error) {
      const key = errorKeyOf(error);
      if (key === 'Share_Window_Error') setWindowError(key);
      else setFailure(key);
    }
  };

  return (
    <Dialog
      open
      onClose={update.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>
          {t('sharing.edit.title', { name: share.member_name ?? share.email })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={3} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{t(failure)}</Alert> : null}
            <TextField
              select
              label={t('sharing.invite.role')}
              value={role}
              onChange={(event) => setRole(event.target.value as ShareRole)}
              helperText={t(`sharing.roleText.${role}`)}
            >
              {SHARE_ROLES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`sharing.role.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            {role === 'carer' ? (
              <FormControlLabel
                control={
                  <Checkbox checked={reminders} onChange={(_event, checked) => setReminders(checked)} />
                }
                label={t('sharing.invite.reminders')}
              />
            ) : null}
            <WindowFields
              value={timeWindow}
              onChange={setTimeWindow}
              errorText={windowError ? t(windowError) : undefined}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={update.isPending}>
            {t('sharing.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={update.isPending}
            startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('sharing.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
