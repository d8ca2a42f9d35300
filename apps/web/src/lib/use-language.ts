import { useCallback } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import type { UiLanguage } from '@pet/contract';
import { isUiLanguage, rememberLanguage } from './i18n-core';
import { hasTexts, loadTexts } from './texts';

/** The UI language and the switch that remembers the choice (localStorage) and applies it at once. */
export function useLanguage(): { language: UiLanguage; setLanguage: (language: UiLanguage) => void } {
  const { i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const language: UiLanguage = isUiLanguage(current) ? current : 'de';
  const setLanguage = useCallback(
    (next: UiLanguage) => {
      rememberLanguage(next);
      // The new language's texts are fetched first, so no screen shows a key in between.
      if (hasTexts(i18n, next)) void i18n.changeLanguage(next);
      else
        void loadTexts(i18n, next)
          .then(() => i18n.changeLanguage(next))
          .catch((error: unknown) => console.error('The texts of the language could not be loaded', error));
    },
    [i18n],
  );
  return { language, setLanguage };
}
