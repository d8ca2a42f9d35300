import { describe, it, expect } from 'vitest';
import {
  APPOINTMENT_TYPES,
  appointmentCreateBodySchema,
  appointmentCreateBodySchemaAt,
  appointmentDateNotInPast,
  appointmentFormSchemaAt,
  appointmentListItemSchema,
  appointmentListKey,
  appointmentSchema,
  appointmentTypeLabel,
  appointmentUpdateBodySchema,
  browserTimeZoneOffsetHours,
  fromAppointmentListItem,
  normalizeAppointmentType,
  splitAppointments,
  toAppointmentListItem,
  type Appointment,
} from '../src/entities/appointments.ts';
import { issuesOf, keysAt, parseOk } from './helpers.ts';

const body = {
  appointment_type: 'Vaccination',
  reason: 'Rabies',
  appointment_date: '20.06.2024',
  appointment_time: '09:30',
  reminder_time_zone: 2,
};
const today = new Date(2024, 5, 15, 12, 0);

const appointment: Appointment = {
  ...body,
  appointment_type: 'Vaccination',
  id: 'a1',
  pet_id: 'p1',
  pet_name: 'Bello',
  user_id: 'u1',
  job_id: 'j1',
  created_at: '2024-06-01T08:00:00.000Z',
  address: 'Main St 1',
  city: 'Berlin',
  country: 'DE',
  zip: '10115',
  phone: '030',
  email: 'vet@example.com',
  medication: null,
  comments: 'bring passport',
  vet_name: 'Dr. Vet',
  vaccination_type: 'Rabies',
  reminder_date: '19.06.2024',
  reminder_time: '18:00',
};

describe('appointment types', () => {
  it('are bilingual with Surgery shown as Operation in German', () => {
    expect(APPOINTMENT_TYPES.map((t) => t.de)).toEqual([
      'Untersuchung',
      'Impfung',
      'Operation',
      'Entwurmung',
    ]);
    expect(appointmentTypeLabel('Surgery', 'de')).toBe('Operation');
    expect(appointmentTypeLabel('Examination', 'en')).toBe('Examination');
  });

  it('normalizeAppointmentType accepts values and labels', () => {
    expect(normalizeAppointmentType('Impfung')).toBe('Vaccination');
    expect(normalizeAppointmentType(' operation ')).toBe('Surgery');
    expect(normalizeAppointmentType('Deworming')).toBe('Deworming');
    expect(normalizeAppointmentType('Grooming')).toBeNull();
  });
});

describe('appointment create body', () => {
  it('accepts a minimal valid body', () => {
    expect(issuesOf(appointmentCreateBodySchema, body)).toEqual([]);
  });

  it('reports each required field with its key', () => {
    const issues = issuesOf(appointmentCreateBodySchema, { reminder_time_zone: 1 });
    expect(issues).toEqual([
      'appointment_type: Appointment_Type_Error',
      'reason: Reason_is_Required',
      'appointment_date: Date_is_Required',
      'appointment_time: Time_is_Required',
    ]);
    expect(
      keysAt(appointmentCreateBodySchema, { ...body, appointment_type: '' }, 'appointment_type'),
    ).toEqual(['Appointment_Type_Error']);
    expect(
      keysAt(appointmentCreateBodySchema, { ...body, appointment_type: 'Haarschnitt' }, 'appointment_type'),
    ).toEqual(['Appointment_Type_Error']);
    // Both languages' names are accepted (the German app sends Impfung).
    for (const label of ['Impfung', 'untersuchung', 'Operation', 'Entwurmung', 'Surgery']) {
      expect(issuesOf(appointmentCreateBodySchema, { ...body, appointment_type: label })).toEqual([]);
    }
    expect(keysAt(appointmentCreateBodySchema, { ...body, reason: '  ' }, 'reason')).toEqual([
      'Reason_is_Required',
    ]);
    expect(
      keysAt(appointmentCreateBodySchema, { ...body, appointment_date: '' }, 'appointment_date'),
    ).toEqual(['Date_is_Required']);
    expect(
      keysAt(appointmentCreateBodySchema, { ...body, appointment_time: '' }, 'appointment_time'),
    ).toEqual(['Time_is_Required']);
    expect(
      keysAt(appointmentCreateBodySchema, { ...body, appointment_time: '9:30' }, 'appointment_time'),
    ).toEqual(['Time_Format_Error']);
  });

  it('email is optional but valid; comments are bounded', () => {
    expect(issuesOf(appointmentCreateBodySchema, { ...body, email: '' })).toEqual([]);
    expect(keysAt(appointmentCreateBodySchema, { ...body, email: 'x@' }, 'email')).toEqual([
      'Email_Format_Error',
    ]);
    expect(keysAt(appointmentCreateBodySchema, { ...body, comments: 'x'.repeat(101) }, 'comments')).toEqual([
      'Comments_Length_Error',
    ]);
  });

  it('reminder fields are optional but well-formed', () => {
    expect(issuesOf(appointmentCreateBodySchema, { ...body, reminder_date: '', reminder_time: '' })).toEqual(
      [],
    );
    expect(
      keysAt(appointmentCreateBodySchema, { ...body, reminder_date: '31.06.2024' }, 'reminder_date'),
    ).toEqual(['Date_Format_Error']);
    expect(issuesOf(appointmentCreateBodySchema, { ...body, reminder_time_zone: 20 })).toHaveLength(1);
  });

  it('the update body has neither appointment_type nor reminder_time_zone', () => {
    const parsed = parseOk(appointmentUpdateBodySchema, body);
    expect(parsed).not.toHaveProperty('appointment_type');
    expect(parsed).not.toHaveProperty('reminder_time_zone');
    // A field left out keeps its stored value; one sent must be valid (issue 14).
    expect(parseOk(appointmentUpdateBodySchema, {})).toEqual({});
    expect(keysAt(appointmentUpdateBodySchema, { reason: '' }, 'reason')).toEqual(['Reason_is_Required']);
  });
});

