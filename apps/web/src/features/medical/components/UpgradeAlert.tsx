import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/components/RouterLink';

/** A plan message with its activate button to /my-account/subscription (below the text, so it fits phones). */
export function UpgradeAlert({
  message,
  severity = 'info',
  role,
}: {
  message: string;
  severity?: AlertColor;
  role?: 'alert' | 'status';
}) {
  const { t } = useTranslation();
  return (
    <Alert severity={severity} role={role} sx={{ mb: 3 }}>
      <Box>{message}</Box>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        component={RouterLink}
        to="/my-account/subscription"
        sx={{ mt: 1.25 }}
      >
        {t('medical.freePlan.activate')}
      </Button>
    </Alert>
  );
}
