import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from '@/lib/i18n-react';
import { CONTRACT_CANCELLATION_PATH } from '@/lib/consumer-law';
import { RouterLink } from '@/components/RouterLink';

/**
 * The footer of every page, signed in or not: § 312k BGB wants the cancellation button
 * ("Verträge hier kündigen") reachable at any time without signing in.
 */
export function LegalFooter({ landmark = true }: { landmark?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      // Inside the signed-in shell's <main> a <footer> would be no landmark: a labelled region is not wanted there.
      component={landmark ? 'footer' : 'div'}
      aria-label={landmark ? t('footer.label') : undefined}
      sx={{ px: 2, py: 2, textAlign: 'center', typography: 'body2' }}
    >
      <Link component={RouterLink} to={CONTRACT_CANCELLATION_PATH} color="text.secondary">
        {t('footer.cancelContracts')}
      </Link>
    </Box>
  );
}
