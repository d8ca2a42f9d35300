import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { deDE, enUS } from '@mui/x-date-pickers/locales';
import { useTranslation } from '@/lib/i18n-react';
import { dateFnsLocale } from '@/lib/dates';

/** Date pickers in the UI language (calendar, placeholders TT.MM.JJJJ / DD.MM.YYYY, buttons). */
export function PetsLocalizationProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const localeText = (language === 'en' ? enUS : deDE).components.MuiLocalizationProvider.defaultProps
    .localeText;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={dateFnsLocale(language)}
      localeText={localeText}
    >
      {children}
    </LocalizationProvider>
  );
}
