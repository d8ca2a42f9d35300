import { EMERGENCY_PUBLIC_KEYS, type EmergencyLanguage } from '@pet/contract';

/** The messages the public page shows: the spec's keys (account-area section 8). */
export const PUBLIC_PAGE_MESSAGE_KEYS = [
  EMERGENCY_PUBLIC_KEYS.required,
  EMERGENCY_PUBLIC_KEYS.invalidPassword,
  EMERGENCY_PUBLIC_KEYS.notSupported,
  'Too_Many_Requests_Text',
] as const;
export type PublicPageMessageKey = (typeof PUBLIC_PAGE_MESSAGE_KEYS)[number];

export interface PublicPageTexts {
  title: string;
  subtitle: string;
  passwordLabel: string;
  languageLabel: string;
  languages: Record<EmergencyLanguage, string>;
  submit: string;
  info: string;
  appsTitle: string;
  appsText: string;
  appStore: string;
  googlePlay: string;
  /** The other page language's link text, in that language. */
  switchLanguage: string;
  messages: Record<PublicPageMessageKey, string>;
}

/**
 * Every text of the server-rendered /notfall page, per language. The page is served without the
 * SPA (no JavaScript), so its texts live here; the typed record makes a missing text in one
 * language a compile error.
 */
export const PUBLIC_PAGE_TEXTS: Record<EmergencyLanguage, PublicPageTexts> = {
  de: {
    title: 'Notfallakte',
    subtitle:
      'Sie haben ein Tier gefunden? Mit dem Notfallpasswort von seiner Marke können Sie seine Notfallakte herunterladen.',
    passwordLabel: 'Notfallpasswort',
    languageLabel: 'Sprache der Notfallakte',
    languages: { de: 'Deutsch', en: 'Englisch' },
    submit: 'Bestätigen',
    info: 'Die Notfallakte enthält die Kontaktdaten des Halters und des Tierarztes sowie wichtige medizinische Angaben wie Allergien und Medikamente. Bitte kontaktieren Sie so bald wie möglich den Halter oder einen Tierarzt.',
    appsTitle: 'Holen Sie sich die App',
    appsText: 'Haben Sie die Daten und die Notfallakte Ihres Tieres immer auf dem Smartphone dabei.',
    appStore: 'App Store',
    googlePlay: 'Google Play',
    switchLanguage: 'English',
    messages: {
      Emergency_Password_Required_Text: 'Notfallpasswort ist erforderlich',
      Emergency_Invalid_Password_Text: 'Ungültiges Notfallpasswort',
      Emergency_Not_Supported_Text: 'Die Notfalldatei wird für dieses Abonnement nicht unterstützt',
      Too_Many_Requests_Text: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    },
  },
  en: {
    title: 'Emergency file',
    subtitle:
      'Have you found a pet? With the emergency password from its tag you can download its emergency file.',
    passwordLabel: 'Emergency password',
    languageLabel: 'Language of the emergency file',
    languages: { de: 'German', en: 'English' },
    submit: 'Confirm',
    info: "The emergency file contains the owner's and the vet's contact details and important medical data such as allergies and medication. Please contact the owner or a vet as soon as possible.",
    appsTitle: 'Get the app',
    appsText: "Keep your pet's data and emergency file with you on your phone.",
    appStore: 'App Store',
    googlePlay: 'Google Play',
    switchLanguage: 'Deutsch',
    messages: {
      Emergency_Password_Required_Text: 'Emergency password is required',
      Emergency_Invalid_Password_Text: 'Invalid emergency password',
      Emergency_Not_Supported_Text: 'The emergency file is not supported for this subscription',
      Too_Many_Requests_Text: 'Too many attempts. Please wait a moment and try again.',
    },
  },
};
