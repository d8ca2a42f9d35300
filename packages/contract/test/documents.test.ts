import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { MAX_FILE_BYTES } from '../src/constants.ts';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_SAFE_TYPES,
  VET_FINDING_TYPES,
  decodeDocUrl,
  docUrlSchema,
  documentCategoriesOf,
  documentCategoryBySlug,
  documentAreaOf,
  documentCategoryByType,
  documentCreateBodySchema,
  documentSchema,
  documentUpdateBodySchema,
  encodeDocUrl,
  uploadDocumentQuerySchema,
  validateUploadFiles,
} from '../src/entities/documents.ts';
import { issuesOf, keysAt, parseOk } from './helpers.ts';

const docUrl = encodeDocUrl([{ url: 'https://files.example/a.pdf', type: 'pdf' }]);

describe('document categories', () => {
  it('has 6 document-safe and 7 vet-findings categories', () => {
    expect(documentCategoriesOf('document-safe')).toHaveLength(6);
    expect(documentCategoriesOf('vet-findings')).toHaveLength(7);
    expect(DOCUMENT_CATEGORIES).toHaveLength(13);
  });

  it('slugs and add slugs are unique within an area; types are unique overall', () => {
    for (const area of ['document-safe', 'vet-findings'] as const) {
      const categories = documentCategoriesOf(area);
      expect(new Set(categories.map((c) => c.slug)).size).toBe(categories.length);
      expect(new Set(categories.map((c) => c.addSlug)).size).toBe(categories.length);
    }
    // 'Others' is the stored type of both areas' last category (the spec's value); area tells them apart.
    expect(new Set(DOCUMENT_CATEGORIES.map((c) => `${c.area}/${c.documentType}`)).size).toBe(13);
    expect(new Set(DOCUMENT_CATEGORIES.map((c) => c.documentType)).size).toBe(12);
    expect(new Set(DOCUMENT_CATEGORIES.map((c) => c.labelKey)).size).toBe(13);
  });

  it('each area covers exactly its document types', () => {
    expect(
      documentCategoriesOf('document-safe')
        .map((c) => c.documentType)
        .sort(),
    ).toEqual([...DOCUMENT_SAFE_TYPES].sort());
    expect(
      documentCategoriesOf('vet-findings')
        .map((c) => c.documentType)
        .sort(),
    ).toEqual([...VET_FINDING_TYPES].sort());
  });

  it('maps the spec routes', () => {
    expect(documentCategoryBySlug('document-safe', 'certificates-of-descent')).toMatchObject({
      addSlug: 'add-descent-certificate',
      documentType: 'Certificate of Descent',
    });
    expect(documentCategoryBySlug('document-safe', 'bill')?.documentType).toBe('Bills');
    expect(documentCategoryBySlug('vet-findings', 'xrays')).toMatchObject({
      addSlug: 'add-xray',
      documentType: 'X-rays',
    });
    expect(documentCategoryBySlug('vet-findings', 'diagnoses')?.addSlug).toBe('add-diagnose');
    expect(documentCategoryBySlug('document-safe', 'others')?.documentType).toBe('Others');
    expect(documentCategoryBySlug('vet-findings', 'others')?.documentType).toBe('Others');
    expect(documentCategoryBySlug('vet-findings', 'others')?.labelKey).toBe('Other_Findings');
    expect(documentCategoryBySlug('vet-findings', 'bill')).toBeUndefined();
    expect(documentCategoryByType('document-safe', 'Dog Tax')?.slug).toBe('dog-taxes');
    expect(documentCategoryByType('vet-findings', 'Others')?.labelKey).toBe('Other_Findings');
    expect(documentAreaOf('Others')).toBe('document-safe');
    expect(documentAreaOf('Others', 'vet-findings')).toBe('vet-findings');
    expect(documentAreaOf('X-rays')).toBe('vet-findings');
    expect(documentAreaOf('X-rays', 'document-safe')).toBeNull();
  });
});

