import { z } from 'zod';
import { DDMMYYYY_PATTERN, HHMM_PATTERN, parseDdMmYyyy } from '../dates.ts';

/**
 * Building blocks shared by the entity files. Conventions:
 * - Validation messages are translation keys of the spec (the web shows them via i18next, the
 *   server answers 400 with the first one as `key`).
 * - Optional text fields in request bodies accept a string, null or nothing; '' means "not given".
 *   Answers reuse the body schemas, so the server may answer null (preferred) or '' for such fields.
 * - Ids are opaque non-empty strings (UUIDs for our rows, identity-service ids for users).
 */

export {
  ddMmYyyySortKey,
  formatDdMmYyyy,
  isDateBeforeToday,
  parseDdMmYyyy,
  todayAtOffset,
} from '../dates.ts';

/** Key for a malformed dd.MM.yyyy date (not in the spec's catalogue; the form pickers avoid it). */
export const DATE_FORMAT_ERROR_KEY = 'Date_Format_Error';
/** Key for a malformed HH:mm time (not in the spec's catalogue; the form pickers avoid it). */
export const TIME_FORMAT_ERROR_KEY = 'Time_Format_Error';
export const EMAIL_FORMAT_ERROR_KEY = 'Email_Format_Error';

export const idSchema = z.string().min(1);
/** Row timestamps (created_at): ISO 8601 in UTC, as `Date.prototype.toISOString()` writes them. */
export const timestampSchema = z.iso.datetime();

/**
 * Bounds of every free-text field (issue 15 item 6). The spec gives none (but comments, 100); these
 * are generous for people and keep a hostile value from costing seconds in a PDF. zod's `.max`
 * shows each bound as maxLength in the OpenAPI document.
 */
export const SHORT_TEXT_MAX_LENGTH = 200;
export const LONG_TEXT_MAX_LENGTH = 2_000;
/** RFC 5321: an address of more than 254 characters cannot be delivered. */
export const EMAIL_MAX_LENGTH = 254;
/** Keys for an optional text over its bound (a required one keeps its own key). */
export const TEXT_LENGTH_KEYS = {
  short: 'Short_Text_Length_Error',
  long: 'Long_Text_Length_Error',
} as const;

/** A required text field: trimmed; empty (or missing) or longer than `max` gives `key`. */
export function requiredText(key: string, max: number = SHORT_TEXT_MAX_LENGTH) {
  return z.string(key).trim().min(1, key).max(max, key);
}

/** An optional free-text field of up to SHORT_TEXT_MAX_LENGTH characters; '' or null means not given. */
export const optionalText = z.string().trim().max(SHORT_TEXT_MAX_LENGTH, TEXT_LENGTH_KEYS.short).nullish();

/** An optional free-text field of up to LONG_TEXT_MAX_LENGTH characters (descriptions, notes). */
export const optionalLongText = z.string().trim().max(LONG_TEXT_MAX_LENGTH, TEXT_LENGTH_KEYS.long).nullish();

/** An optional e-mail: trimmed, '' means not given, anything else must be a valid address. */
export const optionalEmailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, EMAIL_FORMAT_ERROR_KEY)
  .refine((value) => value === '' || z.regexes.email.test(value), EMAIL_FORMAT_ERROR_KEY)
  .nullish();

/**
 * The rule of every PUT: a field the client left out (undefined) keeps its stored value; a sent
 * value, null included, replaces it (null clears an optional field).
 */
export function mergeSentFields<T extends object>(stored: T, sent: { [K in keyof T]?: T[K] | undefined }): T {
  const merged = { ...stored };
  for (const [key, value] of Object.entries(sent)) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/** '' and undefined become null: for storing optional fields that came from a body. */
export function blankToNull<T>(value: T | '' | null | undefined): T | null {
  return value === '' || value === undefined ? null : value;
}

// ---------------------------------------------------------------------------------------------
// Dates dd.MM.yyyy and times HH:mm (24 h): the helpers live in ../dates.ts (no zod there).

export const ddmmyyyySchema = z
  .string(DATE_FORMAT_ERROR_KEY)
  .trim()
  .regex(DDMMYYYY_PATTERN, { error: DATE_FORMAT_ERROR_KEY, abort: true })
  .refine((value) => parseDdMmYyyy(value) !== null, DATE_FORMAT_ERROR_KEY);

/** A required date: empty gives `requiredKey`, a malformed one Date_Format_Error. */
export function requiredDdMmYyyy(requiredKey: string) {
  return z
    .string(requiredKey)
    .trim()
    .min(1, { error: requiredKey, abort: true })
    .refine((value) => parseDdMmYyyy(value) !== null, DATE_FORMAT_ERROR_KEY);
}

/** An optional date ('' or null = not given). */
export const optionalDdMmYyyy = z
  .string()
  .trim()
  .refine((value) => value === '' || parseDdMmYyyy(value) !== null, DATE_FORMAT_ERROR_KEY)
  .nullish();

export const hhmmSchema = z.string(TIME_FORMAT_ERROR_KEY).trim().regex(HHMM_PATTERN, TIME_FORMAT_ERROR_KEY);

/** A required time: empty gives `requiredKey`, a malformed one Time_Format_Error. */
export function requiredHhMm(requiredKey: string) {
  return z
    .string(requiredKey)
    .trim()
    .min(1, { error: requiredKey, abort: true })
    .regex(HHMM_PATTERN, TIME_FORMAT_ERROR_KEY);
}

export const optionalHhMm = z
  .string()
  .trim()
  .refine((value) => value === '' || HHMM_PATTERN.test(value), TIME_FORMAT_ERROR_KEY)
  .nullish();

/** Yes/No answers of the medical forms (still_acute, prescription, in_use). */
export const YES_NO = ['Yes', 'No'] as const;
export const yesNoSchema = z.enum(YES_NO);
export type YesNo = z.infer<typeof yesNoSchema>;

// ---------------------------------------------------------------------------------------------
// Query strings and small answers shared by several calls.

export const idQuerySchema = z.object({ id: idSchema });
export const petIdQuerySchema = z.object({ pet_id: idSchema });

/** Answer of calls whose only use is a confirmation text (deletes, verifyemail, ...). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** POST /v1/upload/image?file_for=user | pet&pet_id= (pet_id required for pets). */
export const uploadImageQuerySchema = z
  .object({ file_for: z.enum(['user', 'pet']), pet_id: idSchema.optional() })
  .refine((query) => query.file_for === 'user' || query.pet_id !== undefined, {
    path: ['pet_id'],
    message: 'pet_id is required when file_for=pet',
  });
export type UploadImageQuery = z.infer<typeof uploadImageQuerySchema>;
export const uploadImageResponseSchema = z.object({ image_url: z.string().min(1) });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;
