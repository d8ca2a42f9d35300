import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useFormBusy } from './FormElement';

/**
 * The button row under an add or edit form: delete (edit mode only) on the left, cancel and save on
 * the right; stacked with save on top on phones. Everything is disabled while the form submits.
 * The caller translates the labels.
 */
export function FormActions({
  submitting,
  onCancel,
  onDelete,
  labels,
}: {
  submitting: boolean;
  onCancel: () => void;
  onDelete?: () => void;
  labels: { save: string; cancel: string; delete: string };
}) {
  // Also busy from the first click inside a FormElement, before the form's own state says so.
  const formBusy = useFormBusy();
  const busy = submitting || formBusy;
  return (
    <Stack
      direction={{ xs: 'column-reverse', sm: 'row' }}
      spacing={1.5}
      sx={{ mt: 3, alignItems: { xs: 'stretch', sm: 'center' } }}
    >
      {onDelete ? (
        <Button
          color="error"
          variant="outlined"
          startIcon={<DeleteOutlinedIcon />}
          onClick={onDelete}
          disabled={busy}
        >
          {labels.delete}
        </Button>
      ) : null}
      <Box sx={{ flexGrow: 1 }} />
      <Button color="inherit" onClick={onCancel} disabled={busy}>
        {labels.cancel}
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {labels.save}
      </Button>
    </Stack>
  );
}
