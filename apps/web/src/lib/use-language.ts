import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '@pet/contract';
import { isUiLanguage, rememberLanguage } from './i18n';

/** The UI language and the switch that remembers the choice (localStorage) and applies it at once. */
export function useLanguage(): { language: UiLanguage; setLanguage: (language: UiLanguage) => void } {
  const { i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const language: UiLanguage = isUiLanguage(current) ? current : 'de';
  const setLanguage = useCallback(
    (next: UiLanguage) => {
      rememberLanguage(next);
      void i18n.changeLanguage(next);
    },
    [i18n],
  );
  return { language, setLanguage };
}
