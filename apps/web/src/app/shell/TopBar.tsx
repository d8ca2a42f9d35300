import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from '@/lib/i18n-react';
import { TOOLBAR_HEIGHT_PX } from '@pet/contract';
import { BrandLogo } from '@/components/BrandLogo';
import { RouterLink } from '@/components/RouterLink';
import { useBrand } from '@/lib/brand';

export interface TopBarProps {
  /** Phone layout: the button that opens the sidebar drawer. */
  onOpenMenu?: () => void;
  menuOpen?: boolean;
  /** Where the logo leads: /dashboard in the shell. */
  logoTo: string;
  /** Right-hand actions: theme switch, profile or language. */
  children: ReactNode;
}

/** The 78 px bar of account-area section 2: logo, then the actions. */
export function TopBar({ onOpenMenu, menuOpen = false, logoTo, children }: TopBarProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    // Above the permanent (desktop) sidebar, below the phone drawer, which must cover it.
    <AppBar
      position="fixed"
      sx={(theme) => ({ [theme.breakpoints.up('md')]: { zIndex: theme.zIndex.drawer + 1 } })}
    >
      <Toolbar
        sx={{ height: TOOLBAR_HEIGHT_PX, minHeight: TOOLBAR_HEIGHT_PX, gap: 1, px: { xs: 1.5, sm: 3 } }}
      >
        {onOpenMenu ? (
          <IconButton
            edge="start"
            onClick={onOpenMenu}
            aria-label={t('nav.openMenu')}
            aria-expanded={menuOpen}
            // The phone drawer exists only while open (not kept mounted: rendering the whole
            // sidebar hidden cost every first visit on a phone a long task).
            aria-controls={menuOpen ? 'app-sidebar' : undefined}
          >
            <MenuIcon />
          </IconButton>
        ) : null}
        <Link
          component={RouterLink}
          to={logoTo}
          aria-label={t('topBar.homeLink', { brand: brand.name })}
          sx={{ display: 'inline-flex', alignItems: 'center', borderRadius: 1, mr: 'auto' }}
        >
          <BrandLogo height={44} />
        </Link>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 } }}>{children}</Box>
      </Toolbar>
    </AppBar>
  );
}
