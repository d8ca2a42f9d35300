import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/i18n-react';
import { RouterLink } from '@/components/RouterLink';
import { useBrand } from '@/lib/brand';
import { AuthWallpaper } from './AuthWallpaper';

/**
 * The frame of the sign-in and registration screens: one card, the wallpaper on the left from
 * the md breakpoint (hidden on small screens), the form on the right.
 */
export function AuthFrame({
  wallpaper,
  children,
  maxWidth = 960,
}: {
  wallpaper?: ReactNode;
  children: ReactNode;
  maxWidth?: number;
}) {
  return (
    <Card sx={{ width: '100%', maxWidth, mx: 'auto', overflow: 'hidden' }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: wallpaper ? '5fr 7fr' : '1fr' },
        }}
      >
        {wallpaper ? <AuthWallpaper>{wallpaper}</AuthWallpaper> : null}
        <Box sx={{ p: { xs: 3, sm: 5 }, minWidth: 0 }}>{children}</Box>
      </Box>
    </Card>
  );
}

/** The page's one h1 on a public identity screen, a little smaller than the theme's. */
export function AuthTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '1.85rem' } }}>
      {children}
    </Typography>
  );
}

/** The title block of a public identity screen. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <Box sx={{ mb: 3 }}>
      <AuthTitle>{title}</AuthTitle>
      {subtitle ? (
        <Typography variant="body1" sx={{ color: 'text.secondary', mt: 0.75 }}>
          {subtitle}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Home and Contact on the marketing site, and the login link (section 2, Sign-in screen). */
export function MarketingLinks({ current }: { current?: 'login' }) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <Stack
      component="nav"
      aria-label={t('identity.marketingNav')}
      direction="row"
      spacing={3}
      sx={{ justifyContent: 'flex-end', mb: 2, px: 0.5 }}
    >
      <Link href={brand.marketing.home} color="text.secondary" variant="body2" sx={{ fontWeight: 600 }}>
        {t('identity.links.home')}
      </Link>
      <Link href={brand.marketing.contact} color="text.secondary" variant="body2" sx={{ fontWeight: 600 }}>
        {t('identity.links.contact')}
      </Link>
      <Link
        component={RouterLink}
        to="/signin"
        aria-current={current === 'login' ? 'page' : undefined}
        color={current === 'login' ? 'primary' : 'text.secondary'}
        variant="body2"
        sx={{ fontWeight: 600 }}
      >
        {t('identity.links.login')}
      </Link>
    </Stack>
  );
}

export interface Failure {
  /** Translation key. */
  key: string;
  /** A second line (translation key), e.g. the admin's ban message. */
  detailKey?: string;
  /** Untranslated text from the server (its message and status). */
  detailText?: string;
}

export function FailureAlert({ failure }: { failure: Failure | null }) {
  const { t } = useTranslation();
  if (!failure) return null;
  const detail = failure.detailKey ? t(failure.detailKey) : failure.detailText;
  return (
    <Alert severity="error" sx={{ mb: 3 }}>
      {detail ? <AlertTitle>{t(failure.key)}</AlertTitle> : t(failure.key)}
      {detail}
    </Alert>
  );
}
