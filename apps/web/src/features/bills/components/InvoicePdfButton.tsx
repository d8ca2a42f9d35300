import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import ReceiptOutlinedIcon from '@mui/icons-material/ReceiptOutlined';

interface InvoicePdfButtonProps {
  /** The accessible name and tooltip, e.g. "Open invoice PP-2026-000001 as PDF". */
  label: string;
  loading: boolean;
  disabled: boolean;
  onClick: () => void;
  /** The credit note of a refunded order gets its own icon. */
  variant?: 'invoice' | 'credit_note';
}

/** The PDF icon of a bill row (opens the PDF in a new tab); a spinner while it downloads. */
export function InvoicePdfButton({
  label,
  loading,
  disabled,
  onClick,
  variant = 'invoice',
}: InvoicePdfButtonProps) {
  const Icon = variant === 'invoice' ? PictureAsPdfOutlinedIcon : ReceiptOutlinedIcon;
  return (
    <Tooltip title={label}>
      {/* A span keeps the tooltip working while the button is disabled. */}
      <span>
        <IconButton
          aria-label={label}
          aria-busy={loading || undefined}
          color={variant === 'invoice' ? 'primary' : 'default'}
          disabled={disabled}
          onClick={onClick}
          size="medium"
        >
          {loading ? <CircularProgress size={22} aria-hidden /> : <Icon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
