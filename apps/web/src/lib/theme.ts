import { createTheme, type Theme } from '@mui/material/styles';
import { SIDEBAR_WIDTH_PX, TOOLBAR_HEIGHT_PX } from '@pet/contract';

/** The user's theme choice (light, dark or system) is remembered under this key by MUI. */
export const THEME_MODE_STORAGE_KEY = 'pet.themeMode';
export const THEME_MODES = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

/**
 * Dark-orange accent. #D35400 itself reaches only 4.2:1 against white, so the light scheme uses a
 * slightly deeper shade (4.9:1 with white text, AA) and the dark scheme a lighter one with dark
 * text (8:1). Both keep the brand's orange character.
 */
const ACCENT = {
  light: { main: '#C04D00', light: '#E67E22', dark: '#963B00', contrastText: '#FFFFFF' },
  dark: { main: '#F0883E', light: '#F5A96B', dark: '#D35400', contrastText: '#1A1208' },
} as const;

const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

export function createAppTheme(): Theme {
  return createTheme({
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: {
      light: {
        palette: {
          primary: ACCENT.light,
          secondary: { main: '#3D5A6C', contrastText: '#FFFFFF' },
          background: { default: '#FAF7F5', paper: '#FFFFFF' },
          text: { primary: '#1F1A17', secondary: '#5C534D' },
          divider: 'rgba(31, 26, 23, 0.12)',
        },
      },
      dark: {
        palette: {
          primary: ACCENT.dark,
          // MUI's dark defaults miss AA: white on #F44336 (a contained Delete button) is 3.68:1
          // and a filled success alert (#388E3C under near-black text) 4.11:1. Dark text on a
          // lighter red (5.3:1), and a lighter filled-alert green (.dark) for the same dark text.
          error: { main: '#EF5350', light: '#E57373', dark: '#C62828', contrastText: '#1A1208' },
          success: { main: '#66BB6A', light: '#81C784', dark: '#4CAF50', contrastText: '#1A1208' },
          secondary: { main: '#9CC3D5', contrastText: '#0E1A20' },
          background: { default: '#121110', paper: '#1C1A18' },
          text: { primary: '#F3EEEA', secondary: '#BDB3AB' },
          divider: 'rgba(243, 238, 234, 0.12)',
        },
      },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_STACK,
      h1: { fontSize: '2rem', fontWeight: 700, letterSpacing: '-0.01em' },
      h2: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.01em' },
      h3: { fontSize: '1.5rem', fontWeight: 650 },
      h4: { fontSize: '1.375rem', fontWeight: 650 },
      h5: { fontSize: '1.2rem', fontWeight: 600 },
      h6: { fontSize: '1.05rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
    },
    mixins: {
      toolbar: { minHeight: TOOLBAR_HEIGHT_PX },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        // A pill whose label breaks over two lines looks broken (Settings at 390 px): labels stay
        // on one line; where room is short the layout stacks the buttons instead.
        styleOverrides: { root: { borderRadius: 999, paddingInline: 20, whiteSpace: 'nowrap' } },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderRadius: 16 } },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: ({ theme }) => ({
            backgroundColor: theme.vars.palette.background.paper,
            borderBottom: `1px solid ${theme.vars.palette.divider}`,
          }),
        },
      },
      MuiDrawer: {
        styleOverrides: {
          paper: ({ theme }) => ({
            width: SIDEBAR_WIDTH_PX,
            backgroundColor: theme.vars.palette.background.paper,
          }),
        },
      },
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            borderRadius: 8,
            marginInline: theme.spacing(1),
            '&.Mui-selected': {
              // The accent on its own 10 % tint is 4.24:1 in the light scheme: the deeper shade
              // there (6.3:1); the dark scheme's accent is 5.9:1 on its tint.
              color: theme.vars.palette.primary.dark,
              backgroundColor: `rgba(${theme.vars.palette.primary.mainChannel} / 0.1)`,
              '& .MuiListItemIcon-root': { color: theme.vars.palette.primary.dark },
              ...theme.applyStyles('dark', {
                color: theme.vars.palette.primary.main,
                '& .MuiListItemIcon-root': { color: theme.vars.palette.primary.main },
              }),
            },
            '&.Mui-selected:hover': {
              backgroundColor: `rgba(${theme.vars.palette.primary.mainChannel} / 0.16)`,
            },
          }),
        },
      },
      MuiLink: {
        defaultProps: { underline: 'hover' },
        styleOverrides: {
          // Links sit on tinted panels too (the register page's products box: 4.44:1 with the
          // accent); the deeper shade keeps them over 4.5:1 on any light surface.
          root: ({ theme, ownerState }) =>
            ownerState.color === undefined || ownerState.color === 'primary'
              ? {
                  color: theme.vars.palette.primary.dark,
                  ...theme.applyStyles('dark', { color: theme.vars.palette.primary.main }),
                }
              : {},
        },
      },
      MuiToggleButton: {
        styleOverrides: {
          // MUI's grey (action.active) and the accent on the selected tint fall just under
          // 4.5:1 on tinted cards (the plan cards' billing interval): the text colours instead.
          root: ({ theme }) => ({
            color: theme.vars.palette.text.secondary,
            '&.Mui-selected': { color: theme.vars.palette.primary.dark },
            ...theme.applyStyles('dark', { '&.Mui-selected': { color: theme.vars.palette.primary.main } }),
          }),
        },
      },
      MuiTooltip: {
        defaultProps: { arrow: true },
      },
    },
  });
}
