import { z } from 'zod';
import { EMERGENCY_DEFAULT_LANGUAGE, EMERGENCY_FILE_NAMES, EMERGENCY_LANGUAGES } from '../constants.ts';
import { EMERGENCY_PUBLIC_KEYS } from '../errors.ts';
import { idSchema, requiredText } from './common.ts';

/** Emergency file downloads: signed-in (pet-data) and public with an emergency password (account-area). */

export const emergencyLanguageSchema = z.enum(EMERGENCY_LANGUAGES);
export type EmergencyLanguage = z.infer<typeof emergencyLanguageSchema>;

/** GET /v1/emergency?language=: answers the PDF. */
export const emergencyQuerySchema = z.object({
  language: emergencyLanguageSchema.default(EMERGENCY_DEFAULT_LANGUAGE),
  /**
   * One pet's file (issue 35): a pet the user owns or one shared with them (its owner's data and
   * plan). Without it: every pet the user owns.
   */
  pet_id: idSchema.optional(),
});
export type EmergencyQuery = z.infer<typeof emergencyQuerySchema>;

/** GET /v1/emergency/public?activation_code=&language= (no sign-in): answers the PDF. */
export const emergencyPublicQuerySchema = z.object({
  activation_code: requiredText(EMERGENCY_PUBLIC_KEYS.required),
  language: emergencyLanguageSchema.default(EMERGENCY_DEFAULT_LANGUAGE),
});
export type EmergencyPublicQuery = z.infer<typeof emergencyPublicQuerySchema>;

/** The /notfall form: emergency password (trimmed, required) and language. */
export const emergencyPublicFormSchema = z.object({
  code: requiredText(EMERGENCY_PUBLIC_KEYS.required),
  language: emergencyLanguageSchema,
});
export type EmergencyPublicForm = z.infer<typeof emergencyPublicFormSchema>;

/** Download file name per language (Emergency_File.pdf, Notfallakte.pdf). */
export function emergencyFileName(language: EmergencyLanguage): string {
  return EMERGENCY_FILE_NAMES[language];
}
