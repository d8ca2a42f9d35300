/**
 * The app's translation engine: the part of i18next that the app uses, about 1 KiB instead of
 * 15 KiB (brotli) on every first visit. It resolves keys the way i18next does with the app's
 * former options (one namespace, `.` as key separator, fallback language English, no escaping,
 * empty texts count as found), and test/translator.test.ts checks every text of both languages
 * against i18next itself. What it offers:
 * - `t(key, options)`: nested keys (`a.b.c`, also flat keys such as a brand's override `"a.b"`),
 *   the language and then English, `{{name}}` and `{{a.b}}` from the options (a missing value
 *   keeps its placeholder), plurals by `count` (`key_zero` for 0, `key_one`/`key_other` by the
 *   language's rules, then `key`), `defaultValue` when no language has the key, else the key;
 *   `lng` translates in another language.
 * - `exists`, `language`/`resolvedLanguage`, `changeLanguage` (with its listeners) and
 *   `addResourceBundle` (a deep merge; `overwrite` decides whether existing texts win).
 * Not offered, because no text or call uses them: namespaces, `$t()` nesting, `{{value, format}}`,
 * context suffixes, ordinal plurals, `returnObjects`.
 */
import type { TranslationTree } from '@/locales/merge';

export type { TranslationTree };

export interface TOptions {
  count?: number;
  defaultValue?: string;
  /** Translate in this language instead of the current one. */
  lng?: string;
  /** Any other option is a value for a `{{placeholder}}`. */
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

type Value = string | TranslationTree | undefined;

const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** The value at `a.b.c` by walking the tree (i18next's getPath). */
function pathValue(tree: TranslationTree | undefined, key: string): Value {
  let current: Value = tree;
  for (const part of key.split('.')) {
    if (!current || typeof current !== 'object' || !own(current, part)) return undefined;
    current = current[part];
  }
  return current;
}

/**
 * i18next's deepFind: keys that contain the separator themselves (`{"a.b": "x"}`, as a brand's
 * flat override is stored), matched by the longest run of parts at each level.
 */
function deepFind(tree: TranslationTree | undefined, key: string): Value {
  if (!tree) return undefined;
  if (tree[key]) return own(tree, key) ? tree[key] : undefined;
  const parts = key.split('.');
  let current: Value = tree;
  for (let i = 0; i < parts.length;) {
    if (!current || typeof current !== 'object') return undefined;
    let next: Value;
    let joined = '';
    for (let j = i; j < parts.length; j += 1) {
      joined += (j === i ? '' : '.') + parts[j];
      next = (current as TranslationTree)[joined];
      if (next !== undefined) {
        if (typeof next === 'string' && j < parts.length - 1) continue;
        i = j + 1;
        break;
      }
    }
    current = next;
  }
  return current;
}

function lookup(tree: TranslationTree | undefined, key: string): Value {
  return pathValue(tree, key) || deepFind(tree, key);
}

/** `{{name}}` and `{{a.b}}` from the values; an absent value keeps its placeholder. */
function interpolate(text: string, values: TOptions): string {
  return text.replace(/\{\{(.+?)\}\}/g, (placeholder, raw: string) => {
    const name = raw.trim();
    let value: unknown = values;
    for (const part of name.split('.')) {
      value =
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    }
    if (value === undefined) return own(values, name) ? '' : placeholder;
    return value === null ? '' : String(value);
  });
}

/** i18next's deepExtend: groups are merged; of two texts the existing one stays unless `overwrite`. */
function merge(target: TranslationTree, source: TranslationTree, overwrite: boolean): void {
  for (const [name, value] of Object.entries(source)) {
    if (name === '__proto__' || name === 'constructor') continue;
    const existing = target[name];
    if (!own(target, name)) target[name] = value;
    else if (typeof existing === 'string' || typeof value === 'string') {
      if (overwrite) target[name] = value;
    } else merge(existing!, value, overwrite);
  }
}

export const FALLBACK_LANGUAGE = 'en';

export class Translator {
  language: string;
  private readonly texts: Record<string, TranslationTree> = {};
  private readonly listeners = new Set<(language: string) => void>();
  private readonly perLanguage = new Map<string, TFunction>();
  private readonly plurals = new Map<string, Intl.PluralRules>();

  constructor(language: string) {
    this.language = language;
  }

  /** The language whose texts are shown (always one the app offers, so the language itself). */
  get resolvedLanguage(): string {
    return this.language;
  }

  /**
   * Lays a tree of texts into a language: a deep merge; `overwrite` lets the tree's texts win.
   * The tree is copied first unless the caller hands it over (`handedOver`: a fresh tree nobody
   * else holds or changes; the copy of all of a language's texts showed in a phone's start-up).
   */
  addResourceBundle(language: string, tree: TranslationTree, overwrite = false, handedOver = false): void {
    merge((this.texts[language] ??= {}), handedOver ? tree : structuredClone(tree), overwrite);
  }

  async changeLanguage(language: string): Promise<TFunction> {
    if (language !== this.language) {
      this.language = language;
      for (const listener of [...this.listeners]) listener(language);
    }
    return this.t;
  }

  /** Called with the new language after every change. */
  onLanguageChanged(listener: (language: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A `t` of its own per language (it translates in the current one, as `t` does): components
   * get a new function after a switch, so their effects and memos that use it run again.
   */
  tFor(language: string): TFunction {
    let t = this.perLanguage.get(language);
    if (!t) {
      t = (key, options) => this.t(key, options);
      this.perLanguage.set(language, t);
    }
    return t;
  }

  exists = (key: string, options: TOptions = {}): boolean => this.resolve(key, options) !== undefined;

  t: TFunction = (key, options = {}) => {
    const found = this.resolve(key, options);
    let text: string;
    if (typeof found === 'object') {
      // As i18next (without returnObjects) says when a key names a group of texts.
      return `key '${key} (${this.language})' returned an object instead of string.`;
    } else if (found !== undefined) text = found;
    else if (options.defaultValue !== undefined && own(options, 'defaultValue')) text = options.defaultValue;
    else text = key;
    return interpolate(text, options);
  };

  private suffix(language: string, count: number): string {
    let rules = this.plurals.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.plurals.set(language, rules);
    }
    return `_${rules.select(count)}`;
  }

  /** The text of the key: the language, then English; per language `_zero`, the plural, the key. */
  private resolve(key: string, options: TOptions): Value {
    const language = options.lng || this.language;
    const languages = language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
    const count = options.count;
    const plural = count !== undefined && typeof count !== 'string';
    for (const code of languages) {
      const candidates = [key];
      if (plural) {
        candidates.push(key + this.suffix(code, count as number));
        if (count === 0) candidates.push(`${key}_zero`);
      }
      for (const candidate of candidates.reverse()) {
        const found = lookup(this.texts[code], candidate);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }
}

export type I18n = Translator;
