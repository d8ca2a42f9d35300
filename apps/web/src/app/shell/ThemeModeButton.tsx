import { lazy, Suspense, useState, type MouseEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import { useTranslation } from '@/lib/i18n-react';
import { THEME_MODE_OPTIONS } from './theme-mode-options';

/** Fetched on first open: the menu (MUI Menu, Popover) is not part of a first visit. */
const ThemeModeMenu = lazy(async () => ({ default: (await import('./ThemeModeMenu')).ThemeModeMenu }));

/** Light, dark or follow the system; MUI remembers the choice in localStorage. */
export function ThemeModeButton() {
  const { t } = useTranslation();
  const { mode, setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const current =
    THEME_MODE_OPTIONS.find((entry) => entry.mode === (mode ?? 'system')) ?? THEME_MODE_OPTIONS[2]!;
  const label = t('theme.button', { mode: t(current.labelKey) });

  return (
    <>
      {/* The native title, not MUI's Tooltip: Popper would be on every first visit. */}
      <IconButton
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'theme-mode-menu' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
      >
        <current.Icon />
      </IconButton>
      {used ? (
        <Suspense fallback={null}>
          <ThemeModeMenu
            anchor={anchor}
            current={current.mode}
            onChoose={(option) => {
              setMode(option);
              setAnchor(null);
            }}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
