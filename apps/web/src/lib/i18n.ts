import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { UI_LANGUAGES, type BrandConfig, type UiLanguage } from '@pet/contract';

type TranslationTree = { [key: string]: string | TranslationTree };

/** The user's explicit choice (Change language); without it the browser decides. */
export const LANGUAGE_STORAGE_KEY = 'pet.language';

/**
 * Every text, per language: locales/<lang>/translation.json (shell, errors, validation) plus one
 * file per feature (locales/<lang>/<feature>.json), merged into one resource. A key defined in two
 * files is a mistake: merging throws, so the i18n test catches it.
 */
const localeFiles = import.meta.glob<TranslationTree>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function mergeTranslationTrees(trees: ReadonlyArray<[string, TranslationTree]>): TranslationTree {
  const merged: TranslationTree = {};
  const place = (target: TranslationTree, source: TranslationTree, path: string, file: string) => {
    for (const [name, value] of Object.entries(source)) {
      const key = path ? `${path}.${name}` : name;
      const existing = target[name];
      if (typeof value === 'string') {
        if (existing !== undefined)
          throw new Error(`Translation key ${key} is defined twice (again in ${file})`);
        target[name] = value;
      } else {
        if (typeof existing === 'string')
          throw new Error(`Translation key ${key} is defined twice (again in ${file})`);
        const branch = existing ?? {};
        target[name] = branch;
        place(branch, value, key, file);
      }
    }
  };
  for (const [file, tree] of trees) place(merged, tree, '', file);
  return merged;
}

function localeOf(language: UiLanguage): TranslationTree {
  const files = Object.entries(localeFiles)
    .filter(([file]) => file.split('/').at(-2) === language)
    .sort(([a], [b]) => a.localeCompare(b));
  return mergeTranslationTrees(files);
}

export const translations: Record<UiLanguage, TranslationTree> = { en: localeOf('en'), de: localeOf('de') };
const { en, de } = translations;

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(storage: Pick<Storage, 'getItem'> | undefined): UiLanguage | null {
  try {
    const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isUiLanguage(stored) ? stored : null;
  } catch {
    // Storage can throw (privacy mode, blocked cookies): fall back to the browser's language.
    return null;
  }
}

/**
 * Account-area "App start": German unless the browser asks for English. The first of the
 * browser's preferred languages that we offer decides; nothing we offer means German.
 */
export function languageFromBrowser(preferred: readonly string[]): UiLanguage {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'en') return 'en';
    if (base === 'de') return 'de';
  }
  return 'de';
}

export function detectInitialLanguage(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
  preferred: readonly string[] = typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language],
): UiLanguage {
  return readStoredLanguage(storage) ?? languageFromBrowser(preferred);
}

export function rememberLanguage(language: UiLanguage): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered across visits, but the switch itself still works.
  }
}

/** A fresh, fully initialised instance (resources are bundled, so init is synchronous). */
export function createI18n(language: UiLanguage = detectInitialLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en }, de: { translation: de } },
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...UI_LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  const syncDocumentLanguage = (lng: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  syncDocumentLanguage(language);
  instance.on('languageChanged', syncDocumentLanguage);
  return instance;
}

/** The brand's wording overrides win over the bundled texts, per language. */
export function applyBrandWording(instance: I18n, wording: BrandConfig['wording']): void {
  for (const language of UI_LANGUAGES) {
    const overrides = wording[language];
    if (Object.keys(overrides).length > 0) {
      instance.addResourceBundle(language, 'translation', overrides, true, true);
    }
  }
}
