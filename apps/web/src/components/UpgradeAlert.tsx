import type { ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { RouterLink } from '@/components/RouterLink';
import { SUBSCRIPTION_PATH } from '@/components/UpgradePrompt';

export interface UpgradeAlertProps {
  /** The translated message (a plan refusal, a limit, No_Pet_Text, ...). */
  message: ReactNode;
  /** Label of the link button under the message; without it there is no button. */
  actionLabel?: string;
  /** Where the button leads: the subscription page unless told otherwise (e.g. add a pet). */
  to?: string;
  severity?: AlertColor;
  role?: 'alert' | 'status';
  sx?: SxProps<Theme>;
}

/**
 * A plan message in an alert with its action below the text (so it fits phones): the medical and
 * appointment refusals, the no-pet notice and the emergency download refusal. The caller translates.
 */
export function UpgradeAlert({
  message,
  actionLabel,
  to = SUBSCRIPTION_PATH,
  severity = 'info',
  role,
  sx = { mb: 3 },
}: UpgradeAlertProps) {
  return (
    <Alert severity={severity} role={role} sx={sx}>
      <Box>{message}</Box>
      {actionLabel ? (
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          component={RouterLink}
          to={to}
          sx={{ mt: 1.25 }}
        >
          {actionLabel}
        </Button>
      ) : null}
    </Alert>
  );
}
