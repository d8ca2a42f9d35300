import type { BrandConfig, ShareRole, UiLanguage } from '@pet/contract';
import { renderNoticeMail, type RenderedMail } from '../../platform/mail/templates.ts';
import type { ShareMailEvent } from './sharing.jobs.ts';

/** The outbox kinds of the sharing mails. */
export const SHARE_INVITATION_MAIL = 'share-invitation';
export const shareMailKind = (event: ShareMailEvent) => `share-${event.replace(/_/g, '-')}`;

interface MailBase {
  brand: BrandConfig;
  language: UiLanguage;
  origin: string;
  /** The recipient's name (null: an invitee without an account). */
  name: string | null;
}

const ROLE_NAMES: Record<UiLanguage, Record<ShareRole, string>> = {
  de: { co_owner: 'Mitbesitzer:in', carer: 'Betreuer:in', viewer: 'Tierarzt / Ansicht' },
  en: { co_owner: 'Co-owner', carer: 'Carer', viewer: 'Vet / viewer' },
};

/** An instant as the mail shows it (the owner's day; the portal's users are in Germany). */
function formatInstant(at: string, language: UiLanguage): string {
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  }).format(new Date(at));
}

function windowRows(
  language: UiLanguage,
  startsAt: string | null,
  endsAt: string | null,
): Array<[string, string]> {
  const de = language === 'de';
  const rows: Array<[string, string]> = [];
  if (startsAt) rows.push([de ? 'Ab' : 'From', formatInstant(startsAt, language)]);
  if (endsAt) rows.push([de ? 'Bis' : 'Until', formatInstant(endsAt, language)]);
  return rows;
}

const petPageUrl = (origin: string, pet: { id: string; name: string }) =>
  `${origin}/pet-details/${encodeURIComponent(pet.name)}/${encodeURIComponent(pet.id)}`;

/** The invitation: the owner shares pets; the link accepts (after sign-in or registration). */
export function renderInvitationMail(
  context: MailBase & {
    ownerName: string;
    petNames: string[];
    role: ShareRole;
    startsAt: string | null;
    endsAt: string | null;
    expiresAt: string;
    url: string;
  },
): RenderedMail {
  const { language, ownerName } = context;
  const de = language === 'de';
  const pets = context.petNames.join(', ');
  return renderNoticeMail({
    brand: context.brand,
    language,
    origin: context.origin,
    name: context.name,
    subject: de ? `${ownerName} teilt ${pets} mit Ihnen` : `${ownerName} shares ${pets} with you`,
    intro: de
      ? `${ownerName} lädt Sie ein, bei ${context.brand.name} auf ${pets} zuzugreifen.`
      : `${ownerName} invites you to access ${pets} on ${context.brand.name}.`,
    rows: [
      [de ? 'Rolle' : 'Role', ROLE_NAMES[language][context.role]],
      ...windowRows(language, context.startsAt, context.endsAt),
      [de ? 'Einladung gültig bis' : 'Invitation valid until', formatInstant(context.expiresAt, language)],
    ],
    action: { label: de ? 'Einladung annehmen' : 'Accept the invitation', url: context.url },
    outro: [
      de
        ? 'Zum Annehmen melden Sie sich an oder registrieren sich mit dieser E-Mail-Adresse.'
        : 'To accept, sign in or register with this e-mail address.',
      de
        ? 'Wenn Sie damit nichts anfangen können, ignorieren Sie diese E-Mail.'
        : 'If this means nothing to you, ignore this e-mail.',
    ],
  });
}

interface NoticeTexts {
  subject: string;
  intro: string;
}

