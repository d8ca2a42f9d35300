import { describe, it, expect } from 'vitest';
import {
  emergencyFileName,
  emergencyPublicFormSchema,
  emergencyPublicQuerySchema,
  emergencyQuerySchema,
} from '../src/entities/emergency.ts';
import { issuesOf, keysAt, parseOk } from './helpers.ts';

describe('emergency', () => {
  it('signed-in query: en or de, default de', () => {
    expect(parseOk(emergencyQuerySchema, {})).toEqual({ language: 'de' });
    expect(parseOk(emergencyQuerySchema, { language: 'en' })).toEqual({ language: 'en' });
    expect(issuesOf(emergencyQuerySchema, { language: 'fr' })).toHaveLength(1);
  });

  it('public query: trimmed code required', () => {
    expect(parseOk(emergencyPublicQuerySchema, { activation_code: ' ABC123 ' })).toEqual({
      activation_code: 'ABC123',
      language: 'de',
    });
    expect(keysAt(emergencyPublicQuerySchema, { activation_code: '  ' }, 'activation_code')).toEqual([
      'Emergency_Password_Required_Text',
    ]);
  });

  it('public form: code required (Emergency_Password_Required_Text), language chosen', () => {
    expect(keysAt(emergencyPublicFormSchema, { code: '', language: 'de' }, 'code')).toEqual([
      'Emergency_Password_Required_Text',
    ]);
    expect(keysAt(emergencyPublicFormSchema, { language: 'de' }, 'code')).toEqual([
      'Emergency_Password_Required_Text',
    ]);
    expect(parseOk(emergencyPublicFormSchema, { code: ' x ', language: 'en' })).toEqual({
      code: 'x',
      language: 'en',
    });
    expect(issuesOf(emergencyPublicFormSchema, { code: 'x' })).toHaveLength(1);
  });

  it('file names per language', () => {
    expect(emergencyFileName('en')).toBe('Emergency_File.pdf');
    expect(emergencyFileName('de')).toBe('Notfallakte.pdf');
  });
});
