import { describe, it, expect } from 'vitest';
import { COMMENTS_MAX_LENGTH } from '../src/constants.ts';
import {
  MEDICAL_CATEGORIES,
  allergyCreateBodySchema,
  allergyUpdateBodySchema,
  diseaseCreateBodySchema,
  diseaseUpdateBodySchema,
  fromMedicalListItem,
  interventionCreateBodySchema,
  medicalItemsOfType,
  medicalListItemSchema,
  medicalRecordSchema,
  medicationCreateBodySchema,
  toMedicalListItem,
  type MedicalRecord,
} from '../src/entities/medical.ts';
import { issuesOf, keysAt, parseOk } from './helpers.ts';

const record: MedicalRecord = {
  id: 'm1',
  pet_id: 'p1',
  user_id: 'u1',
  job_id: null,
  created_at: '2024-01-02T10:00:00.000Z',
  medical_type: 'medication',
  name: 'Antibiotic',
  date: '02.01.2024',
  known_since: null,
  still_acute: 'Yes',
  executing_person: 'Dr. Vet',
  executing_organization: 'Clinic',
  comments: 'twice a day',
  surgery_type: null,
  manufacturer: 'Pharma',
  prescription: 'Yes',
  in_use: 'No',
  taking_schedule: ['Mornings', 'Evenings'],
  reason: 'infection',
  dosage: '5 ml',
  taking_from: '02.01.2024',
  taking_to: '09.01.2024',
  pharma_central_number: '12345678',
};

describe('medical bodies', () => {
  it('every kind requires a name (Name_Error), trimmed', () => {
    for (const schema of [
      allergyCreateBodySchema,
      diseaseCreateBodySchema,
      interventionCreateBodySchema,
      medicationCreateBodySchema,
    ]) {
      expect(keysAt(schema, {}, 'name')).toEqual(['Name_Error']);
      expect(keysAt(schema, { name: '   ' }, 'name')).toEqual(['Name_Error']);
      expect(parseOk(schema, { name: ' Pollen ' }).name).toBe('Pollen');
    }
  });

  it('comments are limited to COMMENTS_MAX_LENGTH (Comments_Length_Error)', () => {
    const ok = 'x'.repeat(COMMENTS_MAX_LENGTH);
    expect(issuesOf(allergyCreateBodySchema, { name: 'A', comments: ok })).toEqual([]);
    expect(keysAt(allergyCreateBodySchema, { name: 'A', comments: `${ok}x` }, 'comments')).toEqual([
      'Comments_Length_Error',
    ]);
    // Trimmed before counting.
    expect(issuesOf(medicationCreateBodySchema, { name: 'A', comments: ` ${ok} ` })).toEqual([]);
  });

  it('checks the enumerations', () => {
    expect(issuesOf(allergyCreateBodySchema, { name: 'A', still_acute: 'Maybe' })).toHaveLength(1);
    expect(issuesOf(interventionCreateBodySchema, { name: 'A', surgery_type: 'Implant' })).toEqual([]);
    expect(issuesOf(interventionCreateBodySchema, { name: 'A', surgery_type: 'Other' })).toHaveLength(1);
    expect(issuesOf(medicationCreateBodySchema, { name: 'A', taking_schedule: ['Noons'] })).toEqual([]);
    expect(issuesOf(medicationCreateBodySchema, { name: 'A', taking_schedule: ['Afternoons'] })).toHaveLength(
      1,
    );
    expect(keysAt(medicationCreateBodySchema, { name: 'A', taking_to: '32.01.2024' }, 'taking_to')).toEqual([
      'Date_Format_Error',
    ]);
  });

  it('allergy/disease create accept only their own medical_type; updates drop it', () => {
    expect(issuesOf(allergyCreateBodySchema, { name: 'A', medical_type: 'allergy' })).toEqual([]);
    expect(issuesOf(allergyCreateBodySchema, { name: 'A', medical_type: 'disease' })).toHaveLength(1);
    expect(issuesOf(diseaseCreateBodySchema, { name: 'A', medical_type: 'disease' })).toEqual([]);
    expect(parseOk(allergyUpdateBodySchema, { name: 'A', medical_type: 'allergy' })).toEqual({ name: 'A' });
  });

  it('disease is allergy plus executing_organization', () => {
    expect(Object.keys(diseaseUpdateBodySchema.shape).sort()).toEqual(
      [...Object.keys(allergyUpdateBodySchema.shape), 'executing_organization'].sort(),
    );
    expect(parseOk(allergyUpdateBodySchema, { name: 'A', executing_organization: 'X' })).toEqual({
      name: 'A',
    });
  });

  it('medication body keeps all its fields', () => {
    const { id: _i, pet_id: _p, user_id: _u, job_id: _j, created_at: _c, medical_type: _m, ...body } = record;
    const { known_since: _k, surgery_type: _s, ...medication } = body;
    expect(parseOk(medicationCreateBodySchema, body)).toEqual(medication);
  });
});

describe('medical list form', () => {
  it('the record validates', () => {
    expect(issuesOf(medicalRecordSchema, record)).toEqual([]);
  });

  it('prefixes name, date and medical_type only', () => {
    const item = toMedicalListItem(record);
    expect(item.medical_name).toBe('Antibiotic');
    expect(item.medical_date).toBe('02.01.2024');
    expect(item.medical_medical_type).toBe('medication');
    expect(item).not.toHaveProperty('name');
    expect(item).not.toHaveProperty('date');
    expect(item).not.toHaveProperty('medical_type');
    expect(item.dosage).toBe('5 ml');
    expect(issuesOf(medicalListItemSchema, item)).toEqual([]);
    expect(Object.keys(medicalListItemSchema.shape)).toHaveLength(
      Object.keys(medicalRecordSchema.shape).length,
    );
  });

  it('round-trips and filters by type', () => {
    expect(fromMedicalListItem(toMedicalListItem(record))).toEqual(record);
    const items = [
      toMedicalListItem(record),
      toMedicalListItem({ ...record, id: 'm2', medical_type: 'allergy' }),
    ];
    expect(medicalItemsOfType(items, 'allergy').map((item) => item.id)).toEqual(['m2']);
    expect(medicalItemsOfType(items, 'disease')).toEqual([]);
  });

  it('has four categories with the spec routes', () => {
    expect(MEDICAL_CATEGORIES.map((c) => `${c.slug}/${c.addSlug}`)).toEqual([
      'allergies/add-allergy',
      'diseases/add-disease',
      'medicalinterventions/add-medicalintervention',
      'medications/add-medication',
    ]);
  });
});
