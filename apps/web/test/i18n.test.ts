import { describe, expect, it } from 'vitest';
import * as contract from '@pet/contract';
import {
  BRANDS,
  CARD_ERROR_KEYS,
  CODE_CHECK_MESSAGES,
  COUPON_MESSAGES,
  EMERGENCY_PUBLIC_KEYS,
  LIMIT_KEYS,
  TEXT_LENGTH_KEYS,
  SIGN_IN_ERROR_KEYS,
  codeCheckMessageKey,
  couponMessageKey,
  signInErrorKey,
  translationKeyFor,
  type CallContext,
} from '@pet/contract';
import { ROUTES } from '@/app/route-table';
import { breadcrumbLabelKey } from '@/app/shell/breadcrumbs';
import {
  ACCOUNT_GROUP,
  ACCOUNT_MENU,
  EMERGENCY_LINK,
  EVENTS_LINK,
  HOME_LINK,
  PET_MENU_ITEMS,
} from '@/app/shell/sidebar-menu';
import {
  createI18n,
  detectInitialLanguage,
  languageFromBrowser,
  mergeTranslationTrees,
  mirrorStoredLanguage,
  rememberLanguage,
  translations,
} from '@/lib/i18n';

const { en, de } = translations;

type Tree = { [key: string]: string | Tree };

