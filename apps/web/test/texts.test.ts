import { describe, expect, it } from 'vitest';
import { applyBrandWording, createI18nInstance } from '@/lib/i18n-core';
import { translations } from '@/lib/i18n';
import { hasTexts, loadTexts } from '@/lib/texts';

const en = translations.en as { pets: { species: { Dog: string } }; identity: { or: string } };
const de = translations.de as { nav: { mainNavigation: string }; identity: { or: string } };

describe('lazily loaded texts (first visit to /signin)', () => {
  it('loads only the sign-in texts of one language for the public scope', async () => {
    const i18n = createI18nInstance('de');
    expect(i18n.t('nav.mainNavigation')).toBe('nav.mainNavigation');
    await loadTexts(i18n, 'de', 'public');
    expect(i18n.t('nav.mainNavigation')).toBe(de.nav.mainNavigation);
    expect(i18n.t('identity.or')).toBe(de.identity.or);
    // A feature's texts and the other language are not fetched for sign-in.
    expect(i18n.exists('pets.species.Dog')).toBe(false);
    expect(hasTexts(i18n, 'en', 'public')).toBe(false);
    expect(hasTexts(i18n, 'de', 'all')).toBe(false);
  });

  it('loads the rest of the language for every other screen, and a switch loads the same scope', async () => {
    const i18n = createI18nInstance('en');
    await loadTexts(i18n, 'en', 'all');
    expect(i18n.t('pets.species.Dog')).toBe(en.pets.species.Dog);
    expect(hasTexts(i18n, 'en', 'all')).toBe(true);
    // The widest scope needed so far is what a language switch loads.
    await loadTexts(i18n, 'de');
    expect(hasTexts(i18n, 'de', 'all')).toBe(true);
  });

  it("keeps the brand's wording over texts that arrive later", async () => {
    const i18n = createI18nInstance('en');
    await loadTexts(i18n, 'en', 'public');
    // File_Type_Error_Text is in documents.json, a file of the rest.
    applyBrandWording(i18n, { en: { File_Type_Error_Text: 'Not this file' }, de: {} });
    await loadTexts(i18n, 'en', 'all');
    expect(i18n.t('File_Type_Error_Text')).toBe('Not this file');
    expect(i18n.t('pets.species.Dog')).toBe(en.pets.species.Dog);
    expect(i18n.t('identity.or')).toBe(en.identity.or);
  });
});
