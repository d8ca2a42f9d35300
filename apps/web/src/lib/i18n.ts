import type { I18n } from '@/lib/translator';
import type { UiLanguage } from '@pet/contract';
import {
  addTextPart,
  createI18nInstance,
  detectInitialLanguage,
  mergeTranslationTrees,
  type TranslationTree,
} from './i18n-core';

export * from './i18n-core';

/**
 * Every text of both languages at once, for the tests and tools: locales/<lang>/translation.json
 * (shell, errors, validation) plus one file per feature (locales/<lang>/<feature>.json), merged
 * into one resource. A key defined in two files is a mistake: merging throws, so the i18n test
 * catches it. The app itself loads its texts lazily (texts.ts) and must not import this module.
 */
const localeFiles = import.meta.glob<TranslationTree>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function localeOf(language: UiLanguage): TranslationTree {
  const files = Object.entries(localeFiles)
    .filter(([file]) => file.split('/').at(-2) === language)
    .sort(([a], [b]) => a.localeCompare(b));
  return mergeTranslationTrees(files);
}

export const translations: Record<UiLanguage, TranslationTree> = { en: localeOf('en'), de: localeOf('de') };

/** A fresh instance holding every text of both languages (synchronous: nothing is fetched). */
export function createI18n(language: UiLanguage = detectInitialLanguage()): I18n {
  const instance = createI18nInstance(language);
  for (const lng of ['en', 'de'] as const) {
    // A copy: the instance keeps the tree it is handed, and brand overrides change it.
    addTextPart(instance, lng, 'public', structuredClone(translations[lng]));
    addTextPart(instance, lng, 'rest', {});
  }
  return instance;
}
