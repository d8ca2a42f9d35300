import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import SettingsBrightnessOutlinedIcon from '@mui/icons-material/SettingsBrightnessOutlined';
import type { ThemeMode } from '@/lib/theme';

/** The theme choices with their labels and icons (the button shows the current one's icon). */
export const THEME_MODE_OPTIONS: ReadonlyArray<{
  mode: ThemeMode;
  labelKey: string;
  Icon: typeof LightModeOutlinedIcon;
}> = [
  { mode: 'light', labelKey: 'theme.light', Icon: LightModeOutlinedIcon },
  { mode: 'dark', labelKey: 'theme.dark', Icon: DarkModeOutlinedIcon },
  { mode: 'system', labelKey: 'theme.system', Icon: SettingsBrightnessOutlinedIcon },
];
