import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/i18n-react';

/**
 * An empty or failed block inside a page that has its own h1 (the shared ErrorState is a page of
 * its own with an h1): icon, an h2, a text, a retry and further actions.
 */
export function Feedback({
  icon,
  title,
  text,
  onRetry,
  actions,
  role,
}: {
  icon: ReactNode;
  title: string;
  text?: ReactNode;
  onRetry?: () => void;
  actions?: ReactNode;
  role?: 'alert' | 'status';
}) {
  const { t } = useTranslation();
  return (
    <Box
      role={role}
      sx={{ display: 'grid', placeItems: 'center', minHeight: 280, px: 3, py: 5, textAlign: 'center' }}
    >
      <Stack spacing={1.5} sx={{ alignItems: 'center', maxWidth: 460 }}>
        <Box sx={{ color: 'primary.main', '& svg': { fontSize: 52 } }} aria-hidden>
          {icon}
        </Box>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        {text ? <Typography sx={{ color: 'text.secondary' }}>{text}</Typography> : null}
        {onRetry || actions ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1, alignItems: 'center' }}>
            {onRetry ? (
              <Button variant="contained" onClick={onRetry}>
                {t('app.retry')}
              </Button>
            ) : null}
            {actions}
          </Stack>
        ) : null}
      </Stack>
    </Box>
  );
}
