import type { BrandConfig, UiLanguage } from '@pet/contract';

/**
 * The mails, rendered per brand (name, support address, logo) and language (de, en). Every mail has
 * a text and an HTML part with the same content and the same single action link.
 *
 * MailKind: the identity mails (rendered by renderMail). The appointment reminder
 * (APPOINTMENT_REMINDER_MAIL, rendered by renderAppointmentReminder) is sent by the reminder job.
 */
export type MailKind = 'verification' | 'reset' | 'magic-link';
export const APPOINTMENT_REMINDER_MAIL = 'appointment-reminder';
/** Every kind the server sends, as kept in the outbox's kind. */
export type SentMailKind = MailKind | typeof APPOINTMENT_REMINDER_MAIL;

export interface MailContext {
  brand: BrandConfig;
  language: UiLanguage;
  /** Origin the links and the logo point at (PUBLIC_URL, or the brand's own host). */
  origin: string;
  /** The recipient's name, when known. */
  name?: string | null;
  /** The action link. */
  url: string;
  /** Minutes the link stays valid. */
  validMinutes: number;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Texts {
  subject: string;
  intro: string;
  action: string;
  validity: string;
  ignore: string;
}

function texts(kind: MailKind, language: UiLanguage, brandName: string, validity: string): Texts {
  const de = language === 'de';
  switch (kind) {
    case 'verification':
      return de
        ? {
            subject: `Bitte bestätigen Sie Ihre E-Mail-Adresse für ${brandName}`,
            intro: `vielen Dank für Ihre Registrierung bei ${brandName}. Bitte bestätigen Sie Ihre E-Mail-Adresse, damit Sie sich anmelden können.`,
            action: 'E-Mail-Adresse bestätigen',
            validity: `Der Link ist ${validity} gültig.`,
            ignore: 'Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
          }
        : {
            subject: `Please confirm your e-mail address for ${brandName}`,
            intro: `thank you for registering with ${brandName}. Please confirm your e-mail address so that you can sign in.`,
            action: 'Confirm e-mail address',
            validity: `The link is valid for ${validity}.`,
            ignore: 'If you did not register, you can ignore this e-mail.',
          };
    case 'reset':
      return de
        ? {
            subject: `Passwort zurücksetzen für ${brandName}`,
            intro: `wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei ${brandName} zurückzusetzen.`,
            action: 'Neues Passwort festlegen',
            validity: `Der Link ist ${validity} gültig und kann nur einmal verwendet werden.`,
            ignore: 'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
          }
        : {
            subject: `Reset your password for ${brandName}`,
            intro: `we received a request to reset the password of your ${brandName} account.`,
            action: 'Choose a new password',
            validity: `The link is valid for ${validity} and can be used once.`,
            ignore: 'If this was not you, ignore this e-mail: your password stays unchanged.',
          };
    case 'magic-link':
      return de
        ? {
            subject: `Ihr Anmeldelink für ${brandName}`,
            intro: `mit dem folgenden Link melden Sie sich ohne Passwort bei ${brandName} an.`,
            action: 'Jetzt anmelden',
            validity: `Der Link ist ${validity} gültig und kann nur einmal verwendet werden.`,
            ignore: 'Wenn Sie keinen Anmeldelink angefordert haben, ignorieren Sie diese E-Mail.',
          }
        : {
            subject: `Your sign-in link for ${brandName}`,
            intro: `use the following link to sign in to ${brandName} without a password.`,
            action: 'Sign in now',
            validity: `The link is valid for ${validity} and can be used once.`,
            ignore: 'If you did not ask for a sign-in link, ignore this e-mail.',
          };
  }
}

function validityText(minutes: number, language: UiLanguage): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    if (language === 'de') return hours === 1 ? '1 Stunde' : `${hours} Stunden`;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return language === 'de' ? `${minutes} Minuten` : `${minutes} minutes`;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderMail(kind: MailKind, context: MailContext): RenderedMail {
  const { brand, language, origin, url } = context;
  const t = texts(kind, language, brand.name, validityText(context.validMinutes, language));
  const greeting =
    language === 'de'
      ? context.name
        ? `Hallo ${context.name},`
        : 'Hallo,'
      : context.name
        ? `Hello ${context.name},`
        : 'Hello,';
  const signature = language === 'de' ? `Ihr ${brand.name}-Team` : `Your ${brand.name} team`;
  const support =
    language === 'de'
      ? `Fragen? Schreiben Sie uns: ${brand.supportEmail}`
      : `Questions? Write to us: ${brand.supportEmail}`;
  const text = [
    greeting,
    '',
    t.intro,
    '',
    `${t.action}: ${url}`,
    '',
    t.validity,
    t.ignore,
    '',
    signature,
    support,
  ].join('\n');
  const logoUrl = `${origin}${brand.logo}`;
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;background:#f6f6f6;padding:24px">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<tr><td><img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(brand.name)}" height="48"></td></tr>
<tr><td>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t.intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#d2691e;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(t.validity)} ${escapeHtml(t.ignore)}</p>
<p>${escapeHtml(signature)}</p>
<p style="font-size:12px;color:#777">${escapeHtml(support)}</p>
</td></tr>
</table>
</body>
</html>`;
  return { subject: t.subject, text, html };
}

// ---------------------------------------------------------------------------------------------
// Appointment reminder

export interface AppointmentReminderContext {
  brand: BrandConfig;
  language: UiLanguage;
  /** Origin the link and the logo point at (PUBLIC_URL, or the brand's own host). */
  origin: string;
  name?: string | null;
  pet: { id: string; name: string };
  /** The type's label in `language` (Untersuchung, Examination, ...). */
  appointmentTypeLabel: string;
  /** dd.MM.yyyy */
  date: string;
  /** HH:mm (24 h) */
  time: string;
  /**
   * The same instant in the recipient's time zone (user_profile.time_zone), when that shows another
   * day or time than the appointment's own (entered at the creator's UTC offset).
   */
  recipientTime?: { date: string; time: string; zone: string } | null;
  reason: string;
  vetName?: string | null;
  /** Street, zip and city, country as far as given. */
  address?: string | null;
}

/** The pet's appointments page: {origin}/pet-details/{name}/{id}/appointments. */
export function petAppointmentsUrl(origin: string, pet: { id: string; name: string }): string {
  return `${origin}/pet-details/${encodeURIComponent(pet.name)}/${encodeURIComponent(pet.id)}/appointments`;
}

export function renderAppointmentReminder(context: AppointmentReminderContext): RenderedMail {
  const { brand, language, origin, pet } = context;
  const de = language === 'de';
  const url = petAppointmentsUrl(origin, pet);
  const subject = de
    ? `Erinnerung: ${context.appointmentTypeLabel} für ${pet.name}`
    : `Reminder: ${context.appointmentTypeLabel} for ${pet.name}`;
  const intro = de
    ? `wir erinnern Sie an den Termin von ${pet.name}:`
    : `this is a reminder of ${pet.name}'s appointment:`;
  const rows: Array<[string, string]> = [
    [de ? 'Termin' : 'Appointment', context.appointmentTypeLabel],
    [de ? 'Datum' : 'Date', context.date],
    [de ? 'Uhrzeit' : 'Time', de ? `${context.time} Uhr` : context.time],
  ];
  const local = context.recipientTime;
  if (local) {
    const when = `${local.date === context.date ? '' : `${local.date}, `}${de ? `${local.time} Uhr` : local.time}`;
    rows.push([de ? `Ihre Zeit (${local.zone})` : `Your time (${local.zone})`, when]);
  }
  rows.push([de ? 'Grund' : 'Reason', context.reason]);
  if (context.vetName) rows.push([de ? 'Tierarzt' : 'Vet', context.vetName]);
  if (context.address) rows.push([de ? 'Adresse' : 'Address', context.address]);
  return renderNoticeMail({
    brand,
    language,
    origin,
    name: context.name,
    subject,
    intro,
    rows,
    action: { label: de ? 'Termine ansehen' : 'View appointments', url },
  });
}

// ---------------------------------------------------------------------------------------------
// Notices: a greeting, an intro, label/value rows, an action link and further paragraphs (the
// appointment reminder and the subscription mails share this layout).

export interface NoticeMail {
  brand: BrandConfig;
  language: UiLanguage;
  origin: string;
  name?: string | null;
  subject: string;
  intro: string;
  rows?: Array<[string, string]>;
  action: { label: string; url: string };
  /** Paragraphs after the action link. */
  outro?: string[];
}

export function renderNoticeMail(notice: NoticeMail): RenderedMail {
  const { brand, language, origin, subject, intro, action } = notice;
  const rows = notice.rows ?? [];
  const outro = notice.outro ?? [];
  const greeting = greetingOf(language, notice.name);
  const signature = language === 'de' ? `Ihr ${brand.name}-Team` : `Your ${brand.name} team`;
  const text = [
    greeting,
    '',
    intro,
    '',
    ...(rows.length ? [...rows.map(([label, value]) => `${label}: ${value}`), ''] : []),
    `${action.label}: ${action.url}`,
    '',
    ...(outro.length ? [...outro, ''] : []),
    signature,
  ].join('\n');
  const logoUrl = `${origin}${brand.logo}`;
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;background:#f6f6f6;padding:24px">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<tr><td><img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(brand.name)}" height="48"></td></tr>
<tr><td>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${rows.length ? `<table role="presentation" style="border-collapse:collapse">\n${rows.map(([label, value]) => `<tr><td style="padding:2px 12px 2px 0;color:#555">${escapeHtml(label)}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`).join('\n')}\n</table>` : ''}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#d2691e;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a></p>
${outro.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p>${escapeHtml(signature)}</p>
</td></tr>
</table>
</body>
</html>`;
  return { subject, text, html };
}

function greetingOf(language: UiLanguage, name: string | null | undefined): string {
  if (language === 'de') return name ? `Hallo ${name},` : 'Hallo,';
  return name ? `Hello ${name},` : 'Hello,';
}
