import { useCallback } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import type { UiLanguage } from '@pet/contract';
import { isUiLanguage, rememberLanguage } from './i18n-core';
import { hasTexts, loadTexts } from './texts';

/**
 * The UI language and the switch that remembers the choice (localStorage) and applies it at once.
 * The switch's promise settles once the new language is on screen (its texts loaded first, so no
 * screen shows a key in between); it never rejects: a failed load is logged and the UI stays.
 */
export function useLanguage(): {
  language: UiLanguage;
  setLanguage: (language: UiLanguage) => Promise<void>;
} {
  const { i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const language: UiLanguage = isUiLanguage(current) ? current : 'de';
  const setLanguage = useCallback(
    async (next: UiLanguage) => {
      rememberLanguage(next);
      try {
        if (!hasTexts(i18n, next)) await loadTexts(i18n, next);
        await i18n.changeLanguage(next);
      } catch (error) {
        console.error('The texts of the language could not be loaded', error);
      }
    },
    [i18n],
  );
  return { language, setLanguage };
}