function noticeTexts(
  event: ShareMailEvent,
  de: boolean,
  toOwner: boolean,
  pet: string,
  other: string,
): NoticeTexts {
  switch (event) {
    case 'started':
      return toOwner
        ? {
            subject: de ? `${other} hat jetzt Zugriff auf ${pet}` : `${other} now has access to ${pet}`,
            intro: de
              ? `die Freigabe von ${pet} für ${other} hat begonnen.`
              : `the share of ${pet} with ${other} has started.`,
          }
        : {
            subject: de ? `Sie haben jetzt Zugriff auf ${pet}` : `You now have access to ${pet}`,
            intro: de ? `${other} teilt ${pet} jetzt mit Ihnen.` : `${other} now shares ${pet} with you.`,
          };
    case 'ended':
      return toOwner
        ? {
            subject: de ? `Freigabe von ${pet} für ${other} beendet` : `Share of ${pet} with ${other} ended`,
            intro: de
              ? `der Zeitraum der Freigabe von ${pet} für ${other} ist vorbei; ${other} hat keinen Zugriff mehr.`
              : `the window of the share of ${pet} with ${other} is over; ${other} has no access any more.`,
          }
        : {
            subject: de ? `Ihr Zugriff auf ${pet} ist beendet` : `Your access to ${pet} has ended`,
            intro: de
              ? `der Zeitraum, in dem ${other} ${pet} mit Ihnen geteilt hat, ist vorbei.`
              : `the window in which ${other} shared ${pet} with you is over.`,
          };
    case 'revoked':
      return toOwner
        ? {
            subject: de
              ? `Freigabe von ${pet} für ${other} widerrufen`
              : `Share of ${pet} with ${other} revoked`,
            intro: de
              ? `Sie haben die Freigabe von ${pet} für ${other} beendet.`
              : `you ended the share of ${pet} with ${other}.`,
          }
        : {
            subject: de ? `Ihr Zugriff auf ${pet} wurde beendet` : `Your access to ${pet} was ended`,
            intro: de
              ? `${other} hat die Freigabe von ${pet} für Sie beendet.`
              : `${other} ended the share of ${pet} with you.`,
          };
    case 'left':
      return toOwner
        ? {
            subject: de
              ? `${other} hat die Freigabe von ${pet} verlassen`
              : `${other} left the share of ${pet}`,
            intro: de
              ? `${other} hat auf den Zugriff auf ${pet} verzichtet.`
              : `${other} gave up access to ${pet}.`,
          }
        : {
            subject: de ? `Sie haben die Freigabe von ${pet} verlassen` : `You left the share of ${pet}`,
            intro: de
              ? `Sie haben keinen Zugriff mehr auf ${pet} von ${other}.`
              : `you no longer have access to ${other}'s ${pet}.`,
          };
    case 'pet_deleted':
      return {
        subject: de ? `${pet} wurde gelöscht` : `${pet} was deleted`,
        intro: de
          ? `${other} hat ${pet} mit allen Daten gelöscht; die Freigabe ist damit beendet.`
          : `${other} deleted ${pet} with all its data; the share has ended.`,
      };
    case 'owner_deleted':
      return {
        subject: de ? `Ihr Zugriff auf ${pet} ist beendet` : `Your access to ${pet} has ended`,
        intro: de
          ? `${other} hat das Konto gelöscht; die Freigabe von ${pet} ist damit beendet.`
          : `${other} deleted their account; the share of ${pet} has ended.`,
      };
    case 'member_deleted':
      return {
        subject: de ? `Freigabe von ${pet} für ${other} beendet` : `Share of ${pet} with ${other} ended`,
        intro: de
          ? `${other} hat das Konto gelöscht; die Freigabe von ${pet} ist damit beendet.`
          : `${other} deleted their account; the share of ${pet} has ended.`,
      };
    case 'plan_ended':
      return toOwner
        ? {
            subject: de ? `Freigabe von ${pet} für ${other} beendet` : `Share of ${pet} with ${other} ended`,
            intro: de
              ? `Ihr bezahlter Tarif ist beendet; Freigaben gibt es nur in bezahlten Tarifen, daher hat ${other} keinen Zugriff mehr auf ${pet}.`
              : `your paid plan has ended; sharing needs a paid plan, so ${other} has no access to ${pet} any more.`,
          }
        : {
            subject: de ? `Ihr Zugriff auf ${pet} ist beendet` : `Your access to ${pet} has ended`,
            intro: de
              ? `die Freigabe von ${pet} durch ${other} ist beendet.`
              : `the share of ${pet} by ${other} has ended.`,
          };
  }
}

/** A share started, ended, was revoked or left, or ended with the pet, an account or a plan. */
export function renderShareNotice(
  context: MailBase & {
    event: ShareMailEvent;
    toOwner: boolean;
    pet: { id: string; name: string };
    otherName: string;
    role: ShareRole;
    endsAt: string | null;
  },
): RenderedMail {
  const { language, event, pet } = context;
  const de = language === 'de';
  const texts = noticeTexts(event, de, context.toOwner, pet.name, context.otherName);
  // Where the pet is still there for the recipient: its page; else the portal's start.
  const petVisible = event === 'started' || (context.toOwner && event !== 'pet_deleted');
  const rows: Array<[string, string]> = [[de ? 'Rolle' : 'Role', ROLE_NAMES[language][context.role]]];
  if (event === 'started' && context.endsAt) rows.push(...windowRows(language, null, context.endsAt));
  return renderNoticeMail({
    brand: context.brand,
    language,
    origin: context.origin,
    name: context.name,
    subject: texts.subject,
    intro: texts.intro,
    rows,
    action: petVisible
      ? { label: de ? `${pet.name} öffnen` : `Open ${pet.name}`, url: petPageUrl(context.origin, pet) }
      : { label: de ? 'Zum Portal' : 'Open the portal', url: `${context.origin}/` },
  });
}
