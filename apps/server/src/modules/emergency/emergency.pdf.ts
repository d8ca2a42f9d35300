import type { Readable } from 'node:stream';
import {
  appointmentTypeLabel,
  APPOINTMENT_TYPE_VALUES,
  VET_CONTACT_TYPE,
  type AppointmentListItem,
  type AppointmentType,
  type Contact,
  type EmergencyLanguage,
  type MedicalListItem,
  type Pet,
  type Schedule,
  sellerDate,
} from '@pet/contract';
import { scheduleInWords as carePlanInWords } from '../care/care.text.ts';
import { createPdfDocument, type PdfDocument } from '../../platform/pdf/index.ts';
import type { OwnerContact } from '../identity/identity.repo.ts';

/** What the emergency file prints: gathered by the service, laid out here (no I/O). */
export interface EmergencyPetData {
  pet: Pet;
  /** JPEG or PNG bytes of the pet's photo (anything else prints the no-photo placeholder). */
  photo: Uint8Array | null;
  contacts: Contact[];
  medical: MedicalListItem[];
  /** Today or later, soonest first. */
  upcoming: AppointmentListItem[];
  /** The medications' current care-plan schedules (issue 36), by med id. */
  schedules?: Record<string, Schedule>;
}

export interface EmergencyFileData {
  language: EmergencyLanguage;
  brand: { name: string; supportEmail: string };
  createdAt: Date;
  owner: OwnerContact;
  pets: EmergencyPetData[];
}

