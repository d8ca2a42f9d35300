import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';
import {
  UI_LANGUAGES,
  uiLanguageToUserLanguage,
  userLanguageToUi,
  type UiLanguage,
  type UserLanguage,
} from '@pet/contract';
import { useNotify } from '@/lib/notifications';
import { useLanguage } from '@/lib/use-language';
import { useModifyUser } from '@/features/account/api/modify-user';

/** Language names are written in their own language so everyone finds theirs. */
const LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', de: 'Deutsch' };

/**
 * The account's language (account-area section 2, Settings): saved with POST /v1/auth/modify (our
 * e-mails use it) and applied to the UI at once. A failed save puts the UI language back.
 */
export function LanguageSetting({ stored }: { stored: UserLanguage }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const { language: uiLanguage, setLanguage } = useLanguage();
  const modify = useModifyUser();
  const pendingLanguage = modify.isPending ? modify.variables.language : undefined;
  const value = pendingLanguage ? userLanguageToUi(pendingLanguage) : userLanguageToUi(stored);

  const choose = async (next: UiLanguage) => {
    if (next === value) return;
    const before = uiLanguage;
    setLanguage(next);
    try {
      await modify.mutateAsync({ language: uiLanguageToUserLanguage(next) });
      // In the chosen language (the notifier may still hold the previous one for this render).
      notify.show(i18n.t('account.settings.languageSaved', { lng: next }), 'success');
    } catch (error) {
      setLanguage(before);
      notify.error(error);
    }
  };

  return (
    <FormControl component="fieldset" disabled={modify.isPending}>
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
