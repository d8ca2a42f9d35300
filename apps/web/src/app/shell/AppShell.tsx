import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { Outlet, useLocation } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { SIDEBAR_WIDTH_PX, TOOLBAR_HEIGHT_PX } from '@pet/contract';
import { BrandLogo } from '@/components/BrandLogo';
import { PageSkeleton } from '@/components/PageSkeleton';
import { ErrorState } from '@/components/ErrorState';
import { SkipLink } from '@/components/SkipLink';
import { useStoredLanguageApplied } from '@/features/account/use-account-language';
import { showsContent, showsSidebar, useVisibleState } from '@/lib/product-visibility';
import { usePetsReloading, useSession } from '@/lib/session';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { ProfileMenu } from './ProfileMenu';
import { Sidebar } from './Sidebar';
import { ThemeModeButton } from './ThemeModeButton';
import { TopBar } from './TopBar';
import { useMobileEmbedding } from './use-mobile-embedding';
import { LegalFooter } from './LegalFooter';

export const MAIN_CONTENT_ID = 'main-content';

/** Loaded when a shared pet's page is first opened: owners never download it. */
const SharedPetBanner = lazy(async () => ({
  default: (await import('@/features/sharing/components/SharedPetBanner')).SharedPetBanner,
}));

/** The pet id of a /pet-details/{name}/{id}/... path. */
function petIdOfPath(pathname: string): string | undefined {
  const [first, , id] = pathname.split('/').filter(Boolean);
  return first === 'pet-details' && id ? decodeURIComponent(id) : undefined;
}

/**
 * The signed-in layout: top bar, sidebar (permanent from the md breakpoint, a drawer on phones
 * that closes after navigation), breadcrumbs and the route's screen.
 */
export function AppShell() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const session = useSession();
  const { pathname } = useLocation();
  const petsReloading = usePetsReloading();
  const visibility = useVisibleState();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The UI speaks the account's stored language (issue 14.4).
  useStoredLanguageApplied(session.user?.language);

  // Mobile app embedding (?tokenI= / ?tokenA=): no top bar, sidebar or breadcrumbs.
  const embedding = useMobileEmbedding(session.user?.id ?? null);

  // The guard renders the shell only for a signed-in user; this keeps types honest.
  if (session.status !== 'signedIn') return <PageSkeleton fullPage />;
  const { user } = session;
  const withHeader = !embedding.headerHidden;
  const withSidebar = withHeader && showsSidebar(visibility);
  // Every page of a pet someone shares with the user says whose it is (issue 35).
  const routePetId = petIdOfPath(pathname);
  const sharedPet = routePetId ? user.shared_pets?.find((pet) => pet.id === routePetId) : undefined;
  const petName = (petId: string) =>
    (user.pets.find((pet) => pet.id === petId) ?? user.shared_pets?.find((pet) => pet.id === petId))?.name;

  const sidebar = (onNavigate?: () => void) => (
    <Sidebar
      pets={user.pets}
      sharedPets={user.shared_pets}
      petsLoading={petsReloading}
      productInternalNote={user.product?.internal_note}
      onNavigate={onNavigate}
    />
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      {withHeader ? (
        <TopBar
          logoTo="/dashboard"
          onOpenMenu={withSidebar && !isDesktop ? () => setDrawerOpen(true) : undefined}
          menuOpen={drawerOpen}
        >
          <ThemeModeButton />
          <ProfileMenu user={user} />
        </TopBar>
      ) : null}

      {withSidebar && isDesktop ? (
        <Drawer
          variant="permanent"
          id="app-sidebar"
          sx={{ width: SIDEBAR_WIDTH_PX, flexShrink: 0 }}
          slotProps={{
            paper: { sx: { top: TOOLBAR_HEIGHT_PX, height: `calc(100% - ${TOOLBAR_HEIGHT_PX}px)` } },
          }}
        >
          {sidebar()}
        </Drawer>
      ) : null}
      {withSidebar && !isDesktop ? (
        <Drawer variant="temporary" id="app-sidebar" open={drawerOpen} onClose={() => setDrawerOpen(false)}>
          <Box
            sx={{
              height: TOOLBAR_HEIGHT_PX,
              flexShrink: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              px: 2,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <BrandLogo height={40} />
            <IconButton onClick={() => setDrawerOpen(false)} aria-label={t('nav.closeMenu')}>
              <CloseIcon />
            </IconButton>
          </Box>
          {sidebar(() => setDrawerOpen(false))}
        </Drawer>
      ) : null}

      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, pt: withHeader ? `${TOOLBAR_HEIGHT_PX}px` : 0, outline: 'none' }}
      >
        <Container maxWidth="lg" sx={{ px: { xs: 2, sm: 3, lg: 4 }, py: { xs: 2, sm: 3 } }}>
          {/* Breadcrumbs lead to other pages: not while only the activation page is open. */}
          {withSidebar ? <AppBreadcrumbs withHome petName={petName} /> : null}
          {embedding.status === 'error' ? (
            <ErrorState
              role="alert"
              title={t('app.sessionErrorTitle')}
              description={t('Server_Down_Text')}
              onRetry={embedding.retry}
            />
          ) : embedding.status === 'checking' || !showsContent(visibility) ? (
            <PageSkeleton />
          ) : (
            <>
              {sharedPet ? (
                <Suspense fallback={null}>
                  <SharedPetBanner key={sharedPet.share_id} pet={sharedPet} withActions />
                </Suspense>
              ) : null}
              <Outlet />
            </>
          )}
        </Container>
        <LegalFooter landmark={false} />
      </Box>
    </Box>
  );
}
