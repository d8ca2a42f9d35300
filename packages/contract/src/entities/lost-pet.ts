import { z } from 'zod';
import { idSchema, timestampSchema } from './common.ts';

// Lost-pet tag (beyond the spec, issue 17): a printable QR tag per pet that opens a public page
// /found/{tag} with what the owner chose to show, where a finder can message the owner. Paid-plan
// extra (LIMIT_KEYS.paidExtras).

/** Longest owner message on the public page, and longest finder message / phone. */
export const TAG_MESSAGE_MAX = 500;
export const FINDER_MESSAGE_MAX = 1000;
export const FINDER_PHONE_MAX = 40;

/** What the public page shows: each a switch of the owner. */
export const petTagSettingsSchema = z.object({
  /** The owner's first name. */
  show_owner_name: z.boolean(),
  /** The owner's phone (account address data). */
  show_phone: z.boolean(),
  /** The owner's message (message below). */
  show_message: z.boolean(),
  message: z.string().trim().max(TAG_MESSAGE_MAX, 'Tag_Message_Length_Error').nullable(),
  /** Allergies and medication in use. */
  show_medical: z.boolean(),
  /** The phone of the pet's vet contact. */
  show_vet_phone: z.boolean(),
  /** A mail to the owner on every opening of the tag page or the public emergency download. */
  notify_on_access: z.boolean(),
});
export type PetTagSettings = z.infer<typeof petTagSettingsSchema>;

/** GET /v1/pet/tag?pet_id=: the tag of the pet (a pet without one yet has enabled false, url null). */
export const petTagSchema = petTagSettingsSchema.extend({
  enabled: z.boolean(),
  /** The public page's address (what the QR code holds); null until a tag was made. */
  url: z.url().nullable(),
  created_at: timestampSchema.nullable(),
});
export type PetTag = z.infer<typeof petTagSchema>;

/** PUT /v1/pet/tag?pet_id=: fields left out are kept. */
export const petTagUpdateSchema = petTagSettingsSchema.extend({ enabled: z.boolean() }).partial();
export type PetTagUpdate = z.infer<typeof petTagUpdateSchema>;

export const PUBLIC_ACCESS_KINDS = ['tag', 'emergency'] as const;

export const petPublicAccessSchema = z.object({
  kind: z.enum(PUBLIC_ACCESS_KINDS),
  at: timestampSchema,
  /** Coarse device description from the user agent (e.g. "Chrome on Android"); never the address. */
  device: z.string(),
});

export const finderReportSchema = z.object({
  id: idSchema,
  message: z.string(),
  phone: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  created_at: timestampSchema,
});
export type FinderReport = z.infer<typeof finderReportSchema>;

/** GET /v1/pet/tag/activity?pet_id=: newest first, at most 50 of each. */
export const petTagActivitySchema = z.object({
  accesses: z.array(petPublicAccessSchema),
  reports: z.array(finderReportSchema),
});
export type PetTagActivity = z.infer<typeof petTagActivitySchema>;

/** POST /found/{tag} (a plain HTML form): the finder's message to the owner. */
export const finderReportFormSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Finder_Message_Required')
    .max(FINDER_MESSAGE_MAX, 'Finder_Message_Required'),
  phone: z.string().trim().min(3, 'Finder_Phone_Required').max(FINDER_PHONE_MAX, 'Finder_Phone_Required'),
  latitude: z.coerce.number().min(-90).max(90).optional().catch(undefined),
  longitude: z.coerce.number().min(-180).max(180).optional().catch(undefined),
});

/** A tag is 22 base64url characters: 128 random bits. */
export const petTagTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
