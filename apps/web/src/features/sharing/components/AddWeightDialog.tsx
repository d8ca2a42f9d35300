import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { weightBodySchema } from '@pet/contract';
import { errorKeyOf } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n-react';
import { useNotify } from '@/lib/notifications';
import { useAddWeight } from '../api/add-weight';
import { isoToLocalHour } from '../share-format';

/** yyyy-MM-dd (the date field) as the weights' dd.MM.yyyy. */
const toDdMmYyyy = (date: string) => date.split('-').reverse().join('.');

/** A carer (or anyone who may add weights) adds one weight without editing the profile. */
export function AddWeightDialog({ petId, onClose }: { petId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const add = useAddWeight(petId);
  const titleId = useId();
  const [weight, setWeight] = useState('');
  const [date, setDate] = useState(() => isoToLocalHour(new Date().toISOString()).date);
  const [errors, setErrors] = useState<{ weight?: string; date?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = weightBodySchema.safeParse({
      weight: weight.trim() === '' ? undefined : Number(weight.replace(',', '.')),
      date: date ? toDdMmYyyy(date) : '',
    });
    if (!parsed.success) {
      const next: { weight?: string; date?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'date' ? 'date' : 'weight';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await add.mutateAsync(parsed.data);
      notify.success('sharing.member.weightAdded');
      onClose();
    } catch (error) {
      setFailure(errorKeyOf(error));
    }
  };

  return (
    <Dialog
      open
      onClose={add.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t('sharing.member.addWeight')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{t(failure)}</Alert> : null}
            <TextField
              label={t('sharing.member.weight')}
              value={weight}
              onChange={(event) => setWeight(event.target.value)}
              error={Boolean(errors.weight)}
              helperText={errors.weight ? t(errors.weight) : undefined}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { endAdornment: <InputAdornment position="end">kg</InputAdornment> },
              }}
              required
              autoFocus
            />
            <TextField
              type="date"
              label={t('sharing.member.date')}
              value={date}
              onChange={(event) => setDate(event.target.value)}
              error={Boolean(errors.date)}
              helperText={errors.date ? t(errors.date) : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
              required
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={add.isPending}>
            {t('sharing.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={add.isPending}
            startIcon={add.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('sharing.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
