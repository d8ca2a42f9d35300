import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from '@/lib/i18n-react';
import type { ThemeMode } from '@/lib/theme';
import { THEME_MODE_OPTIONS } from './theme-mode-options';

/** The light / dark / system menu of ThemeModeButton (its own chunk, fetched on first open). */
export function ThemeModeMenu({
  anchor,
  current,
  onChoose,
  onClose,
}: {
  anchor: HTMLElement | null;
  current: ThemeMode;
  onChoose: (mode: ThemeMode) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu
      id="theme-mode-menu"
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {THEME_MODE_OPTIONS.map(({ mode: option, labelKey, Icon }) => (
        <MenuItem key={option} selected={option === current} onClick={() => onChoose(option)}>
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t(labelKey)} />
          {option === current ? <CheckIcon fontSize="small" sx={{ ml: 2 }} /> : null}
        </MenuItem>
      ))}
    </Menu>
  );
}
