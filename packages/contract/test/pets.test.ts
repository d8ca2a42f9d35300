import { describe, it, expect } from 'vitest';
import {
  formatPetSize,
  parsePetSize,
  parseWeightInput,
  petCreateBodySchema,
  petSchema,
  petSummarySchema,
  petUpdateBodySchema,
  sortWeightsNewestFirst,
  unsavedWeightEntryKey,
  validateWeightEntry,
  weightEntryFromInput,
  weightEntrySchema,
} from '../src/entities/pets.ts';
import { issuesOf, keysAt, parseOk } from './helpers.ts';

const DATE = 'My_Animal_Date_Error_Text';
const WEIGHT = 'My_Animal_Weight_Error_Text';
const NEGATIVE = 'My_Animal_Negative_Number_Error_Text';

describe('pet create body', () => {
  it('accepts the minimal pet and trims the name', () => {
    expect(parseOk(petCreateBodySchema, { name: '  Bello ', pet_type: 'Dog' })).toEqual({
      name: 'Bello',
      pet_type: 'Dog',
    });
  });

  it('requires a name: Pet_Name_Error (also for blanks)', () => {
    expect(keysAt(petCreateBodySchema, { name: '', pet_type: 'Cat' }, 'name')).toEqual(['Pet_Name_Error']);
    expect(keysAt(petCreateBodySchema, { name: '   ', pet_type: 'Cat' }, 'name')).toEqual(['Pet_Name_Error']);
    expect(keysAt(petCreateBodySchema, { pet_type: 'Cat' }, 'name')).toEqual(['Pet_Name_Error']);
  });

  it('requires a known species: Select_Pet_Text', () => {
    for (const pet_type of [undefined, '', 'Horse', 'dog'])
      expect(keysAt(petCreateBodySchema, { name: 'Mia', pet_type }, 'pet_type')).toEqual(['Select_Pet_Text']);
    for (const pet_type of ['Dog', 'Cat', 'Other'])
      expect(issuesOf(petCreateBodySchema, { name: 'Mia', pet_type })).toEqual([]);
  });

  it('checks gender and the birth date', () => {
    const base = { name: 'Mia', pet_type: 'Cat' };
    expect(issuesOf(petCreateBodySchema, { ...base, gender: 'female', date_of_birth: '29.02.2020' })).toEqual(
      [],
    );
    expect(issuesOf(petCreateBodySchema, { ...base, gender: 'unknown' })).not.toEqual([]);
    expect(keysAt(petCreateBodySchema, { ...base, date_of_birth: '30.02.2020' }, 'date_of_birth')).toEqual([
      'Date_Format_Error',
    ]);
  });
});

describe('pet update body and answer', () => {
  const full = {
    name: 'Bello',
    pet_type: 'Dog',
    gender: 'male',
    race: 'Beagle',
    size: '45 cm',
    color: 'brown',
    ancestry: 'VDH',
    labeling: 'chip 276...',
    features: 'white paw',
    date_of_birth: '01.05.2019',
    weights: [{ weight: 12.5, date: '01.01.2024' }],
  };

  it('accepts the full profile', () => {
    expect(parseOk(petUpdateBodySchema, full)).toEqual(full);
  });

  it('keeps weights optional (absent = unchanged) but validates entries', () => {
    const { weights: _weights, ...noWeights } = full;
    expect(issuesOf(petUpdateBodySchema, noWeights)).toEqual([]);
    expect(
      keysAt(
        petUpdateBodySchema,
        { ...full, weights: [{ weight: -1, date: '01.01.2024' }] },
        'weights.0.weight',
      ),
    ).toEqual([NEGATIVE]);
    expect(
      keysAt(
        petUpdateBodySchema,
        { ...full, weights: [{ weight: 3, date: '2024-01-01' }] },
        'weights.0.date',
      ),
    ).toEqual(['Date_Format_Error']);
  });

  it('checks the size picker value 10..100 cm', () => {
    expect(keysAt(petUpdateBodySchema, { ...full, size: '5 cm' }, 'size')).toEqual(['Pet_Size_Error']);
    expect(keysAt(petUpdateBodySchema, { ...full, size: '45' }, 'size')).toEqual(['Pet_Size_Error']);
    expect(issuesOf(petUpdateBodySchema, { ...full, size: '' })).toEqual([]);
    expect(parsePetSize('10 cm')).toBe(10);
    expect(parsePetSize('100 cm')).toBe(100);
    expect(parsePetSize('101 cm')).toBeNull();
    expect(parsePetSize(formatPetSize(37))).toBe(37);
  });

  it('the answer requires id and weights', () => {
    expect(issuesOf(petSchema, { ...full, id: 'p1', image_url: null })).toEqual([]);
    expect(keysAt(petSchema, { ...full, weights: undefined, id: 'p1' }, 'weights')).toHaveLength(1);
    expect(keysAt(petSchema, { ...full }, 'id')).toHaveLength(1);
  });

  it('the summary type is a species', () => {
    expect(issuesOf(petSummarySchema, { id: 'p1', name: 'Bello', image_url: null, type: 'Dog' })).toEqual([]);
    expect(
      issuesOf(petSummarySchema, { id: 'p1', name: 'Bello', image_url: null, type: 'Fish' }),
    ).not.toEqual([]);
  });
});

