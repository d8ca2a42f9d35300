import { PET_SIZE_MAX_CM, PET_SIZE_MIN_CM } from './constants.ts';
import { ddMmYyyySortKey, parseDdMmYyyy } from './dates.ts';

/**
 * The pet profile's rules that need no zod (pet-data sections 3, 5 and 7): the genders, the
 * weight entry checks of the add button, the order of the weights and the size text. The web's
 * pet form uses them on its first render; entities/pets.ts builds the schemas on top of them.
 */

export const GENDERS = ['male', 'female'] as const;

/** One weight entry: kg (a number, never negative) at a dd.MM.yyyy date (weightEntrySchema). */
export interface WeightEntry {
  weight: number;
  date: string;
}

export const WEIGHT_KEYS = {
  dateMissing: 'My_Animal_Date_Error_Text',
  weightMissing: 'My_Animal_Weight_Error_Text',
  negative: 'My_Animal_Negative_Number_Error_Text',
  unsavedEntry: 'Weight_Response_Ignored_Text',
} as const;

/** What the weight inputs hold before an entry is added: the typed texts. */
export interface WeightInput {
  weight: string;
  date: string;
}

/** Weight text as typed (decimal comma or point) to kg; null when it is not a number. */
export function parseWeightInput(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(normalized)) return null;
  return Number(normalized);
}

/**
 * The checks of the weight add button (pet-data section 5). Returns the keys to show, empty when
 * the entry can be added. Both inputs empty shows both "missing" errors.
 */
export function validateWeightEntry(input: WeightInput): string[] {
  const weight = input.weight.trim();
  const date = input.date.trim();
  const keys: string[] = [];
  if (date === '' || parseDdMmYyyy(date) === null) keys.push(WEIGHT_KEYS.dateMissing);
  if (weight === '') keys.push(WEIGHT_KEYS.weightMissing);
  else if (weight.includes('-')) keys.push(WEIGHT_KEYS.negative);
  else if (parseWeightInput(weight) === null) keys.push(WEIGHT_KEYS.weightMissing);
  return keys;
}

/** The entry to add, or null while validateWeightEntry reports errors. */
export function weightEntryFromInput(input: WeightInput): WeightEntry | null {
  if (validateWeightEntry(input).length > 0) return null;
  return { weight: parseWeightInput(input.weight) ?? 0, date: input.date.trim() };
}

/** A half-filled weight entry blocks saving the pet: the key to show, or null. */
export function unsavedWeightEntryKey(input: WeightInput): string | null {
  const hasWeight = input.weight.trim() !== '';
  const hasDate = input.date.trim() !== '';
  return hasWeight !== hasDate ? WEIGHT_KEYS.unsavedEntry : null;
}

/** Newest date first; entries with the same date keep their order; invalid dates go last. */
export function sortWeightsNewestFirst<T extends { date: string }>(weights: readonly T[]): T[] {
  const key = (entry: T) => {
    const value = ddMmYyyySortKey(entry.date);
    return Number.isNaN(value) ? Number.NEGATIVE_INFINITY : value;
  };
  return [...weights].sort((a, b) => key(b) - key(a));
}

// Size: the picker offers whole centimetres 10..100 and stores the text with its unit, "45 cm".

export const PET_SIZE_ERROR_KEY = 'Pet_Size_Error';

export function formatPetSize(cm: number): string {
  return `${cm} cm`;
}

/** Centimetres of a size text, or null when it is not "<10..100> cm". */
export function parsePetSize(text: string): number | null {
  const match = /^(\d{1,3}) cm$/.exec(text.trim());
  if (!match) return null;
  const cm = Number(match[1]);
  return cm >= PET_SIZE_MIN_CM && cm <= PET_SIZE_MAX_CM ? cm : null;
}
