import type { I18n } from '@/lib/translator';
import { TEXT_PARTS_OF_SCOPE, type TextPart, type TextScope, type UiLanguage } from '@pet/contract';
import { addTextPart, hasTextPart, type TranslationTree } from './i18n-core';

/**
 * The app's texts, fetched when needed instead of bundled: a first visit to /signin downloads the
 * sign-in texts of one language (the public part, src/locales/parts.ts), not every feature's
 * texts of both languages. Every other screen first loads the rest of its language (`all`); a
 * language switch loads the new language's parts first. Each part is one module, merged by the
 * build (build/text-parts.ts) and written as JSON text, and one chunk (vite.config.ts).
 */
const TEXT_PARTS: Record<`${UiLanguage}:${TextPart}`, () => Promise<{ default: string }>> = {
  'de:public': () => import('virtual:text-part/de/public'),
  'de:rest': () => import('virtual:text-part/de/rest'),
  'en:public': () => import('virtual:text-part/en/public'),
  'en:rest': () => import('virtual:text-part/en/rest'),
};

export type { TextScope };

/** The widest scope the app has needed so far: a language switch loads that much of the new one. */
let neededScope: TextScope = 'public';
/** Each language part's JSON text, fetched once per page load (never changed). */
const texts = new Map<string, Promise<string>>();

/** Has the instance the texts of this scope in this language (nothing to wait for)? */
export function hasTexts(i18n: I18n, language: UiLanguage, scope: TextScope = neededScope): boolean {
  return TEXT_PARTS_OF_SCOPE[scope].every((part) => hasTextPart(i18n, language, part));
}

/** Loads (once) the texts of the scope in the language into the instance. */
export async function loadTexts(
  i18n: I18n,
  language: UiLanguage,
  scope: TextScope = neededScope,
): Promise<void> {
  if (scope === 'all') neededScope = 'all';
  await Promise.all(
    TEXT_PARTS_OF_SCOPE[scope]
      .filter((part) => !hasTextPart(i18n, language, part))
      .map(async (part) => {
        const key = `${language}:${part}` as const;
        let text = texts.get(key);
        if (!text) {
          text = TEXT_PARTS[key]().then((module) => module.default);
          // A failed chunk (offline) may be tried again by the next navigation.
          text.catch(() => texts.delete(key));
          texts.set(key, text);
        }
        const json = await text;
        // Parsed anew for the instance, which keeps the tree it is handed (and lays the brand's
        // wording over it).
        if (!hasTextPart(i18n, language, part))
          addTextPart(i18n, language, part, JSON.parse(json) as TranslationTree);
      }),
  );
}
