import { z } from 'zod';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '../constants.ts';
import { idSchema, LONG_TEXT_MAX_LENGTH, requiredText, timestampSchema } from './common.ts';

/** Document safe and vet findings (pet-data sections 2, 3, 5 and 7). */

/** Stored document_type values of the document safe (Dog Tax is also called Pet Tax in texts). */
export const DOCUMENT_SAFE_TYPES = [
  'Bills',
  'Certificate of Descent',
  'Others',
  'Dog Tax',
  'Insurance',
  'EU Pet Passport',
] as const;

/**
 * Stored document_type values of the vet findings. The last category is "Others" as in the spec,
 * the same value as the document safe's; a document's `area` tells the two apart.
 */
export const VET_FINDING_TYPES = [
  'Diagnoses',
  'Laboratory Findings',
  'Photos',
  'Prescriptions',
  'X-rays',
  'Ultrasound Images',
  'Others',
] as const;

/** Every stored document_type once ('Others' belongs to both areas). */
type DocumentTypeValue = (typeof DOCUMENT_SAFE_TYPES)[number] | (typeof VET_FINDING_TYPES)[number];
export const DOCUMENT_TYPES = [
  ...new Set<DocumentTypeValue>([...DOCUMENT_SAFE_TYPES, ...VET_FINDING_TYPES]),
] as [DocumentTypeValue, ...DocumentTypeValue[]];
export const documentTypeSchema = z.enum(DOCUMENT_TYPES, 'Document_Type_Error');
export type DocumentType = z.infer<typeof documentTypeSchema>;

export const DOCUMENT_AREAS = ['document-safe', 'vet-findings'] as const;
export type DocumentArea = (typeof DOCUMENT_AREAS)[number];
export const documentAreaSchema = z.enum(DOCUMENT_AREAS, 'Document_Type_Error');

/**
 * The area a document of `type` belongs to: the one named when the type exists there, else the
 * type's only area ('Others' without an area is the document safe's, as the spec's clients send
 * it); null when the named area has no such type.
 */
export function documentAreaOf(type: DocumentType, area?: DocumentArea | null): DocumentArea | null {
  const areas = DOCUMENT_AREAS.filter((candidate) =>
    DOCUMENT_CATEGORIES.some((category) => category.area === candidate && category.documentType === type),
  );
  if (area) return areas.includes(area) ? area : null;
  return areas[0] ?? null;
}

export interface DocumentCategory {
  area: DocumentArea;
  /** List route under /pet-details/{name}/{id}/{area}. */
  slug: string;
  /** Add route under the list route. */
  addSlug: string;
  documentType: DocumentType;
  labelKey: string;
}

/** The 13 categories, in the order of the spec's route tables. */
export const DOCUMENT_CATEGORIES: readonly DocumentCategory[] = [
  {
    area: 'document-safe',
    slug: 'certificates-of-descent',
    addSlug: 'add-descent-certificate',
    documentType: 'Certificate of Descent',
    labelKey: 'Certificates_Of_Descent',
  },
  {
    area: 'document-safe',
    slug: 'eu-pet-passports',
    addSlug: 'add-eu-pet-passport',
    documentType: 'EU Pet Passport',
    labelKey: 'EU_Pet_Passports',
  },
  {
    area: 'document-safe',
    slug: 'insurances',
    addSlug: 'add-insurance',
    documentType: 'Insurance',
    labelKey: 'Insurances',
  },
  {
    area: 'document-safe',
    slug: 'dog-taxes',
    addSlug: 'add-dog-tax',
    documentType: 'Dog Tax',
    labelKey: 'Dog_Taxes',
  },
  { area: 'document-safe', slug: 'bill', addSlug: 'add-bill', documentType: 'Bills', labelKey: 'Bills' },
  { area: 'document-safe', slug: 'others', addSlug: 'add-other', documentType: 'Others', labelKey: 'Others' },
  {
    area: 'vet-findings',
    slug: 'prescriptions',
    addSlug: 'add-prescription',
    documentType: 'Prescriptions',
    labelKey: 'Prescriptions',
  },
  {
    area: 'vet-findings',
    slug: 'laboratory-findings',
    addSlug: 'add-laboratory-finding',
    documentType: 'Laboratory Findings',
    labelKey: 'Laboratory_Findings',
  },
  { area: 'vet-findings', slug: 'xrays', addSlug: 'add-xray', documentType: 'X-rays', labelKey: 'Xrays' },
  {
    area: 'vet-findings',
    slug: 'ultrasound',
    addSlug: 'add-ultrasound',
    documentType: 'Ultrasound Images',
    labelKey: 'Ultrasound_Images',
  },
  {
    area: 'vet-findings',
    slug: 'diagnoses',
    addSlug: 'add-diagnose',
    documentType: 'Diagnoses',
    labelKey: 'Diagnoses',
  },
  { area: 'vet-findings', slug: 'photos', addSlug: 'add-photo', documentType: 'Photos', labelKey: 'Photos' },
  {
    area: 'vet-findings',
    slug: 'others',
    addSlug: 'add-other',
    documentType: 'Others',
    labelKey: 'Other_Findings',
  },
];

