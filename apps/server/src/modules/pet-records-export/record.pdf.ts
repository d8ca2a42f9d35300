import type { Readable } from 'node:stream';
import { sellerDate } from '@pet/contract';
import { createPdfDocument, type PdfDocument } from '../../platform/pdf/index.ts';

/**
 * The vaccination and medication record of one pet (issue 17 "Exports"): what a vet reads at a
 * glance. A header block with the pet and its ids, then tables by date: vaccinations (from the
 * pet's vaccination appointments: given on, vaccine, next due, vet) and medications (name, dosage
 * and schedule as stored, from, to, in use), and the allergies. Laid out here from data the
 * service gathered (no I/O); rendered in the PDF render pool.
 */

export type RecordLanguage = 'en' | 'de';

export interface RecordVaccination {
  /** dd.MM.yyyy */
  date: string;
  vaccine: string;
  /** dd.MM.yyyy of the next vaccination of the same vaccine, when one is planned. */
  nextDue: string | null;
  vet: string | null;
  /** Today or later: planned, not given yet. */
  planned: boolean;
}

export interface RecordMedication {
  name: string;
  dosage: string | null;
  /** Schedule words in the record's language, joined. */
  schedule: string | null;
  from: string | null;
  to: string | null;
  inUse: boolean | null;
  reason: string | null;
}

export interface PetRecordData {
  language: RecordLanguage;
  brand: { name: string; supportEmail: string };
  createdAt: Date;
  pet: {
    name: string;
    species: string;
    breed: string | null;
    gender: string | null;
    dateOfBirth: string | null;
    labeling: string | null;
    color: string | null;
  };
  /** Oldest first. */
  vaccinations: RecordVaccination[];
  /** By start date, oldest first; undated last. */
  medications: RecordMedication[];
  allergies: Array<{ name: string; since: string | null }>;
}

export const RECORD_TEXTS = {
  en: {
    title: 'Vaccination and medication record',
    created: (date: string) => `Created on ${date}`,
    pet: 'Pet',
    name: 'Name',
    species: 'Species',
    breed: 'Breed',
    gender: 'Gender',
    birth: 'Date of birth',
    labeling: 'Chip / labeling ID',
    color: 'Colour',
    vaccinations: 'Vaccinations',
    date: 'Date',
    vaccine: 'Vaccine',
    nextDue: 'Next due',
    vet: 'Vet',
    planned: 'planned',
    noVaccinations: 'No vaccinations recorded.',
    medications: 'Medications',
    medication: 'Medication',
    dosage: 'Dosage / frequency',
    from: 'From',
    to: 'To',
    inUse: 'In use',
    yes: 'yes',
    no: 'no',
    noMedications: 'No medications recorded.',
    allergies: 'Allergies',
    since: (date: string) => `since ${date}`,
    page: (page: number, count: number) => `Page ${page} of ${count}`,
    support: 'Support',
    for: (reason: string) => `for ${reason}`,
  },
  de: {
    title: 'Impf- und Medikamentenpass',
    created: (date: string) => `Erstellt am ${date}`,
    pet: 'Tier',
    name: 'Name',
    species: 'Tierart',
    breed: 'Rasse',
    gender: 'Geschlecht',
    birth: 'Geburtsdatum',
    labeling: 'Chip / Kennzeichnung',
    color: 'Farbe',
    vaccinations: 'Impfungen',
    date: 'Datum',
    vaccine: 'Impfstoff / Impfung',
    nextDue: 'Nächste fällig',
    vet: 'Tierarzt',
    planned: 'geplant',
    noVaccinations: 'Keine Impfungen erfasst.',
    medications: 'Medikamente',
    medication: 'Medikament',
    dosage: 'Dosierung / Häufigkeit',
    from: 'Von',
    to: 'Bis',
    inUse: 'In Gebrauch',
    yes: 'ja',
    no: 'nein',
    noMedications: 'Keine Medikamente erfasst.',
    allergies: 'Allergien',
    since: (date: string) => `seit ${date}`,
    page: (page: number, count: number) => `Seite ${page} von ${count}`,
    support: 'Kundenservice',
    for: (reason: string) => `gegen ${reason}`,
  },
} as const;

/** The pet's header rows (also the handover's summary uses them). */
export function petFields(doc: PdfDocument, pet: PetRecordData['pet'], language: RecordLanguage): void {
  const t = RECORD_TEXTS[language];
  doc.fields([
    [t.name, pet.name],
    [t.species, pet.species],
    [t.breed, pet.breed],
    [t.gender, pet.gender],
    [t.birth, pet.dateOfBirth],
    [t.labeling, pet.labeling],
    [t.color, pet.color],
  ]);
}

export function renderPetRecord(data: PetRecordData, options: { compress?: boolean } = {}): Readable {
  const t = RECORD_TEXTS[data.language];
  const created = sellerDate(data.createdAt);
  const title = `${t.title} – ${data.pet.name}`;
  const doc = createPdfDocument({
    title,
    author: data.brand.name,
    headerLeft: data.brand.name,
    headerRight: `${t.title} · ${created}`,
    footerLeft: `${t.support}: ${data.brand.supportEmail}`,
    pageLabel: t.page,
    compress: options.compress,
  });
  try {
    doc.title(title);
    doc.paragraph(t.created(created), { muted: true });
    doc.subheading(t.pet);
    petFields(doc, data.pet, data.language);
    doc.continuation(data.pet.name);

    doc.heading(t.vaccinations);
    if (data.vaccinations.length === 0) doc.paragraph(t.noVaccinations, { muted: true });
    else {
      doc.table(
        [
          { header: t.date, weight: 1 },
          { header: t.vaccine, weight: 2.2 },
          { header: t.nextDue, weight: 1.1 },
          { header: t.vet, weight: 1.7 },
        ],
        data.vaccinations.map((row) => [
          row.planned ? `${row.date} (${t.planned})` : row.date,
          row.vaccine,
          row.nextDue,
          row.vet,
        ]),
      );
    }

    doc.heading(t.medications);
    if (data.medications.length === 0) doc.paragraph(t.noMedications, { muted: true });
    else {
      doc.table(
        [
          { header: t.medication, weight: 1.8 },
          { header: t.dosage, weight: 1.8 },
          { header: t.from, weight: 1 },
          { header: t.to, weight: 1 },
          { header: t.inUse, weight: 0.8 },
        ],
        data.medications.map((row) => [
          [row.name, row.reason ? t.for(row.reason) : null].filter(Boolean).join('\n'),
          [row.dosage, row.schedule].filter(Boolean).join(', '),
          row.from,
          row.to,
          row.inUse === null ? null : row.inUse ? t.yes : t.no,
        ]),
      );
    }

    if (data.allergies.length > 0) {
      doc.heading(t.allergies);
      for (const allergy of data.allergies)
        doc.bullet(allergy.name, allergy.since ? t.since(allergy.since) : null);
    }
    return doc.end();
  } catch (error) {
    doc.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

/** The render worker's entry (platform/pdf/render-pool.ts; pet-records-export.service.ts names it). */
export function renderPetRecordJob(job: { data: PetRecordData; compress?: boolean }): Readable {
  return renderPetRecord(job.data, { compress: job.compress });
}