const TEXTS = {
  en: {
    title: 'Emergency file',
    created: (date: string) => `Created on ${date}`,
    intro:
      'This file lists the most important facts about the pets below. In an emergency, please contact the owner or the vet as soon as possible.',
    owner: 'Owner',
    name: 'Name',
    address: 'Address',
    email: 'E-mail',
    phone: 'Phone',
    species: 'Species',
    breed: 'Breed',
    gender: 'Gender',
    birth: 'Date of birth',
    color: 'Colour',
    size: 'Size',
    features: 'Distinguishing features',
    labeling: 'Labeling / chip ID',
    ancestry: 'Ancestry',
    weight: 'Latest weight',
    contacts: 'Contacts',
    medical: 'Medical data',
    allergies: 'Allergies',
    diseases: 'Diseases',
    medications: 'Current medications',
    earlierMedications: 'Earlier medications (no longer given)',
    noPhoto: 'No photo',
    interventions: 'Interventions and implants',
    appointments: 'Upcoming appointments and vaccinations',
    noMedical: 'No medical data recorded.',
    noPets: 'No pets recorded.',
    continued: (name: string) => `${name} (continued)`,
    page: (page: number, count: number) => `Page ${page} of ${count}`,
    support: 'Support',
    acute: 'acute',
    stillAcute: 'still acute',
    notAcute: 'no longer acute',
    knownSince: (date: string) => `known since ${date}`,
    since: (date: string) => `since ${date}`,
    until: (date: string) => `until ${date}`,
    on: (date: string) => `on ${date}`,
    dosage: (dosage: string) => `dosage ${dosage}`,
    carePlan: (plan: string) => `schedule: ${plan}`,
    prescription: 'prescription',
    reason: (reason: string) => `for ${reason}`,
    vet: (name: string) => `vet ${name}`,
    vaccination: (type: string) => `vaccination: ${type}`,
    at: (time: string) => `at ${time}`,
    schedule: { Mornings: 'in the morning', Noons: 'at noon', Evenings: 'in the evening' },
    and: 'and',
    species_: { Dog: 'Dog', Cat: 'Cat', Other: 'Other' } as Record<string, string>,
    gender_: { male: 'male', female: 'female' } as Record<string, string>,
    surgery_: { Surgery: 'Surgery', Implant: 'Implant' } as Record<string, string>,
    contactType_: {
      Holder: 'Holder',
      Vet: 'Vet',
      Breeder: 'Breeder',
      Groomer: 'Groomer',
      CareTaker: 'Caretaker',
      Kennel: 'Kennel',
      Trainer: 'Trainer',
    } as Record<string, string>,
  },
  de: {
    title: 'Notfallakte',
    created: (date: string) => `Erstellt am ${date}`,
    intro:
      'Diese Akte enthält die wichtigsten Angaben zu den unten genannten Tieren. Bitte wenden Sie sich im Notfall so schnell wie möglich an den Halter oder den Tierarzt.',
    owner: 'Halter',
    name: 'Name',
    address: 'Adresse',
    email: 'E-Mail',
    phone: 'Telefon',
    species: 'Tierart',
    breed: 'Rasse',
    gender: 'Geschlecht',
    birth: 'Geburtsdatum',
    color: 'Farbe',
    size: 'Größe',
    features: 'Besondere Merkmale',
    labeling: 'Kennzeichnung / Chip-ID',
    ancestry: 'Abstammung',
    weight: 'Letztes Gewicht',
    contacts: 'Kontakte',
    medical: 'Medizinische Daten',
    allergies: 'Allergien',
    diseases: 'Erkrankungen',
    medications: 'Aktuelle Medikamente',
    earlierMedications: 'Frühere Medikamente (nicht mehr gegeben)',
    noPhoto: 'Kein Foto',
    interventions: 'Eingriffe und Implantate',
    appointments: 'Anstehende Termine und Impfungen',
    noMedical: 'Keine medizinischen Daten erfasst.',
    noPets: 'Keine Tiere erfasst.',
    continued: (name: string) => `${name} (Fortsetzung)`,
    page: (page: number, count: number) => `Seite ${page} von ${count}`,
    support: 'Kundenservice',
    acute: 'akut',
    stillAcute: 'noch akut',
    notAcute: 'nicht mehr akut',
    knownSince: (date: string) => `bekannt seit ${date}`,
    since: (date: string) => `seit ${date}`,
    until: (date: string) => `bis ${date}`,
    on: (date: string) => `am ${date}`,
    dosage: (dosage: string) => `Dosierung ${dosage}`,
    carePlan: (plan: string) => `Plan: ${plan}`,
    prescription: 'verschreibungspflichtig',
    reason: (reason: string) => `gegen ${reason}`,
    vet: (name: string) => `Tierarzt ${name}`,
    vaccination: (type: string) => `Impfung: ${type}`,
    at: (time: string) => `um ${time} Uhr`,
    schedule: { Mornings: 'morgens', Noons: 'mittags', Evenings: 'abends' },
    and: 'und',
    species_: { Dog: 'Hund', Cat: 'Katze', Other: 'Anderes Tier' } as Record<string, string>,
    gender_: { male: 'männlich', female: 'weiblich' } as Record<string, string>,
    surgery_: { Surgery: 'Operation', Implant: 'Implantat' } as Record<string, string>,
    contactType_: {
      Holder: 'Halter',
      Vet: 'Tierarzt',
      Breeder: 'Züchter',
      Groomer: 'Tierfriseur',
      CareTaker: 'Betreuer',
      Kennel: 'Tierpension',
      Trainer: 'Trainer',
    } as Record<string, string>,
  },
} as const;

type Texts = (typeof TEXTS)[EmergencyLanguage];

const joined = (values: ReadonlyArray<string | null | undefined>, separator = ', ') =>
  values
    .map((value) => value?.trim())
    .filter(Boolean)
    .join(separator);

function countryName(code: string | null | undefined, language: EmergencyLanguage): string | null {
  if (!code?.trim()) return null;
  const value = code.trim();
  if (!/^[A-Za-z]{2}$/.test(value)) return value;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(value.toUpperCase()) ?? value;
  } catch {
    return value;
  }
}

function ownerAddress(owner: OwnerContact, language: EmergencyLanguage): string {
  const place = joined([owner.zipcode, owner.city], ' ');
  return joined([owner.address1, owner.address2, place, countryName(owner.country, language)]);
}

function contactAddress(contact: Contact, language: EmergencyLanguage): string {
  const place = joined([contact.zip, contact.city], ' ');
  return joined([contact.address, place, countryName(contact.country, language)]);
}

