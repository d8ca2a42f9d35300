import { useId } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmActionDialogProps {
  open: boolean;
  title: string;
  text?: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Shows a spinner on the confirm button and keeps the dialog open. */
  pending?: boolean;
  /** A destructive action (delete) gets the error colour. */
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before an action that cannot be undone (deletes). Texts come translated from the caller.
 * The dialog cannot be dismissed while the action runs.
 */
export function ConfirmActionDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  pending = false,
  destructive = true,
  onConfirm,
  onClose,
}: ConfirmActionDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={text ? textId : undefined}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {text ? (
        <DialogContent>
          <DialogContentText id={textId}>{text}</DialogContentText>
        </DialogContent>
      ) : null}
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} disabled={pending} color="inherit">
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={onConfirm}
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
