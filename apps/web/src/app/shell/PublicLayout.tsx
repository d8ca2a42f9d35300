import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import TranslateIcon from '@mui/icons-material/Translate';
import { Outlet } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { TOOLBAR_HEIGHT_PX } from '@pet/contract';
import { SkipLink } from '@/components/SkipLink';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { LegalFooter } from './LegalFooter';
import { ThemeModeButton } from './ThemeModeButton';
import { TopBar } from './TopBar';

const MAIN_CONTENT_ID = 'main-content';

/** Fetched when first opened: the sign-in page's first visit does not download the dialog. */
const LanguageDialog = lazy(async () => ({
  default: (await import('@/components/LanguageDialog')).LanguageDialog,
}));

/** Sign-in, registration, password reset, the public emergency page and 404: no sidebar. */
export function PublicLayout() {
  const { t } = useTranslation();
  const [languageOpen, setLanguageOpen] = useState(false);
  // Kept mounted once opened, so closing it animates.
  const [languageUsed, setLanguageUsed] = useState(false);
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <TopBar logoTo="/dashboard">
        {/* The native title, not MUI's Tooltip: Popper would be on every first visit. */}
        <IconButton
          aria-label={t('nav.changeLanguage')}
          title={t('nav.changeLanguage')}
          aria-haspopup="dialog"
          onClick={() => {
            setLanguageUsed(true);
            setLanguageOpen(true);
          }}
        >
          <TranslateIcon />
        </IconButton>
        <ThemeModeButton />
      </TopBar>
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ pt: `${TOOLBAR_HEIGHT_PX + 16}px`, pb: 6, outline: 'none' }}
      >
        {/* No sidebar here: the trail starts where the top bar's logo starts. */}
        <Box sx={{ px: { xs: 2, sm: 3 } }}>
          <AppBreadcrumbs withHome={false} />
        </Box>
        <Container maxWidth="md" sx={{ px: { xs: 2, sm: 3 } }}>
          <Outlet />
        </Container>
      </Box>
      <LegalFooter />
      {languageUsed ? (
        <Suspense fallback={null}>
          <LanguageDialog open={languageOpen} onClose={() => setLanguageOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
