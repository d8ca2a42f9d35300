import {
  ddMmYyyySortKey,
  isDateBeforeToday,
  VACCINATION_APPOINTMENT_TYPE,
  VET_CONTACT_TYPE,
  type AppointmentListItem,
  type Contact,
  type MedicalListItem,
  type Pet,
} from '@pet/contract';
import type { PetRecordData, RecordLanguage, RecordMedication, RecordVaccination } from './record.pdf.ts';
import type { Schedule } from '@pet/contract';
import { scheduleInWords } from '../care/care.text.ts';

/** What the record and the handover PDFs print of a pet's data: pure mapping, both languages. */

const SPECIES = {
  en: { Dog: 'Dog', Cat: 'Cat', Other: 'Other' },
  de: { Dog: 'Hund', Cat: 'Katze', Other: 'Anderes Tier' },
} as Record<RecordLanguage, Record<string, string>>;
const GENDER = {
  en: { male: 'male', female: 'female' },
  de: { male: 'männlich', female: 'weiblich' },
} as Record<RecordLanguage, Record<string, string>>;
const SCHEDULE = {
  en: { Mornings: 'mornings', Noons: 'noons', Evenings: 'evenings' },
  de: { Mornings: 'morgens', Noons: 'mittags', Evenings: 'abends' },
} as Record<RecordLanguage, Record<string, string>>;

const sortKey = (date: string | null | undefined) => {
  const key = date ? ddMmYyyySortKey(date) : Number.NaN;
  return Number.isNaN(key) ? Number.MAX_SAFE_INTEGER : key;
};

export const joinAddress = (parts: Array<string | null | undefined>) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ') || null;

export function petHeader(pet: Pet, language: RecordLanguage): PetRecordData['pet'] {
  return {
    name: pet.name,
    species: SPECIES[language]![pet.pet_type] ?? pet.pet_type,
    breed: pet.race ?? null,
    gender: pet.gender ? (GENDER[language]![pet.gender] ?? pet.gender) : null,
    dateOfBirth: pet.date_of_birth ?? null,
    labeling: pet.labeling ?? null,
    color: pet.color ?? null,
  };
}

/**
 * The pet's vaccinations (its vaccination appointments) oldest first; each with the next planned
 * vaccination of the same vaccine (by name, any case) as its "next due".
 */
export function vaccinationsOf(
  appointments: readonly AppointmentListItem[],
  today: Date,
): RecordVaccination[] {
  const rows = appointments
    .filter((item) => item.appointment_type === VACCINATION_APPOINTMENT_TYPE)
    .map((item) => ({
      date: item.appointment_date,
      time: item.appointment_time,
      vaccine: item.appointment_vaccination_type?.trim() || item.appointment_reason?.trim() || '–',
      vet: item.appointment_vet_name?.trim() || null,
      planned: !isDateBeforeToday(item.appointment_date, today),
    }))
    .sort((a, b) => sortKey(a.date) - sortKey(b.date) || a.time.localeCompare(b.time));
  return rows.map((row, index) => {
    const next = rows
      .slice(index + 1)
      .find(
        (later) =>
          later.vaccine.toLowerCase() === row.vaccine.toLowerCase() &&
          sortKey(later.date) > sortKey(row.date),
      );
    return {
      date: row.date,
      vaccine: row.vaccine,
      nextDue: next?.date ?? null,
      vet: row.vet,
      planned: row.planned,
    };
  });
}

/**
 * `schedules`: the current care-plan schedule per med id (issue 36); a medication with one shows
 * it instead of its morning/noon/evening taking schedule.
 */
export function medicationsOf(
  medical: readonly MedicalListItem[],
  language: RecordLanguage,
  schedules: ReadonlyMap<string, Schedule> = new Map(),
): RecordMedication[] {
  return medical
    .filter((row) => row.medical_medical_type === 'medication')
    .map((row) => ({
      name: row.medical_name,
      dosage: row.dosage?.trim() || null,
      schedule: schedules.has(row.id)
        ? scheduleInWords(schedules.get(row.id)!, language)
        : row.taking_schedule?.length
          ? row.taking_schedule.map((entry) => SCHEDULE[language]![entry] ?? entry).join(', ')
          : null,
      from: row.taking_from ?? row.medical_date ?? null,
      to: row.taking_to ?? null,
      inUse: row.in_use === 'Yes' ? true : row.in_use === 'No' ? false : null,
      reason: row.reason?.trim() || null,
    }))
    .sort((a, b) => sortKey(a.from) - sortKey(b.from) || a.name.localeCompare(b.name));
}

export function vetsOf(contacts: readonly Contact[]) {
  return contacts
    .filter((contact) => contact.contact_type.trim() === VET_CONTACT_TYPE)
    .map((contact) => ({
      name: [contact.title, contact.name].filter(Boolean).join(' '),
      phone: contact.phone ?? null,
      email: contact.email ?? null,
      address: joinAddress([
        contact.address,
        [contact.zip, contact.city].filter(Boolean).join(' '),
        contact.country,
      ]),
    }));
}
