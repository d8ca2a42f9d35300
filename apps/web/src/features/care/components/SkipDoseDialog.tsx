import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { CARE_KEYS, type Dose } from '@pet/contract';
import { useTranslation } from '@/lib/i18n-react';
import { useApiErrorMessage, useNotify } from '@/lib/notifications';
import { isApiError } from '@/lib/api-client';
import { useConfirmDose } from '../api/confirm-dose';

/** Skipping a dose asks for its reason (Care_Dose_Skip_Reason_Error without one). */
export function SkipDoseDialog({
  dose,
  onClose,
  onConflict,
}: {
  dose: Dose | null;
  onClose: () => void;
  /** A 409 (already confirmed): shown on the Today card, the dialog closes. */
  onConflict: (text: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const notify = useNotify();
  const errorText = useApiErrorMessage();
  const confirm = useConfirmDose();
  // Each dose starts with an empty reason: the state belongs to the dose it was typed for.
  const [typed, setTyped] = useState<{ key: string; reason: string; error: string | null }>({
    key: '',
    reason: '',
    error: null,
  });
  const doseKey = dose ? `${dose.med_id}-${dose.slot}` : '';
  const current = typed.key === doseKey ? typed : { key: doseKey, reason: '', error: null };
  const reason = current.reason;
  const error = current.error;
  const setReason = (next: string) => setTyped({ ...current, reason: next });
  const setError = (next: string | null) => setTyped({ ...current, error: next });

  const submit = async () => {
    if (!dose) return;
    const text = reason.trim();
    if (!text) {
      setError(t(CARE_KEYS.skipReason));
      return;
    }
    try {
      await confirm.mutateAsync({
        medId: dose.med_id,
        body: { slot: dose.slot, action: 'skipped', skip_reason: text },
      });
      notify.success('care.dose.saved');
      onClose();
    } catch (caught) {
      if (isApiError(caught) && caught.status === 409) onConflict(errorText(caught));
      else setError(errorText(caught));
    }
  };

  return (
    <Dialog
      open={dose !== null}
      onClose={confirm.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {t('care.skip.title', { medication: dose?.medication_name ?? '', pet: dose?.pet_name ?? '' })}
      </DialogTitle>
      <DialogContent>
        <TextField
          label={t('care.skip.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error !== null}
          helperText={error ?? ' '}
          required
          fullWidth
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} color="inherit" disabled={confirm.isPending}>
          {t('care.skip.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={confirm.isPending}>
          {t('care.skip.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
