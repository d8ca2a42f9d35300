import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/i18n-react';
import { CenteredCard } from '@/components/CenteredCard';
import { PageTitle } from '@/components/PageTitle';
import { isSignedInAccess, useRouteHandle } from '@/app/route-handle';

/**
 * What a route shows until its screen is built: its translated title, as the page heading inside
 * the shell (signed-in routes) or in a centred card (public routes). Deliberately nothing else.
 */
export function RouteTitlePage() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const title = handle ? t(handle.titleKey) : '';
  if (handle && isSignedInAccess(handle.access)) return <PageTitle title={title} />;
  return (
    <CenteredCard>
      <Typography variant="h1" sx={{ fontSize: '1.6rem', textAlign: 'center' }}>
        {title}
      </Typography>
    </CenteredCard>
  );
}
