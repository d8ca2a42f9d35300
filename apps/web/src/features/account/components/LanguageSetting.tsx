import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from '@/lib/i18n-react';
import { UI_LANGUAGES, type UiLanguage } from '@pet/contract';
import { useChooseAccountLanguage } from '@/features/account/use-account-language';

/** Language names are written in their own language so everyone finds theirs. */
const LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', de: 'Deutsch' };

/**
 * The account's language (account-area section 2, Settings). It shows the language the UI is in,
 * which is the stored one (useStoredLanguageApplied in the shell); choosing stores it and switches
 * the UI at once, as the sidebar's Change language does.
 */
export function LanguageSetting() {
  const { t } = useTranslation();
  const { language, pending, choose } = useChooseAccountLanguage();
  const value = pending ?? language;
  return (
    <FormControl component="fieldset" disabled={pending !== undefined}>
      <FormLabel
        component="legend"
        id="language-setting-label"
        sx={{
          fontWeight: 600,
          mb: 0.5,
          color: 'text.primary',
          '&.Mui-focused, &.Mui-disabled': { color: 'text.primary' },
        }}
      >
        {t('account.settings.language')}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby="language-setting-label"
        name="language"
        value={value}
        onChange={(_event, next) => void choose(next as UiLanguage)}
      >
        {UI_LANGUAGES.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio />}
            label={LANGUAGE_NAMES[option]}
            lang={option}
          />
        ))}
      </RadioGroup>
      <FormHelperText sx={{ mx: 0 }}>{t('account.settings.languageHelper')}</FormHelperText>
    </FormControl>
  );
}