/** "in the morning and in the evening", "morgens, mittags und abends". */
export function scheduleInWords(schedule: readonly string[] | null | undefined, t: Texts): string | null {
  const order = ['Mornings', 'Noons', 'Evenings'] as const;
  const words = order.filter((slot) => schedule?.includes(slot)).map((slot) => t.schedule[slot]);
  if (words.length === 0) return null;
  if (words.length === 1) return words[0]!;
  return `${words.slice(0, -1).join(', ')} ${t.and} ${words.at(-1)}`;
}

function latestWeight(pet: Pet, language: EmergencyLanguage): string | null {
  const latest = pet.weights[0];
  if (!latest) return null;
  const weight = new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    maximumFractionDigits: 2,
  }).format(latest.weight);
  return `${weight} kg (${latest.date})`;
}

const isYes = (value: string | null | undefined) => value === 'Yes';

/** Vet first, then the holder, then the others in the order they were added. */
function contactRank(contact: Contact): number {
  const type = contact.contact_type.trim();
  if (type === VET_CONTACT_TYPE) return 0;
  if (type === 'Holder') return 1;
  return 2;
}

function appointmentType(value: string, language: EmergencyLanguage): string {
  return (APPOINTMENT_TYPE_VALUES as readonly string[]).includes(value)
    ? appointmentTypeLabel(value as AppointmentType, language)
    : value;
}

function renderPet(doc: PdfDocument, data: EmergencyPetData, t: Texts, language: EmergencyLanguage) {
  const { pet } = data;
  doc.continuation(null);
  // Each pet starts with room for its photo and first rows, so a heading never hangs alone.
  doc.ensureSpace(260);
  doc.heading(pet.name);
  doc.continuation(t.continued(pet.name));
  doc.fields(
    [
      [t.species, t.species_[pet.pet_type] ?? pet.pet_type],
      [t.breed, pet.race],
      [t.gender, pet.gender ? (t.gender_[pet.gender] ?? pet.gender) : null],
      [t.birth, pet.date_of_birth],
      [t.color, pet.color],
      [t.size, pet.size],
      [t.features, pet.features],
      [t.labeling, pet.labeling],
      [t.ancestry, pet.ancestry],
      [t.weight, latestWeight(pet, language)],
    ],
    // A finder compares the photo with the animal: without one, a marked empty frame, not a gap.
    { aside: data.photo, asideSize: 130, asidePlaceholder: t.noPhoto },
  );

  const contacts = data.contacts
    .map((contact, index) => ({ contact, index }))
    .sort((a, b) => contactRank(a.contact) - contactRank(b.contact) || a.index - b.index)
    .map(({ contact }) => contact);
  if (contacts.length > 0) {
    doc.subheading(t.contacts);
    for (const contact of contacts) {
      const type = contact.contact_type.trim();
      doc.bullet(
        `${t.contactType_[type] ?? type}: ${joined([contact.title, contact.name], ' ')}`,
        joined(
          [
            contact.phone ? `${t.phone} ${contact.phone}` : null,
            contact.email ? `${t.email} ${contact.email}` : null,
            contactAddress(contact, language),
          ],
          ' · ',
        ),
      );
    }
  }

  const ofType = (type: string) => data.medical.filter((item) => item.medical_medical_type === type);
  const allergies = ofType('allergy');
  const diseases = ofType('disease');
  // Current ones (in_use Yes) in full first; the earlier ones after them, briefly, so that a vet
  // still learns what the animal was given.
  const medications = ofType('medication').filter((item) => isYes(item.in_use));
  const earlierMedications = ofType('medication').filter((item) => !isYes(item.in_use));
  const interventions = ofType('intervention');
  doc.subheading(t.medical);
  const count = allergies.length + diseases.length + medications.length + earlierMedications.length;
  if (count + interventions.length === 0) {
    doc.paragraph(t.noMedical, { muted: true });
  }
  const list = (title: string, items: MedicalListItem[], describe: (item: MedicalListItem) => string) => {
    if (items.length === 0) return;
    doc.paragraph(title, { bold: true });
    for (const item of items) doc.bullet(item.medical_name, describe(item));
  };
  list(t.allergies, allergies, (item) =>
    joined([
      isYes(item.still_acute) ? t.acute : null,
      item.known_since ? t.knownSince(item.known_since) : null,
      item.comments,
    ]),
  );
  list(t.diseases, diseases, (item) =>
    joined([
      item.still_acute ? (isYes(item.still_acute) ? t.stillAcute : t.notAcute) : null,
      item.known_since ? t.knownSince(item.known_since) : null,
      item.executing_organization,
      item.comments,
    ]),
  );
  list(t.medications, medications, (item) =>
    joined([
      item.dosage ? t.dosage(item.dosage) : null,
      data.schedules?.[item.id]
        ? t.carePlan(carePlanInWords(data.schedules[item.id]!, language))
        : scheduleInWords(item.taking_schedule, t),
      item.reason ? t.reason(item.reason) : null,
      item.taking_from ? t.since(item.taking_from) : null,
      item.taking_to ? t.until(item.taking_to) : null,
      isYes(item.prescription) ? t.prescription : null,
      item.manufacturer,
      item.comments,
    ]),
  );
  list(t.earlierMedications, earlierMedications, (item) =>
    joined([
      item.dosage ? t.dosage(item.dosage) : null,
      item.taking_from ? t.since(item.taking_from) : null,
      item.taking_to ? t.until(item.taking_to) : null,
    ]),
  );
  list(t.interventions, interventions, (item) =>
    joined([
      item.surgery_type ? (t.surgery_[item.surgery_type] ?? item.surgery_type) : null,
      item.medical_date ? t.on(item.medical_date) : null,
      joined([item.executing_person, item.executing_organization]),
      item.comments,
    ]),
  );

  if (data.upcoming.length > 0) {
    doc.subheading(t.appointments);
    for (const appointment of data.upcoming) {
      doc.bullet(
        `${appointment.appointment_date} ${t.at(appointment.appointment_time)}`,
        joined([
          // "Impfung: Tollwut" says the type already.
          appointment.appointment_vaccination_type
            ? t.vaccination(appointment.appointment_vaccination_type)
            : appointmentType(appointment.appointment_type, language),
          appointment.appointment_reason,
          appointment.appointment_vet_name ? t.vet(appointment.appointment_vet_name) : null,
        ]),
      );
    }
  }
  doc.space(10);
}

