import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import { useTranslation } from '@/lib/i18n-react';

interface ErrorStateProps {
  title: string;
  description?: string;
  onRetry?: () => void;
  /** Further actions, e.g. a link home. */
  actions?: ReactNode;
  icon?: ReactNode;
  fullPage?: boolean;
  /** 'alert' for failures that interrupt the user (announced at once by screen readers). */
  role?: 'alert';
}

/** A friendly failure with a way forward: used by the config gate, guards and route errors. */
export function ErrorState({
  title,
  description,
  onRetry,
  actions,
  icon,
  fullPage = false,
  role,
}: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Box
      role={role}
      sx={{
        display: 'grid',
        placeItems: 'center',
        minHeight: fullPage ? '100dvh' : 320,
        px: 3,
        py: 6,
        textAlign: 'center',
      }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', maxWidth: 440 }}>
        <Box sx={{ color: 'primary.main', '& svg': { fontSize: 56 } }} aria-hidden>
          {icon ?? <CloudOffOutlinedIcon />}
        </Box>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {description ? (
          <Typography variant="body1" sx={{ color: 'text.secondary' }}>
            {description}
          </Typography>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1 }}>
          {onRetry ? (
            <Button variant="contained" onClick={onRetry}>
              {t('app.retry')}
            </Button>
          ) : null}
          {actions}
        </Stack>
      </Stack>
    </Box>
  );
}
