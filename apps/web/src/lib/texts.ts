import type { I18n } from '@/lib/translator';
import { TEXT_PARTS_OF_SCOPE, type TextScope, type UiLanguage } from '@pet/contract';
import { PUBLIC_TEXT_FILES } from '@/locales/parts';
import {
  addTextPart,
  hasTextPart,
  mergeTranslationTrees,
  type TextPart,
  type TranslationTree,
} from './i18n-core';

/**
 * The app's texts, fetched when needed instead of bundled: a first visit to /signin downloads the
 * sign-in texts of one language (the public part, src/locales/parts.ts), not every feature's
 * texts of both languages. The build puts each language's part in one chunk (vite.config.ts). Every other screen first loads
 * the rest of its language (`all`); a language switch loads the new language's parts first.
 */
const localeFiles = import.meta.glob<TranslationTree>('../locales/*/*.json', { import: 'default' });

export type { TextScope };

/** The widest scope the app has needed so far: a language switch loads that much of the new one. */
let neededScope: TextScope = 'public';
/** The files of each language part, fetched once per page load (never changed). */
const trees = new Map<string, Promise<Array<[string, TranslationTree]>>>();

async function loadPart(language: UiLanguage, part: TextPart): Promise<Array<[string, TranslationTree]>> {
  const files = Object.entries(localeFiles)
    .filter(([file]) => {
      const [lang, name] = file.split('/').slice(-2);
      return lang === language && PUBLIC_TEXT_FILES.has(name!.replace(/\.json$/, '')) === (part === 'public');
    })
    // A plain comparison: the first localeCompare sets up the collator (tens of ms on a phone).
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Promise.all(files.map(async ([file, load]) => [file, await load()] as [string, TranslationTree]));
}

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
        const key = `${language}:${part}`;
        let tree = trees.get(key);
        if (!tree) {
          tree = loadPart(language, part);
          // A failed chunk (offline) may be tried again by the next navigation.
          tree.catch(() => trees.delete(key));
          trees.set(key, tree);
        }
        const files = await tree;
        // Merged anew for the instance, which keeps the tree it is handed.
        if (!hasTextPart(i18n, language, part))
          addTextPart(i18n, language, part, mergeTranslationTrees(files));
      }),
  );
}
