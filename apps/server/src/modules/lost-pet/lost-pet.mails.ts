import type { BrandConfig, UiLanguage } from '@pet/contract';
import { renderNoticeMail, type RenderedMail } from '../../platform/mail/templates.ts';

interface MailBase {
  brand: BrandConfig;
  language: UiLanguage;
  origin: string;
  ownerName: string;
  pet: { id: string; name: string };
}

/** The pet's tag page in the app, where the owner sees reports and accesses. */
const tagPageUrl = (origin: string, pet: { id: string; name: string }) =>
  `${origin}/pet-details/${encodeURIComponent(pet.name)}/${encodeURIComponent(pet.id)}/lost-pet-tag`;

const mapsUrl = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;

/** A finder's message, sent to the owner at once. */
export function renderFinderMail(
  context: MailBase & {
    report: {
      message: string;
      phone: string;
      latitude: number | null;
      longitude: number | null;
      created_at: string;
    };
  },
): RenderedMail {
  const { language, pet, report } = context;
  const de = language === 'de';
  const rows: Array<[string, string]> = [
    [de ? 'Nachricht' : 'Message', report.message],
    [de ? 'Telefon' : 'Phone', report.phone],
  ];
  if (report.latitude !== null && report.longitude !== null) {
    rows.push([de ? 'Standort' : 'Location', mapsUrl(report.latitude, report.longitude)]);
  }
  return renderNoticeMail({
    brand: context.brand,
    language,
    origin: context.origin,
    name: context.ownerName,
    subject: de ? `${pet.name} wurde gefunden` : `${pet.name} has been found`,
    intro: de
      ? `jemand hat die Fundmarke von ${pet.name} gescannt und Ihnen geschrieben:`
      : `someone scanned ${pet.name}'s lost-pet tag and sent you a message:`,
    rows,
    action: { label: de ? 'In der App ansehen' : 'View in the app', url: tagPageUrl(context.origin, pet) },
    outro: [
      de ? 'Rufen Sie die Person am besten gleich zurück.' : 'It is best to call the finder back right away.',
    ],
  });
}

/** A public opening of the tag page or of the emergency file, when the owner asked for these mails. */
export function renderAccessMail(
  context: MailBase & { access: { kind: 'tag' | 'emergency'; device: string; at: string } },
): RenderedMail {
  const { language, pet, access } = context;
  const de = language === 'de';
  const when = new Intl.DateTimeFormat(de ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  }).format(new Date(access.at));
  const what =
    access.kind === 'tag'
      ? de
        ? `Die Fundmarke von ${pet.name} wurde geöffnet.`
        : `${pet.name}'s lost-pet tag was opened.`
      : de
        ? 'Ihre Notfallakte wurde mit Ihrem Notfall-Passwort heruntergeladen.'
        : 'Your emergency file was downloaded with your emergency password.';
  return renderNoticeMail({
    brand: context.brand,
    language,
    origin: context.origin,
    name: context.ownerName,
    subject:
      access.kind === 'tag'
        ? de
          ? `Fundmarke von ${pet.name} geöffnet`
          : `${pet.name}'s tag was opened`
        : de
          ? 'Notfallakte abgerufen'
          : 'Emergency file downloaded',
    intro: what,
    rows: [
      [de ? 'Zeit' : 'Time', when],
      [de ? 'Gerät' : 'Device', access.device],
    ],
    action: { label: de ? 'In der App ansehen' : 'View in the app', url: tagPageUrl(context.origin, pet) },
    outro: [
      de
        ? 'Diese Mails schalten Sie auf der Fundmarken-Seite Ihres Tieres aus.'
        : "You can switch these mails off on your pet's lost-pet tag page.",
    ],
  });
}