describe('weights', () => {
  it('entry schema: number >= 0 kg', () => {
    expect(issuesOf(weightEntrySchema, { weight: 0, date: '01.01.2024' })).toEqual([]);
    expect(keysAt(weightEntrySchema, { weight: '12', date: '01.01.2024' }, 'weight')).toEqual([WEIGHT]);
  });

  it.each([
    [{ weight: '12', date: '' }, [DATE]],
    [{ weight: '12', date: '31.02.2024' }, [DATE]],
    [{ weight: '', date: '01.01.2024' }, [WEIGHT]],
    [{ weight: '  ', date: '01.01.2024' }, [WEIGHT]],
    [{ weight: '', date: '' }, [DATE, WEIGHT]],
    [{ weight: '-3', date: '01.01.2024' }, [NEGATIVE]],
    [{ weight: '3-', date: '01.01.2024' }, [NEGATIVE]],
    [{ weight: '-3', date: '' }, [DATE, NEGATIVE]],
    [{ weight: 'abc', date: '01.01.2024' }, [WEIGHT]],
    [{ weight: '12,5', date: '01.01.2024' }, []],
    [{ weight: '12.5', date: '01.01.2024' }, []],
    [{ weight: '0', date: '29.02.2024' }, []],
  ])('validateWeightEntry(%j) = %j', (input, expected) => {
    expect(validateWeightEntry(input)).toEqual(expected);
  });

  it('parseWeightInput reads comma and point', () => {
    expect(parseWeightInput('12,5')).toBe(12.5);
    expect(parseWeightInput(' 7 ')).toBe(7);
    expect(parseWeightInput('.5')).toBe(0.5);
    expect(parseWeightInput('1.2.3')).toBeNull();
    expect(parseWeightInput('')).toBeNull();
  });

  it('weightEntryFromInput builds the entry only when valid', () => {
    expect(weightEntryFromInput({ weight: '12,5', date: ' 01.01.2024 ' })).toEqual({
      weight: 12.5,
      date: '01.01.2024',
    });
    expect(weightEntryFromInput({ weight: '-1', date: '01.01.2024' })).toBeNull();
  });

  it('unsavedWeightEntryKey flags half entries only', () => {
    expect(unsavedWeightEntryKey({ weight: '3', date: '' })).toBe('Weight_Response_Ignored_Text');
    expect(unsavedWeightEntryKey({ weight: '', date: '01.01.2024' })).toBe('Weight_Response_Ignored_Text');
    expect(unsavedWeightEntryKey({ weight: '', date: '' })).toBeNull();
    expect(unsavedWeightEntryKey({ weight: '3', date: '01.01.2024' })).toBeNull();
  });

  it('sortWeightsNewestFirst sorts by calendar date, stable, without mutating', () => {
    const weights = [
      { weight: 1, date: '31.12.2023' },
      { weight: 2, date: '01.01.2024' },
      { weight: 3, date: '15.06.2022' },
      { weight: 4, date: '01.01.2024' },
      { weight: 5, date: 'bad' },
    ];
    const copy = structuredClone(weights);
    expect(sortWeightsNewestFirst(weights).map((entry) => entry.weight)).toEqual([2, 4, 1, 3, 5]);
    expect(weights).toEqual(copy);
  });
});
