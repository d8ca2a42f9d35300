import i18next, { type i18n as I18next } from 'i18next';
import { describe, expect, it } from 'vitest';
import { BRANDS } from '@pet/contract';
import { Translator, type TOptions, type TranslationTree } from '@/lib/translator';
import { applyBrandWording, createI18nInstance } from '@/lib/i18n-core';
import { translations } from '@/lib/i18n';

/**
 * The app's translation engine (src/lib/translator.ts) replaced i18next, which only the tests
 * import now: here it is the reference. Both get the same texts and the options the app
 * gave i18next, and must answer the same for every key of both languages.
 */
function reference(language: 'en' | 'de'): I18next {
  const instance = i18next.createInstance();
  void instance.init({
    resources: {},
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'de'],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

function pair(language: 'en' | 'de', texts: Record<'en' | 'de', TranslationTree> = translations) {
  const ours = new Translator(language);
  const theirs = reference(language);
  for (const lng of ['en', 'de'] as const) {
    ours.addResourceBundle(lng, texts[lng]);
    theirs.addResourceBundle(lng, 'translation', texts[lng], true, false);
  }
  return { ours, theirs };
}

function keysOf(tree: TranslationTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([name, value]) => {
    const key = prefix ? `${prefix}.${name}` : name;
    return typeof value === 'string' ? [key] : [key, ...keysOf(value, key)];
  });
}

const allKeys = [...new Set([...keysOf(translations.en), ...keysOf(translations.de)])];
/** Plural families are asked for by their base key. */
const baseKeys = [...new Set(allKeys.map((key) => key.replace(/_(zero|one|other)$/, '')))];
const values = {
  plan: 'Premium',
  date: '01.02.2026',
  name: 'Bello',
  email: 'a@example.com',
  description: 'Impfpass',
  number: 7,
  max: 100,
  nested: { deep: 'x' },
};
const OPTION_SETS: TOptions[] = [
  {},
  values,
  { ...values, count: 0 },
  { ...values, count: 1 },
  { ...values, count: 2 },
  { count: 5 },
  // A count given as text is no plural (as in i18next).
  { count: '3' } as unknown as TOptions,
  { defaultValue: 'fallback {{name}}', name: 'Rex' },
  { defaultValue: '' },
  { lng: 'en', ...values },
  { lng: 'de', count: 1 },
  { name: undefined },
];

describe('translator', () => {
  it.each(['en', 'de'] as const)('answers as i18next for every key and option set (%s)', (language) => {
    const { ours, theirs } = pair(language);
    const differences: string[] = [];
    for (const key of [...baseKeys, ...allKeys, 'Not_A_Key', 'identity.nothing.here']) {
      for (const options of OPTION_SETS) {
        const expected = theirs.t(key, { ...options }) as string;
        const actual = ours.t(key, { ...options });
        if (actual !== expected)
          differences.push(`${key} ${JSON.stringify(options)}: ${actual} != ${expected}`);
        if (ours.exists(key, options) !== theirs.exists(key, { ...options } as never))
          differences.push(`exists ${key}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('interpolates, keeps an absent placeholder, pluralizes and falls back to English', () => {
    const texts = {
      en: {
        greet: 'Hello {{name}}, {{user.first}} {{missing}}',
        item: '{{count}} items',
        item_one: '{{count}} item',
        pet_zero: 'No pets',
        pet_one: 'One pet',
        pet_other: '{{count}} pets',
        onlyEnglish: 'English only',
        group: { inner: 'Inner' },
      },
      de: { greet: 'Hallo {{name}}', item_one: '{{count}} Eintrag', pet_other: '{{count}} Tiere' },
    };
    const { ours, theirs } = pair('de', texts);
    const cases: Array<[string, TOptions]> = [
      ['greet', { name: 'Rex' }],
      ['greet', { name: 'Rex', lng: 'en', user: { first: 'Ann' } }],
      ['greet', { lng: 'en', name: 0, missing: null }],
      ['item', { count: 1 }],
      ['item', { count: 4 }],
      ['pet', { count: 0 }],
      ['pet', { count: 1 }],
      ['pet', { count: 3 }],
      ['pet', { count: 0, lng: 'en' }],
      ['onlyEnglish', {}],
      ['group', {}],
      ['group.inner', {}],
      ['group.none', { defaultValue: 'Default' }],
    ];
    for (const [key, options] of cases)
      expect([key, ours.t(key, { ...options })]).toEqual([key, theirs.t(key, { ...options })]);
    expect(ours.t('item', { count: 4 })).toBe('4 items');
    expect(ours.t('pet', { count: 0 })).toBe('0 Tiere');
    expect(ours.t('pet', { count: 0, lng: 'en' })).toBe('No pets');
    expect(ours.t('onlyEnglish')).toBe('English only');
    expect(ours.t('greet', { name: 'Rex' })).toBe('Hallo Rex');
    expect(ours.t('group.none')).toBe('group.none');
  });

  it("lays every brand's wording over the texts as i18next did, flat and dotted keys alike", () => {
    const wordings = [
      ...Object.values(BRANDS).map((brand) => brand.wording),
      {
        en: { 'identity.signin.title': 'Override', Medical_Empty_Text: 'Nothing', 'new.flat.key': 'Flat' },
        de: { 'brand.only': 'Nur Marke' },
      },
    ];
    for (const wording of wordings) {
      const ours = createI18nInstance('de');
      const theirs = reference('de');
      for (const lng of ['en', 'de'] as const) {
        ours.addResourceBundle(lng, translations[lng]);
        theirs.addResourceBundle(lng, 'translation', translations[lng], true, false);
      }
      applyBrandWording(ours, wording);
      for (const lng of ['en', 'de'] as const) {
        if (Object.keys(wording[lng]).length > 0)
          theirs.addResourceBundle(lng, 'translation', wording[lng], true, true);
      }
      for (const key of [...Object.keys(wording.en), ...Object.keys(wording.de), 'identity.signin.title']) {
        for (const lng of ['en', 'de']) expect(ours.t(key, { lng })).toBe(theirs.t(key, { lng }));
      }
    }
  });

  it('tells listeners about a language change, and hands out one t per language', async () => {
    const ours = createI18nInstance('en');
    ours.addResourceBundle('en', { hi: 'Hi' });
    ours.addResourceBundle('de', { hi: 'Hallo' });
    const seen: string[] = [];
    const stop = ours.onLanguageChanged((language) => seen.push(language));
    const tEnglish = ours.tFor('en');
    expect(ours.tFor('en')).toBe(tEnglish);
    await ours.changeLanguage('de');
    expect(seen).toEqual(['de']);
    expect(document.documentElement.lang).toBe('de');
    expect(ours.resolvedLanguage).toBe('de');
    expect(ours.tFor('de')).not.toBe(tEnglish);
    // Each t translates in the current language, as i18next's did.
    expect(tEnglish('hi')).toBe('Hallo');
    stop();
    await ours.changeLanguage('en');
    expect(seen).toEqual(['de']);
  });

  it('keeps existing texts unless told to overwrite', () => {
    const ours = new Translator('en');
    ours.addResourceBundle('en', { a: 'one', g: { b: 'two' } });
    ours.addResourceBundle('en', { a: 'changed', g: { b: 'changed', c: 'three' } });
    expect([ours.t('a'), ours.t('g.b'), ours.t('g.c')]).toEqual(['one', 'two', 'three']);
    ours.addResourceBundle('en', { a: 'changed' }, true);
    expect(ours.t('a')).toBe('changed');
  });
});