describe('doc_url', () => {
  it('round-trips entries (property)', () => {
    const entry = fc.record({ url: fc.string({ minLength: 1 }), type: fc.string({ minLength: 1 }) });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 5 }), (entries) => {
        const encoded = encodeDocUrl(entries);
        expect(encoded.every((text) => typeof text === 'string')).toBe(true);
        expect(decodeDocUrl(encoded)).toEqual(entries);
      }),
    );
  });

  it('encodes each entry as a JSON string with url and type', () => {
    expect(JSON.parse(docUrl[0]!)).toEqual({ url: 'https://files.example/a.pdf', type: 'pdf' });
  });

  it('skips strings that are not entries', () => {
    expect(decodeDocUrl(['nope', '{"url":"u"}', '{"url":"u","type":"png"}'])).toEqual([
      { url: 'u', type: 'png' },
    ]);
  });

  it('docUrlSchema: 1..5 encoded entries', () => {
    expect(issuesOf(docUrlSchema, docUrl)).toEqual([]);
    expect(issuesOf(docUrlSchema, [])).toEqual([': Document_Error']);
    expect(issuesOf(docUrlSchema, Array(6).fill(docUrl[0]))).toEqual([': To_Many_Files_Error_Text']);
    expect(issuesOf(docUrlSchema, ['https://plain.url/a.pdf'])).toEqual(['0: Document_Error']);
  });
});

describe('document bodies', () => {
  it('description is required (Description_Text_Error), trimmed', () => {
    const body = { document_type: 'Insurance', description: '  Policy ', doc_url: docUrl };
    expect(parseOk(documentCreateBodySchema, body).description).toBe('Policy');
    expect(keysAt(documentCreateBodySchema, { ...body, description: ' ' }, 'description')).toEqual([
      'Description_Text_Error',
    ]);
    expect(keysAt(documentUpdateBodySchema, {}, 'description')).toEqual(['Description_Text_Error']);
    expect(parseOk(documentUpdateBodySchema, { description: 'x', document_type: 'Bills' })).toEqual({
      description: 'x',
    });
  });

  it('document_type is one of the 13 types', () => {
    const body = { description: 'x', doc_url: docUrl };
    expect(issuesOf(documentCreateBodySchema, { ...body, document_type: 'X-rays' })).toEqual([]);
    expect(keysAt(documentCreateBodySchema, { ...body, document_type: 'Receipts' }, 'document_type')).toEqual(
      ['Document_Type_Error'],
    );
  });

  it("names the area of the vet findings' Others and refuses a type the named area lacks", () => {
    const body = { description: 'x', doc_url: docUrl };
    expect(
      issuesOf(documentCreateBodySchema, { ...body, document_type: 'Others', area: 'vet-findings' }),
    ).toEqual([]);
    expect(issuesOf(documentCreateBodySchema, { ...body, document_type: 'Others' })).toEqual([]);
    expect(
      keysAt(
        documentCreateBodySchema,
        { ...body, document_type: 'X-rays', area: 'document-safe' },
        'document_type',
      ),
    ).toEqual(['Document_Type_Error']);
    expect(
      keysAt(documentCreateBodySchema, { ...body, document_type: 'Other Findings' }, 'document_type'),
    ).toEqual(['Document_Type_Error']);
  });

  it('the answer adds area, id and created_at', () => {
    const doc = {
      area: 'vet-findings',
      id: 'd1',
      description: 'x',
      document_type: 'Photos',
      doc_url: docUrl,
      created_at: '2024-01-01T00:00:00Z',
    };
    expect(issuesOf(documentSchema, doc)).toEqual([]);
    expect(issuesOf(documentSchema, { ...doc, created_at: 'yesterday' })).toHaveLength(1);
  });

  it('upload query needs file_for=pet and pet_id', () => {
    expect(issuesOf(uploadDocumentQuerySchema, { file_for: 'pet', pet_id: 'p1' })).toEqual([]);
    expect(issuesOf(uploadDocumentQuerySchema, { file_for: 'user', pet_id: 'p1' })).toHaveLength(1);
    expect(issuesOf(uploadDocumentQuerySchema, { file_for: 'pet' })).toHaveLength(1);
  });
});

describe('validateUploadFiles', () => {
  it('reports none, too many and too large', () => {
    expect(validateUploadFiles([])).toEqual(['Document_Error']);
    expect(validateUploadFiles([{ size: 1 }])).toEqual([]);
    expect(validateUploadFiles(Array(5).fill({ size: MAX_FILE_BYTES }))).toEqual([]);
    expect(validateUploadFiles(Array(6).fill({ size: 1 }))).toEqual(['To_Many_Files_Error_Text']);
    expect(validateUploadFiles([{ size: MAX_FILE_BYTES + 1 }])).toEqual(['File_Too_Large_Error_Text']);
  });
});
