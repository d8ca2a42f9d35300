/**
 * Business constants of section 9 of both spec files. One place for each number:
 * server rules, web validation and UI sizes all read them from here.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 30;
export const NAME_MIN_LENGTH = 3;
export const NAME_MAX_LENGTH = 30;

export const REQUEST_TIMEOUT_MS = 30_000;
export const SIDEBAR_WIDTH_PX = 285;
export const TOOLBAR_HEIGHT_PX = 78;
export const EXPAND_ANIMATION_MS = 250;
export const PET_LIST_EXPAND_ANIMATION_MS = 500;

/** Free plan document safe size. */
export const FREE_DOCUMENTS_LIMIT = 5;
/** A documents_limit at or above this is shown as unlimited (spec); only UNLIMITED_DOCUMENTS is unlimited. */
export const UNLIMITED_DOCUMENTS_THRESHOLD = 100;
/**
 * The documents_limit of a plan without a document cap: its own configuration value, distinct from
 * every real cap (a plan configured with 100 holds 100, issue 14.20).
 */
export const UNLIMITED_DOCUMENTS = -1;
/** After a cancellation takes effect, only this many most recent documents remain. */
export const DOCUMENTS_KEPT_AFTER_CANCELLATION = 5;

/** Pet-limit upsell button shows when the plan sequence is below this (dog brand: 4 and no button). */
export const PET_UPSELL_MAX_SEQUENCE = 3;
export const PET_UPSELL_MAX_SEQUENCE_DOG_BRAND = 4;

export const MIN_PAYMENT_EUR = 0.5;
export const GPS_TRACKER_ONE_TIME_PRICES_EUR = [49.95, 49.99, 59] as const;
// The spec's "optional services 29 euro" (section 9) has no constant here on purpose: the spec
// names no service, screen, call or field for it, and an order button may not sell a service
// whose content is not stated (§ 312j BGB). Nothing is sold for it until the product defines it.
export const TRACKER_PACKAGES = ['BASIS 1', 'BASIS 12', 'BASIS 24'] as const;
export const PLAN_DURATIONS_MONTHS = [1, 12, 24] as const;

/**
 * The interval a plan renews at, as named to the customer (cards, summary, status): monthly,
 * yearly, or every 2 years for the tracker brand's 24-month plan (BASIS 24 is billed with its
 * "yearly" price id but renews every two years). One place for the words' choice.
 */
export type BillingInterval = 'monthly' | 'yearly' | 'everyTwoYears';
export function billingIntervalOf(duration: number | null, payType: 'monthly' | 'yearly'): BillingInterval {
  if (duration === 24) return 'everyTwoYears';
  if (duration === 12) return 'yearly';
  if (duration === 1) return 'monthly';
  return payType;
}
export const PLAN_SEQUENCE_MIN = 0;
export const PLAN_SEQUENCE_MAX = 4;

export const REACTIVATION_WINDOW_DAYS = 28;
export const ACCOUNT_DELETION_MAX_HOURS = 24;
export const SEPA_REFUND_WEEKS = 8;
/** The spec's shortest SEPA pre-notification (days before the debit); the server's setting may be longer. */
export const SEPA_PRENOTIFICATION_MIN_DAYS = 2;
/** The server's default (SEPA_PRENOTIFICATION_DAYS). */
export const SEPA_PRENOTIFICATION_DEFAULT_DAYS = 5;

export const MAX_FILES_PER_UPLOAD = 5;
export const MAX_FILE_BYTES = 26_214_400;
export const COMMENTS_MAX_LENGTH = 100;

export const PET_SIZE_MIN_CM = 10;
export const PET_SIZE_MAX_CM = 100;
export const PET_SIZE_STEP_CM = 1;
export const WEIGHT_LIST_MAX_HEIGHT_PX = 250;

/** The country select sorts its entries by translated name when it has more than this many. */
export const COUNTRY_LIST_SORT_THRESHOLD = 100;

export const PROFILE_IMAGE_FILE_NAME = 'petImage.jpg';
export const VERIFICATION_ANDROID_MINIMUM_VERSION = '12';

export const DATE_FORMAT = 'dd.MM.yyyy';
export const TIME_FORMAT = 'HH:mm';

export const UI_LANGUAGES = ['de', 'en'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
/**
 * The UI language the user chose in the app (kept in localStorage), mirrored in a cookie so that
 * the server can list that language's texts for preloading in a page's HTML (a first visit's
 * guess otherwise follows Accept-Language, as the app does without a choice).
 */
export const UI_LANGUAGE_COOKIE = 'pet.language';

/**
 * Language as stored and read; 'Englisch' is a legacy spelling of English that still occurs.
 * (Here, without zod, for the shell's language switch; entities/account.ts has its schema.)
 */
export const USER_LANGUAGES = ['English', 'Englisch', 'German'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];

export function userLanguageToUi(language: UserLanguage): UiLanguage {
  return language === 'German' ? 'de' : 'en';
}

export function uiLanguageToUserLanguage(language: UiLanguage): 'English' | 'German' {
  return language === 'de' ? 'German' : 'English';
}
export const EMERGENCY_LANGUAGES = ['de', 'en'] as const;
export const EMERGENCY_DEFAULT_LANGUAGE = 'de' as const;
export const EMERGENCY_FILE_NAMES = { en: 'Emergency_File.pdf', de: 'Notfallakte.pdf' } as const;

/** Accepted document upload types (pet-data section 5), by canonical extension. */
export const ACCEPTED_DOCUMENT_EXTENSIONS = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'bmp',
  'tif',
  'tiff',
  'heic',
  'pdf',
  'docx',
  'doc',
  'txt',
  'rtf',
  'odt',
  'dotx',
  'dot',
  'dotm',
  'docm',
  'wps',
  'csv',
  'dbf',
  'dif',
  'xls',
] as const;
export type AcceptedDocumentExtension = (typeof ACCEPTED_DOCUMENT_EXTENSIONS)[number];

/** Prices: euro, decimal comma, two digits, totals truncated (not rounded) to two decimals. */
export function truncateToCents(amount: number): number {
  // Work in integer hundredths with a small epsilon so 19.99 stays 19.99 despite float noise.
  return Math.trunc(amount * 100 + (amount >= 0 ? 1e-7 : -1e-7)) / 100;
}

export function formatEuro(amount: number): string {
  const [whole, cents] = truncateToCents(amount).toFixed(2).split('.');
  return `${whole},${cents} €`;
}

/** Subscription end dates travel as epoch seconds; the UI multiplies by 1000. */
export function epochSecondsToDate(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** Display only (pet-data 9): UNLIMITED_DOCUMENTS and any documents_limit of 100 or more show as unlimited. */
export function isUnlimitedDocuments(documentsLimit: number): boolean {
  return documentsLimit === UNLIMITED_DOCUMENTS || documentsLimit >= UNLIMITED_DOCUMENTS_THRESHOLD;
}

/** Enforcement: every configured cap holds, 100 included; only UNLIMITED_DOCUMENTS has none. */
export function documentLimitReached(documentCount: number, documentsLimit: number): boolean {
  return documentsLimit !== UNLIMITED_DOCUMENTS && documentCount >= documentsLimit;
}

export function petLimitReached(petCount: number, petsLimit: number): boolean {
  return petCount >= petsLimit;
}
