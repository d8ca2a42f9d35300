import { z } from 'zod';
import { idSchema, timestampSchema } from './common.ts';

// Exports (beyond the spec, issue 17): a pet's vaccination and medication record as a PDF, and the
// vet handover (one PDF of a summary page and chosen documents, downloaded or shared through a
// time-limited link). Paid-plan extras (LIMIT_KEYS.paidExtras).

/** Documents one handover may carry. */
export const HANDOVER_MAX_DOCUMENTS = 50;
/** The handover's input (the chosen documents' stored files together) may not pass this. */
export const HANDOVER_MAX_INPUT_BYTES = 100 * 1024 * 1024;
/** A share link answers for this many days after it was made. */
export const HANDOVER_LINK_DAYS = 7;

/** Error keys of the exports (both locale files carry them). */
export const EXPORT_KEYS = {
  /** The chosen documents' files together are larger than HANDOVER_MAX_INPUT_BYTES. */
  tooLarge: 'Handover_Too_Large_Text',
  /** The same document twice, or more than HANDOVER_MAX_DOCUMENTS. */
  documents: 'Handover_Documents_Error',
} as const;

export const HANDOVER_MODES = ['pdf', 'link'] as const;
export type HandoverMode = (typeof HANDOVER_MODES)[number];

/**
 * POST /v1/pet/handover: the pet, some of its documents (none is fine: the summary alone), and
 * whether to answer the PDF at once (`pdf`) or a share link (`link`).
 */
export const handoverCreateBodySchema = z.object({
  pet_id: idSchema,
  document_ids: z
    .array(idSchema)
    .max(HANDOVER_MAX_DOCUMENTS, EXPORT_KEYS.documents)
    .refine((ids) => new Set(ids).size === ids.length, EXPORT_KEYS.documents),
  mode: z.enum(HANDOVER_MODES),
});
export type HandoverCreateBody = z.infer<typeof handoverCreateBodySchema>;

/** A share link as its owner sees it (GET /v1/pet/handover/links, POST with mode link). */
export const handoverLinkSchema = z.object({
  id: idSchema,
  /** The public page: {origin}/handover/{token}; the PDF is {url}.pdf. */
  url: z.url(),
  pet_id: idSchema,
  document_count: z.number().int().min(0),
  created_at: timestampSchema,
  expires_at: timestampSchema,
  revoked_at: timestampSchema.nullable(),
  /** active: answers; expired: past expires_at; revoked: the owner switched it off. */
  status: z.enum(['active', 'expired', 'revoked']),
  downloads: z.number().int().min(0),
  last_download_at: timestampSchema.nullable(),
});
export type HandoverLink = z.infer<typeof handoverLinkSchema>;

/** GET /v1/pet/handover/links?pet_id=: newest first. */
export const handoverLinkListSchema = z.array(handoverLinkSchema);

/** DELETE /v1/pet/handover/link?id=. */
export const handoverLinkIdQuerySchema = z.object({ id: idSchema });

/** A share link's token is 22 base64url characters: 128 random bits. */
export const handoverTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/** The record's file name (the web offers it as the download's name). */
export function petRecordFileName(petName: string, language: 'en' | 'de'): string {
  const base = language === 'de' ? 'Impf-und-Medikamentenpass' : 'Vaccination-and-medication-record';
  const safe = petName.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '');
  return `${base}${safe ? `-${safe}` : ''}.pdf`;
}
