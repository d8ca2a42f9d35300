import {
  UI_LANGUAGE_COOKIE,
  UI_LANGUAGES,
  type BrandConfig,
  type TextPart,
  type UiLanguage,
} from '@pet/contract';
import { Translator, type I18n, type TranslationTree } from './translator';

export type { I18n, TFunction, TranslationTree } from './translator';

/**
 * What every i18n instance needs, without any texts: the app loads its texts lazily (texts.ts),
 * the tests take them all at once (i18n.ts). Nothing here may import a locale file, or the first
 * visit would download every text of both languages.
 */

/** The user's explicit choice (Change language); without it the browser decides. */
export const LANGUAGE_STORAGE_KEY = 'pet.language';

/** The parts of a language's texts (texts.ts): what sign-in needs, then everything else. */
export type { TextPart };

/** Which parts of which language an instance holds already (`de:public`, ...). */
const loadedParts = new WeakMap<I18n, Set<string>>();

export function hasTextPart(instance: I18n, language: UiLanguage, part: TextPart): boolean {
  return loadedParts.get(instance)?.has(`${language}:${part}`) ?? false;
}

/**
 * Adds a part of a language's texts, handing the tree over (the instance keeps it as it is: a
 * fresh one, such as texts.ts parses for each instance). Existing keys win: the brand's wording
 * overrides may have been laid over the texts before a later part arrives.
 */
export function addTextPart(
  instance: I18n,
  language: UiLanguage,
  part: TextPart,
  tree: TranslationTree,
): void {
  instance.addResourceBundle(language, tree, false, true);
  const parts = loadedParts.get(instance) ?? new Set<string>();
  parts.add(`${language}:${part}`);
  loadedParts.set(instance, parts);
}

export { mergeTranslationTrees } from '@/locales/merge';

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
  writeLanguageCookie(language);
}

/**
 * Mirrors a language the user chose (stored before the cookie existed, too) in the cookie the
 * server reads to preload that language's texts with a page (UI_LANGUAGE_COOKIE); nothing when the
 * user never chose one.
 */
export function mirrorStoredLanguage(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): void {
  const stored = readStoredLanguage(storage);
  if (stored) writeLanguageCookie(stored);
}

const ONE_YEAR_S = 365 * 24 * 60 * 60;

function writeLanguageCookie(language: UiLanguage): void {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${UI_LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
}

/** An instance without texts yet; its texts are added with addTextPart. */
export function createI18nInstance(language: UiLanguage): I18n {
  const instance = new Translator(language);
  const syncDocumentLanguage = (lng: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  syncDocumentLanguage(language);
  instance.onLanguageChanged(syncDocumentLanguage);
  return instance;
}

/** The brand's wording overrides win over the bundled texts, per language. */
export function applyBrandWording(instance: I18n, wording: BrandConfig['wording']): void {
  for (const language of UI_LANGUAGES) {
    const overrides = wording[language];
    if (Object.keys(overrides).length > 0) {
      instance.addResourceBundle(language, overrides, true);
    }
  }
}
