import { useState, type MouseEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useColorScheme } from '@mui/material/styles';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import SettingsBrightnessOutlinedIcon from '@mui/icons-material/SettingsBrightnessOutlined';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import type { ThemeMode } from '@/lib/theme';

const MODES: ReadonlyArray<{ mode: ThemeMode; labelKey: string; Icon: typeof LightModeOutlinedIcon }> = [
  { mode: 'light', labelKey: 'theme.light', Icon: LightModeOutlinedIcon },
  { mode: 'dark', labelKey: 'theme.dark', Icon: DarkModeOutlinedIcon },
  { mode: 'system', labelKey: 'theme.system', Icon: SettingsBrightnessOutlinedIcon },
];

/** Light, dark or follow the system; MUI remembers the choice in localStorage. */
export function ThemeModeButton() {
  const { t } = useTranslation();
  const { mode, setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = MODES.find((entry) => entry.mode === (mode ?? 'system')) ?? MODES[2]!;
  const label = t('theme.button', { mode: t(current.labelKey) });

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? 'theme-mode-menu' : undefined}
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        >
          <current.Icon />
        </IconButton>
      </Tooltip>
      <Menu
        id="theme-mode-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {MODES.map(({ mode: option, labelKey, Icon }) => (
          <MenuItem
            key={option}
            selected={option === current.mode}
            onClick={() => {
              setMode(option);
              setAnchor(null);
            }}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t(labelKey)} />
            {option === current.mode ? <CheckIcon fontSize="small" sx={{ ml: 2 }} /> : null}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