/**
 * Lays out the emergency file and answers its byte stream. Rendering is synchronous and complete
 * before the stream is handed out, so a rendering error is thrown here (an ordinary 500), never
 * half-way through a reply.
 */
export function renderEmergencyFile(data: EmergencyFileData, options: { compress?: boolean } = {}): Readable {
  const t = TEXTS[data.language];
  const created = sellerDate(data.createdAt);
  const doc = createPdfDocument({
    title: t.title,
    headerLeft: data.brand.name,
    headerRight: `${t.title} · ${t.created(created)}`,
    footerLeft: `${data.brand.name} · ${t.support}: ${data.brand.supportEmail}`,
    pageLabel: t.page,
    compress: options.compress,
  });
  try {
    doc.title(`${t.title}`);
    doc.paragraph(t.created(created), { muted: true });
    doc.paragraph(t.intro);
    doc.subheading(t.owner);
    const { owner } = data;
    doc.fields([
      [t.name, owner.name],
      [t.address, ownerAddress(owner, data.language)],
      [t.email, owner.email],
      [t.phone, owner.phone],
    ]);
    doc.space(8);
    if (data.pets.length === 0) doc.paragraph(t.noPets, { muted: true });
    for (const pet of data.pets) renderPet(doc, pet, t, data.language);
    return doc.end();
  } catch (error) {
    doc.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

/**
 * The render worker's entry (platform/pdf/render-pool.ts; emergency.service.ts names it): one
 * structured-cloneable argument.
 */
export function renderEmergencyFileJob(job: { data: EmergencyFileData; compress?: boolean }): Readable {
  return renderEmergencyFile(job.data, { compress: job.compress });
}