/** "a.b.c" -> text for every leaf of a translation file. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') keys.set(key, value);
    else for (const [child, text] of flatten(value, key)) keys.set(child, text);
  }
  return keys;
}

const english = flatten(en);
const german = flatten(de);

function missingIn(keys: Iterable<string>): { en: string[]; de: string[] } {
  const unique = [...new Set(keys)].sort();
  return { en: unique.filter((key) => !english.has(key)), de: unique.filter((key) => !german.has(key)) };
}

function expectAllPresent(keys: Iterable<string>) {
  expect(missingIn(keys)).toEqual({ en: [], de: [] });
}

// ---------------------------------------------------------------------------------------------
// Keys named in the source: t('...'), t("..."), i18nKey="...", and xxxKey: '...' in config tables.

const sources = import.meta.glob<string>(['../src/**/*.ts', '../src/**/*.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const KEY_PATTERNS = [
  /\bt\(\s*'([^'$`]+)'/g,
  /\bt\(\s*"([^"$`]+)"/g,
  /i18nKey=\{?\s*["']([^"']+)["']/g,
  /\b(?:titleKey|labelKey|descriptionKey|messageKey|textKey)\s*:\s*'([^'$`]+)'/g,
];

function keysInSource(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [file, text] of Object.entries(sources)) {
    for (const pattern of KEY_PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const key = match[1]!;
        found.set(key, [...(found.get(key) ?? []), file]);
      }
    }
  }
  return found;
}

/** Every CallContext, checked for completeness by the compiler. */
const CALL_CONTEXTS = {
  default: true,
  get: true,
  orderList: true,
  signup: true,
  activation: true,
  activationPage: true,
  activateSubscription: true,
  codePost: true,
  changePassword: true,
  emergencyPublic: true,
} satisfies Record<CallContext, true>;

/** The validation keys named in section 5 of both spec files and the texts around them. */
const SPEC_KEYS = [
  'Email_Format_Error',
  'Email_Error',
  'Password_Error',
  'Password_Length_Error',
  'Max_Length_Error',
  'Match_Password_Text',
  'Name_Error',
  'No_Code',
  'Activation_Code_Text_Required',
  'GPS_Tracker_Id',
  'GPS_Tracker_ID_Required',
  'Pet_Name_Error',
  'Select_Pet_Text',
  'My_Animal_Date_Error_Text',
  'My_Animal_Weight_Error_Text',
  'My_Animal_Negative_Number_Error_Text',
  'Weight_Response_Ignored_Text',
  'Phone_Error',
  'Contact_type_Error',
  'Description_Text_Error',
  'Document_Error',
  'To_Many_Files_Error_Text',
  'File_Too_Large_Error_Text',
  'Comments_Length_Error',
  'Petname_is_Required',
  'Appointment_Type_Error',
  'Reason_is_Required',
  'Date_is_Required',
  'Date_In_Past_Error',
  'Time_is_Required',
  'Free_Pet_Limit_Reached_Message',
  'Basic_Pet_Limit_Reached_Message',
  'Premium_Pet_Limit_Reached_Message',
  'Basic_Document_Limit_Reached_Message',
  'Premium_Document_Limit_Reached_Message',
  'Appointment_Limit_Reached_Message',
  'No_Pet_Text',
  'Download_Not_Allowed_Text',
  'Email_Verify_Failed',
  'Invalid_Credentials',
  'No_User_Found',
  'Account_Disabled',
  'Sign_In_Failed',
  'Success_Message_Text',
  'Success_Message_Product_Activation',
  'Success_Message_Revoke_Termination',
  'No_Content_Text',
  'No_Content_Tex',
  'No_Orders_Text',
  'Invalid_Code',
  'Invalid_GPS_id',
  'Code_Expired_Text',
  'Customer_Service_Text',
  'PrimePet_Merging_Services',
  'Medical_Empty_Text',
];

describe('translations', () => {
  it('refuse a key defined in two locale files', () => {
    expect(() =>
      mergeTranslationTrees([
        ['a.json', { X: 'a' }],
        ['b.json', { X: 'b' }],
      ]),
    ).toThrow(/X is defined twice/);
    expect(() =>
      mergeTranslationTrees([
        ['a.json', { g: { y: 'a' } }],
        ['b.json', { g: { y: 'b' } }],
      ]),
    ).toThrow(/g.y/);
    expect(
      mergeTranslationTrees([
        ['a.json', { g: { y: 'a' } }],
        ['b.json', { g: { z: 'b' } }],
      ]),
    ).toEqual({ g: { y: 'a', z: 'b' } });
  });

  it('have the same keys in English and German', () => {
    const onlyEnglish = [...english.keys()].filter((key) => !german.has(key));
    const onlyGerman = [...german.keys()].filter((key) => !english.has(key));
    expect({ onlyEnglish, onlyGerman }).toEqual({ onlyEnglish: [], onlyGerman: [] });
  });

  it('have no empty texts and the same {{placeholders}} in both languages', () => {
    const placeholders = (text: string) =>
      [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
    const problems: string[] = [];
    for (const [key, text] of english) {
      const other = german.get(key) ?? '';
      if (!text.trim() || !other.trim()) problems.push(`${key}: empty`);
      if (placeholders(text).join() !== placeholders(other).join())
        problems.push(`${key}: placeholders differ`);
    }
    expect(problems).toEqual([]);
  });

  it('contain every key the code names literally', () => {
    const used = keysInSource();
    expect(used.size).toBeGreaterThan(20); // the scan itself works
    const missing = missingIn(used.keys());
    const where = (keys: string[]) => keys.map((key) => `${key} (${used.get(key)?.join(', ')})`);
    expect({ en: where(missing.en), de: where(missing.de) }).toEqual({ en: [], de: [] });
  });

  it('contain the title of every route and a breadcrumb label for every path segment', () => {
    expectAllPresent(ROUTES.map((route) => route.titleKey));
    expectAllPresent(['route.notFound']);
    const segments = ROUTES.flatMap((route) => route.path.split('/')).filter(
      (segment) => segment !== '' && !segment.startsWith(':'),
    );
    expectAllPresent(segments.map(breadcrumbLabelKey));
  });

  it('contain every label of the sidebar menu', () => {
    expectAllPresent([
      ...ACCOUNT_MENU.map((entry) => entry.labelKey),
      ...PET_MENU_ITEMS.map((entry) => entry.labelKey),
      ...[HOME_LINK, EVENTS_LINK, EMERGENCY_LINK, ACCOUNT_GROUP].map((entry) => entry.labelKey),
    ]);
  });

  it("contain every key of the contract's error catalogue", () => {
    const statuses: Array<number | 'network'> = ['network'];
    for (let status = 200; status <= 599; status += 1) statuses.push(status);
    const fromStatusTable = statuses.flatMap((status) =>
      (Object.keys(CALL_CONTEXTS) as CallContext[]).flatMap((context) => [
        translationKeyFor(status, context),
        translationKeyFor(status, context, 'Some unknown server message'),
      ]),
    );
    expectAllPresent([
      ...Object.values(LIMIT_KEYS),
      ...Object.values(TEXT_LENGTH_KEYS),
      ...Object.values(EMERGENCY_PUBLIC_KEYS),
      ...Object.values(CARD_ERROR_KEYS),
      ...Object.values(SIGN_IN_ERROR_KEYS),
      signInErrorKey(undefined),
      signInErrorKey('SOMETHING_ELSE'),
      ...fromStatusTable,
      ...[...Object.values(COUPON_MESSAGES), 'Expired', 'x', undefined].map(couponMessageKey),
      ...[...Object.values(CODE_CHECK_MESSAGES), 'x'].map(codeCheckMessageKey),
    ]);
  });

  it('contain the validation and message keys of both spec files', () => {
    expectAllPresent(SPEC_KEYS);
  });

  it('contain the label keys of the contract categories (medical kinds, document categories)', () => {
    // Read defensively: these tables live in the contract's entity files.
    const tables = contract as unknown as Record<string, unknown>;
    const labelKeys = ['MEDICAL_CATEGORIES', 'DOCUMENT_CATEGORIES'].flatMap((name) => {
      const table = tables[name];
      return Array.isArray(table)
        ? table.flatMap((entry: unknown) =>
            entry && typeof entry === 'object' && 'labelKey' in entry && typeof entry.labelKey === 'string'
              ? [entry.labelKey]
              : [],
          )
        : [];
    });
    expectAllPresent(labelKeys);
  });

  it('only override keys that exist, per brand', () => {
    for (const brand of Object.values(BRANDS)) {
      expectAllPresent([...Object.keys(brand.wording.en), ...Object.keys(brand.wording.de)]);
    }
  });

  it('gives the spec texts of the public emergency download in German', () => {
    const i18n = createI18n('de');
    expect(i18n.t(EMERGENCY_PUBLIC_KEYS.notSupported)).toBe(
      'Die Notfalldatei wird für dieses Abonnement nicht unterstützt',
    );
    expect(i18n.t(EMERGENCY_PUBLIC_KEYS.invalidPassword)).toBe('Ungültiges Notfallpasswort');
    expect(i18n.t(EMERGENCY_PUBLIC_KEYS.required)).toBe('Notfallpasswort ist erforderlich');
  });
});

describe('language at start', () => {
  it('is German unless the browser prefers English', () => {
    expect(languageFromBrowser(['en-US', 'de'])).toBe('en');
    expect(languageFromBrowser(['en'])).toBe('en');
    expect(languageFromBrowser(['de-AT'])).toBe('de');
    expect(languageFromBrowser(['fr-FR'])).toBe('de');
    expect(languageFromBrowser(['fr-FR', 'en-GB'])).toBe('en');
    expect(languageFromBrowser([])).toBe('de');
  });

  it("follows the user's remembered choice over the browser", () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(detectInitialLanguage(storage('en'), ['de-DE'])).toBe('en');
    expect(detectInitialLanguage(storage('de'), ['en-US'])).toBe('de');
    expect(detectInitialLanguage(storage('xx'), ['en-US'])).toBe('en');
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(detectInitialLanguage(throwing, ['en-US'])).toBe('en');
  });

  it('mirrors a chosen language in the cookie the server reads to preload its texts, and nothing else', () => {
    const cookieOf = () => /(?:^|; )pet\.language=(\w+)/.exec(document.cookie)?.[1];
    document.cookie = 'pet.language=; Path=/; Max-Age=0';
    localStorage.removeItem('pet.language');
    // No choice: no cookie (the server follows Accept-Language, as the app follows the browser).
    mirrorStoredLanguage();
    expect(cookieOf()).toBeUndefined();
    rememberLanguage('en');
    expect(localStorage.getItem('pet.language')).toBe('en');
    expect(cookieOf()).toBe('en');
    // A choice stored before the cookie existed is mirrored at start.
    document.cookie = 'pet.language=; Path=/; Max-Age=0';
    mirrorStoredLanguage();
    expect(cookieOf()).toBe('en');
    expect(contract.UI_LANGUAGE_COOKIE).toBe('pet.language');
    localStorage.removeItem('pet.language');
    document.cookie = 'pet.language=; Path=/; Max-Age=0';
  });
});
