import {
  Fragment,
  cloneElement,
  createContext,
  useCallback,
  useContext,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { I18n, TFunction, TOptions } from './translator';

/**
 * The React side of the translation engine (translator.ts), with react-i18next's names for what
 * the app uses: the provider, `useTranslation()` (`t` and the instance; a component re-renders
 * when the language changes, and gets a new `t` then) and `<Trans>` for a text with links.
 */
const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an I18nProvider above it');
  const subscribe = useCallback((listener: () => void) => i18n.onLanguageChanged(listener), [i18n]);
  const language = useSyncExternalStore(subscribe, () => i18n.language);
  return { t: i18n.tFor(language), i18n };
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\s*\/>/g;

/**
 * A translated text with named tags (`<terms>terms and conditions</terms>`): each tag becomes
 * its component with the tag's text as children; a tag without a component stays text.
 */
export function Trans({
  i18nKey,
  components = {},
  values,
}: {
  i18nKey: string;
  components?: Record<string, ReactElement>;
  values?: TOptions;
}) {
  const { t } = useTranslation();
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const name = match[1] ?? match[3]!;
    const component = components[name];
    if (match.index > last) parts.push(text.slice(last, match.index));
    if (component) parts.push(cloneElement(component, { key: parts.length }, match[2]));
    else parts.push(match[0]);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