describe('date not earlier than today', () => {
  it('is a separate rule with an injected today', () => {
    const schema = appointmentCreateBodySchemaAt(today);
    expect(issuesOf(schema, { ...body, appointment_date: '15.06.2024' })).toEqual([]);
    expect(issuesOf(schema, { ...body, appointment_date: '14.06.2024' })).toEqual([
      'appointment_date: Date_In_Past_Error',
    ]);
    // The base schema (and so the stored answer) accepts past dates.
    expect(issuesOf(appointmentCreateBodySchema, { ...body, appointment_date: '14.06.2024' })).toEqual([]);
    expect(appointmentDateNotInPast(today).check({ appointment_date: '01.01.2025' })).toBe(true);
    expect(appointmentDateNotInPast(new Date(2025, 0, 2)).check({ appointment_date: '01.01.2025' })).toBe(
      false,
    );
  });

  it('the form also needs a pet (Petname_is_Required)', () => {
    const schema = appointmentFormSchemaAt(today);
    expect(keysAt(schema, body, 'pet_id')).toEqual(['Petname_is_Required']);
    expect(issuesOf(schema, { ...body, pet_id: 'p1' })).toEqual([]);
    expect(
      keysAt(schema, { ...body, pet_id: 'p1', appointment_date: '01.01.2024' }, 'appointment_date'),
    ).toEqual(['Date_In_Past_Error']);
  });

  it('browserTimeZoneOffsetHours is the negated getTimezoneOffset in hours', () => {
    const now = new Date();
    expect(browserTimeZoneOffsetHours(now)).toBe(-now.getTimezoneOffset() / 60);
  });
});

describe('appointment list form', () => {
  it('prefixes with appointment_ without doubling it', () => {
    expect(appointmentListKey('id')).toBe('appointment_id');
    expect(appointmentListKey('reason')).toBe('appointment_reason');
    expect(appointmentListKey('appointment_date')).toBe('appointment_date');
    expect(appointmentListKey('appointment_type')).toBe('appointment_type');
  });

  it('maps an appointment to its list item and back', () => {
    expect(issuesOf(appointmentSchema, appointment)).toEqual([]);
    const item = toAppointmentListItem(appointment);
    expect(item).toMatchObject({
      appointment_id: 'a1',
      appointment_pet_id: 'p1',
      appointment_pet_name: 'Bello',
      appointment_date: '20.06.2024',
      appointment_time: '09:30',
      appointment_type: 'Vaccination',
      appointment_reason: 'Rabies',
      appointment_reminder_time_zone: 2,
      appointment_created_at: '2024-06-01T08:00:00.000Z',
    });
    expect(item).not.toHaveProperty('id');
    expect(item).not.toHaveProperty('appointment_appointment_date');
    expect(Object.keys(item)).toHaveLength(Object.keys(appointment).length);
    expect(issuesOf(appointmentListItemSchema, item)).toEqual([]);
    expect(fromAppointmentListItem(item)).toEqual(appointment);
  });

  it('the list schema has one key per appointment field', () => {
    expect(Object.keys(appointmentListItemSchema.shape).sort()).toEqual(
      Object.keys(appointmentSchema.shape).map(appointmentListKey).sort(),
    );
  });
});

describe('splitAppointments', () => {
  it('upcoming soonest first, passed newest first', () => {
    const rows = [
      { id: 1, appointment_date: '14.06.2024', appointment_time: '10:00' },
      { id: 2, appointment_date: '20.06.2024', appointment_time: '09:00' },
      { id: 3, appointment_date: '15.06.2024', appointment_time: '08:00' },
      { id: 4, appointment_date: '01.01.2024', appointment_time: '10:00' },
      { id: 5, appointment_date: '15.06.2024', appointment_time: '07:00' },
      { id: 6, appointment_date: '01.01.2025', appointment_time: '07:00' },
    ];
    const { upcoming, passed } = splitAppointments(rows, today);
    expect(upcoming.map((r) => r.id)).toEqual([5, 3, 2, 6]);
    expect(passed.map((r) => r.id)).toEqual([1, 4]);
  });
});
