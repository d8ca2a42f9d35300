import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Loading state: a spinner centred in the page (fullPage) or in the content area. */
export function CenteredSpinner({ fullPage = false, label }: { fullPage?: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'grid',
        placeItems: 'center',
        minHeight: fullPage ? '100dvh' : 240,
        width: '100%',
      }}
    >
      <CircularProgress aria-label={label ?? t('app.loading')} />
    </Box>
  );
}