/** Does the document belong to the category? Area and type both, as the two "Others" share a type. */
export function isDocumentOfCategory(
  document: { area: DocumentArea; document_type: DocumentType },
  category: DocumentCategory,
): boolean {
  return document.area === category.area && document.document_type === category.documentType;
}

export function documentCategoriesOf(area: DocumentArea): DocumentCategory[] {
  return DOCUMENT_CATEGORIES.filter((category) => category.area === area);
}

export function documentCategoryBySlug(area: DocumentArea, slug: string): DocumentCategory | undefined {
  return DOCUMENT_CATEGORIES.find((category) => category.area === area && category.slug === slug);
}

export function documentCategoryByType(area: DocumentArea, type: DocumentType): DocumentCategory | undefined {
  return DOCUMENT_CATEGORIES.find((category) => category.area === area && category.documentType === type);
}

// ---------------------------------------------------------------------------------------------
// doc_url: a list of JSON strings, each {"url": ..., "type": "pdf"} (the file's extension).

export const docUrlEntrySchema = z.object({ url: z.string().min(1), type: z.string().min(1) });
export type DocUrlEntry = z.infer<typeof docUrlEntrySchema>;

function decodeDocUrlString(value: string): DocUrlEntry | null {
  try {
    const parsed = docUrlEntrySchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function encodeDocUrl(entries: readonly DocUrlEntry[]): string[] {
  return entries.map(({ url, type }) => JSON.stringify({ url, type }));
}

/** Entries of a doc_url list; strings that are not an encoded entry are skipped. */
export function decodeDocUrl(list: readonly string[]): DocUrlEntry[] {
  return list.map(decodeDocUrlString).filter((entry): entry is DocUrlEntry => entry !== null);
}

/** A document holds the files of one upload: 1 to MAX_FILES_PER_UPLOAD encoded entries. */
export const docUrlSchema = z
  .array(z.string().refine((value) => decodeDocUrlString(value) !== null, 'Document_Error'))
  .min(1, 'Document_Error')
  .max(MAX_FILES_PER_UPLOAD, 'To_Many_Files_Error_Text');

// ---------------------------------------------------------------------------------------------
// Calls.

const documentFieldsSchema = z.object({
  document_type: documentTypeSchema,
  description: requiredText('Description_Text_Error', LONG_TEXT_MAX_LENGTH),
  doc_url: docUrlSchema,
});

/**
 * POST /v1/document?pet_id=. `area` (our addition, optional) says which "Others" is meant; left
 * out, a type's only area, and 'Others' is the document safe's. A type the area lacks is refused.
 */
export const documentCreateBodySchema = documentFieldsSchema
  .extend({
    area: documentAreaSchema
      .nullish()
      .meta({ description: "Which area's category: needed only for the vet findings' Others" }),
  })
  .refine((body) => documentAreaOf(body.document_type, body.area) !== null, {
    path: ['document_type'],
    message: 'Document_Type_Error',
  });
export type DocumentCreateBody = z.infer<typeof documentCreateBodySchema>;

/** PUT /v1/document?doc_id=: only the description can change. */
export const documentUpdateBodySchema = documentFieldsSchema.pick({ description: true });
export type DocumentUpdateBody = z.infer<typeof documentUpdateBodySchema>;

export const documentSchema = documentFieldsSchema.extend({
  area: documentAreaSchema,
  id: idSchema,
  created_at: timestampSchema,
  /** Who added it (sharing, issue 35: a carer may change or delete only their own); null: the owner, before sharing. */
  created_by: idSchema.nullable().optional(),
});
export type PetDocument = z.infer<typeof documentSchema>;

/** GET /v1/document/mydocs?pet_id=: a plain array. */
export const documentListResponseSchema = z.array(documentSchema);

export const docIdQuerySchema = z.object({ doc_id: idSchema });

/** POST /v1/upload/document?file_for=pet&pet_id=. */
export const uploadDocumentQuerySchema = z.object({ file_for: z.literal('pet'), pet_id: idSchema });
export type UploadDocumentQuery = z.infer<typeof uploadDocumentQuerySchema>;

/** The upload's "file URL data": the doc_url strings to send with POST /v1/document as they are. */
export const uploadDocumentResponseSchema = z.object({ doc_url: docUrlSchema });
export type UploadDocumentResponse = z.infer<typeof uploadDocumentResponseSchema>;

/** The chosen files (pet-data section 5): keys for none, too many, or one too large. */
export function validateUploadFiles(files: ReadonlyArray<{ size: number }>): string[] {
  const keys: string[] = [];
  if (files.length === 0) keys.push('Document_Error');
  if (files.length > MAX_FILES_PER_UPLOAD) keys.push('To_Many_Files_Error_Text');
  if (files.some((file) => file.size > MAX_FILE_BYTES)) keys.push('File_Too_Large_Error_Text');
  return keys;
}
