import { describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  appointmentListResponseSchema,
  appointmentSchema,
  COMMENTS_MAX_LENGTH,
  formatDdMmYyyy,
  LIMIT_ERROR_STATUS,
  LIMIT_KEYS,
  todayAtOffset,
  type Appointment,
} from '@pet/contract';
import { JobQueue } from '../src/platform/jobs/jobs.ts';
import {
  APPOINTMENT_REMINDER,
  APPOINTMENT_REMINDER_JOB,
  reminderInstant,
} from '../src/modules/appointments/appointments.service.ts';
import { mailbox, registeredUser, v1 } from './identity-helpers.ts';
import { as, createPet, setPlan, setUpOwnerAndStranger } from './support/owners.ts';

const t = setUpOwnerAndStranger({ plan: 'premium', withPet: true });

/** dd.MM.yyyy of today + `days` in the zone at UTC offset `offset`. */
function dayFromToday(days: number, offset = 0): string {
  const day = todayAtOffset(offset);
  day.setDate(day.getDate() + days);
  return formatDdMmYyyy(day);
}

function lastSundayOfMarch(year: number): Date {
  const day = new Date(year, 2, 31);
  day.setDate(31 - day.getDay());
  return day;
}

/** Every field of the POST body (pet-data section 7). */
const body = (overrides: Record<string, unknown> = {}) => ({
  address: 'Hauptstraße 1',
  city: 'Berlin',
  country: 'DE',
  zip: '10115',
  phone: '+49 30 123456',
  email: 'praxis@example.org',
  appointment_type: 'Vaccination',
  reason: 'Yearly shots',
  appointment_date: dayFromToday(10),
  appointment_time: '09:30',
  medication: 'None',
  comments: 'Bring the passport',
  vet_name: 'Dr. Tierlieb',
  vaccination_type: 'Rabies',
  reminder_time_zone: 1,
  ...overrides,
});

async function add(
  petId: string,
  overrides: Record<string, unknown> = {},
  user: { token: string } = t.owner,
): Promise<Appointment> {
  const res = await v1(t.app, 'POST', `/v1/appointment?pet_id=${petId}`, body(overrides), as(user));
  expect(res.statusCode, res.body).toBe(201);
  return appointmentSchema.parse(res.json());
}

const jobOf = (jobId: string | null | undefined) =>
  t.app.db
    .selectFrom('job')
    .selectAll()
    .where('id', '=', jobId ?? '')
    .executeTakeFirst();

const reminderMails = async (to: string) =>
  (await mailbox(t.app)).filter((mail) => mail.to === to && mail.kind === 'appointment-reminder');

/**
 * Runs the jobs due at `at` (the app's own queue runs on the real clock) and answers how many
 * reminders ran. Only reminders count: other
 * periodic jobs (the webhook reconciliation at every full hour) may fall due in the same span.
 */
async function runJobsAt(at: Date): Promise<number> {
  await t.app.jobs.runDue();
  const queue = new JobQueue({ db: t.app.db, kind: t.app.database.kind, log: t.app.log, now: () => at });
  let reminders = 0;
  queue.register(APPOINTMENT_REMINDER, (payload, job) => {
    reminders += 1;
    return t.app.appointments.sendReminder(payload, job);
  });
  await queue.runDue();
  return reminders;
}

/** A reminder `minutes` ahead (at least one whole minute), as the browser at UTC offset `offset` sends it. */
function reminderAhead(minutes: number, offset: number) {
  const instant = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + minutes * 60_000);
  const local = new Date(instant.getTime() + offset * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    instant,
    fields: {
      reminder_date: `${pad(local.getUTCDate())}.${pad(local.getUTCMonth() + 1)}.${local.getUTCFullYear()}`,
      reminder_time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
      reminder_time_zone: offset,
    },
  };
}

describe('appointments', () => {
  it('answers 401 signed out on every call', async () => {
    const calls = [
      ['GET', '/v1/appointment/myappointments'],
      ['GET', `/v1/appointment/mypetappointments?pet_id=${t.pet.id}`],
      ['POST', `/v1/appointment?pet_id=${t.pet.id}`],
      ['PUT', '/v1/appointment?appt_id=x'],
      ['DELETE', '/v1/appointment?appt_id=x'],
    ] as const;
    for (const [method, url] of calls) {
      const res = await v1(t.app, method, url, method === 'POST' || method === 'PUT' ? body() : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('adds, lists with the appointment_ prefix sorted by date and time, edits and deletes', async () => {
    const pet2 = await createPet(t.app, t.owner, { name: 'Luna', pet_type: 'Cat' });
    const later = await add(t.pet.id, { appointment_date: dayFromToday(20), appointment_time: '08:00' });
    const sooner = await add(t.pet.id, { appointment_date: dayFromToday(5), appointment_time: '14:00' });
    const sameDayEarlier = await add(pet2.id, {
      appointment_date: dayFromToday(5),
      appointment_time: '09:15',
      appointment_type: 'Examination',
      vaccination_type: 'ignored for Examination',
      email: '',
      address: '  ',
    });
    const today = await add(t.pet.id, { appointment_date: dayFromToday(0, 1), reminder_time_zone: 1 });

    expect(later).toMatchObject({
      pet_id: t.pet.id,
      pet_name: t.pet.name,
      user_id: t.owner.id,
      appointment_type: 'Vaccination',
      vaccination_type: 'Rabies',
      reason: 'Yearly shots',
      vet_name: 'Dr. Tierlieb',
      reminder_time_zone: 1,
      job_id: null,
    });
    expect(sameDayEarlier).toMatchObject({
      vaccination_type: null,
      email: null,
      address: null,
      pet_name: 'Luna',
    });

    const all = await v1(t.app, 'GET', '/v1/appointment/myappointments', undefined, as(t.owner));
    expect(all.statusCode).toBe(200);
    const items = appointmentListResponseSchema.parse(all.json());
    expect(items.map((item) => item.appointment_id)).toEqual([
      today.id,
      sameDayEarlier.id,
      sooner.id,
      later.id,
    ]);
    const first = all.json()[1] as Record<string, unknown>;
    expect(first).toMatchObject({
      appointment_id: sameDayEarlier.id,
      appointment_pet_id: pet2.id,
      appointment_pet_name: 'Luna',
      appointment_user_id: t.owner.id,
      appointment_type: 'Examination',
      appointment_date: dayFromToday(5),
      appointment_time: '09:15',
      appointment_reason: 'Yearly shots',
      appointment_vet_name: 'Dr. Tierlieb',
      appointment_reminder_time_zone: 1,
      appointment_job_id: null,
    });
    expect(first).not.toHaveProperty('id');
    expect(first).not.toHaveProperty('appointment_appointment_date');

    const ofPet = await v1(
      t.app,
      'GET',
      `/v1/appointment/mypetappointments?pet_id=${t.pet.id}`,
      undefined,
      as(t.owner),
    );
    expect(ofPet.statusCode).toBe(200);
    expect(appointmentListResponseSchema.parse(ofPet.json()).map((item) => item.appointment_id)).toEqual([
      today.id,
      sooner.id,
      later.id,
    ]);

    // pet_name is the pet's current name.
    const renamed = await v1(
      t.app,
      'PUT',
      `/v1/pet?id=${pet2.id}`,
      { name: 'Luna Maria', pet_type: 'Cat', gender: 'female' },
      as(t.owner),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);

    const {
      appointment_type: _type,
      reminder_time_zone: _zone,
      ...update
    } = body({
      reason: 'Check-up',
      appointment_time: '10:45',
      comments: '',
      vaccination_type: 'still ignored',
      reminder_time_zone: 5,
    });
    const put = await v1(t.app, 'PUT', `/v1/appointment?appt_id=${sameDayEarlier.id}`, update, as(t.owner));
    expect(put.statusCode, put.body).toBe(200);
    expect(appointmentSchema.parse(put.json())).toMatchObject({
      id: sameDayEarlier.id,
      pet_name: 'Luna Maria',
      appointment_type: 'Examination',
      reason: 'Check-up',
      appointment_time: '10:45',
      comments: null,
      vaccination_type: null,
      reminder_time_zone: 1,
      created_at: sameDayEarlier.created_at,
    });

    const del = await v1(t.app, 'DELETE', `/v1/appointment?appt_id=${sooner.id}`, undefined, as(t.owner));
    expect(del.statusCode).toBe(200);
    const again = await v1(t.app, 'DELETE', `/v1/appointment?appt_id=${sooner.id}`, undefined, as(t.owner));
    expect(again.statusCode).toBe(404);
    const after = await v1(t.app, 'GET', '/v1/appointment/myappointments', undefined, as(t.owner));
    expect(appointmentListResponseSchema.parse(after.json()).map((item) => item.appointment_id)).toEqual([
      today.id,
      sameDayEarlier.id,
      later.id,
    ]);
    const delPet = await v1(t.app, 'DELETE', `/v1/pet?id=${pet2.id}`, undefined, as(t.owner));
    expect(delPet.statusCode).toBe(200);
  });

  it("answers 404 for another owner's pet or appointment on every call and changes nothing", async () => {
    const mine = await add(t.pet.id);
    const stranger = as(t.stranger);
    const list = await v1(
      t.app,
      'GET',
      `/v1/appointment/mypetappointments?pet_id=${t.pet.id}`,
      undefined,
      stranger,
    );
    expect(list.statusCode).toBe(404);
    const post = await v1(t.app, 'POST', `/v1/appointment?pet_id=${t.pet.id}`, body(), stranger);
    expect(post.statusCode).toBe(404);
    const { appointment_type: _type, reminder_time_zone: _zone, ...update } = body({ reason: 'Hijack' });
    const put = await v1(t.app, 'PUT', `/v1/appointment?appt_id=${mine.id}`, update, stranger);
    expect(put.statusCode).toBe(404);
    const del = await v1(t.app, 'DELETE', `/v1/appointment?appt_id=${mine.id}`, undefined, stranger);
    expect(del.statusCode).toBe(404);
    for (const res of [list, post, put, del])
      expect(apiErrorBodySchema.parse(res.json()).key).toBe('Not_Found_Text');
    const theirs = await v1(t.app, 'GET', '/v1/appointment/myappointments', undefined, stranger);
    expect(theirs.json()).toEqual([]);
    const row = await t.app.db
      .selectFrom('appointment')
      .selectAll()
      .where('id', '=', mine.id)
      .executeTakeFirst();
    expect(row?.reason).toBe('Yearly shots');
    // On the free plan too, another owner's pet is 404 (not the plan message).
    await setPlan(t.app, t.stranger.id, 'free');
    const free = await v1(t.app, 'POST', `/v1/appointment?pet_id=${t.pet.id}`, body(), stranger);
    expect(free.statusCode).toBe(404);
    await setPlan(t.app, t.stranger.id, 'premium');
  });

  it('answers 400 with the field key for each invalid field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ appointment_type: undefined }, 'appointment_type', 'Appointment_Type_Error'],
      [{ appointment_type: 'Haircut' }, 'appointment_type', 'Appointment_Type_Error'],
      [{ reason: '' }, 'reason', 'Reason_is_Required'],
      [{ reason: undefined }, 'reason', 'Reason_is_Required'],
      [{ appointment_date: undefined }, 'appointment_date', 'Date_is_Required'],
      [{ appointment_date: '' }, 'appointment_date', 'Date_is_Required'],
      [{ appointment_date: '31.02.2030' }, 'appointment_date', 'Date_Format_Error'],
      [{ appointment_date: dayFromToday(-1, 1) }, 'appointment_date', 'Date_In_Past_Error'],
      [{ appointment_time: '' }, 'appointment_time', 'Time_is_Required'],
      [{ appointment_time: '25:00' }, 'appointment_time', 'Time_Format_Error'],
      [{ email: 'not-an-address' }, 'email', 'Email_Format_Error'],
      [{ comments: 'x'.repeat(COMMENTS_MAX_LENGTH + 1) }, 'comments', 'Comments_Length_Error'],
    ];
    for (const [overrides, field, key] of cases) {
      const res = await v1(t.app, 'POST', `/v1/appointment?pet_id=${t.pet.id}`, body(overrides), as(t.owner));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(apiErrorBodySchema.parse(res.json()), JSON.stringify(overrides)).toMatchObject({ key, field });
    }
    // Exactly 100 characters is fine; so is today.
    await add(t.pet.id, { comments: 'x'.repeat(COMMENTS_MAX_LENGTH), appointment_date: dayFromToday(0, 1) });

    const existing = await add(t.pet.id);
    const { appointment_type: _type, reminder_time_zone: _zone, ...update } = body();
    for (const [overrides, field, key] of [
      [{ reason: '' }, 'reason', 'Reason_is_Required'],
      [{ email: 'bad@' }, 'email', 'Email_Format_Error'],
      [{ appointment_time: '' }, 'appointment_time', 'Time_is_Required'],
      // Moving it into the past is refused as the create refuses it (issue 14 item 15).
      [{ appointment_date: dayFromToday(-1, 1) }, 'appointment_date', 'Date_In_Past_Error'],
      [{ appointment_date: '31.02.2030' }, 'appointment_date', 'Date_Format_Error'],
    ] as const) {
      const res = await v1(
        t.app,
        'PUT',
        `/v1/appointment?appt_id=${existing.id}`,
        { ...update, ...overrides },
        as(t.owner),
      );
      expect(res.statusCode).toBe(400);
      expect(apiErrorBodySchema.parse(res.json())).toMatchObject({ key, field });
    }
    const stored = await t.app.db
      .selectFrom('appointment')
      .select('appointment_date')
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow();
    expect(stored.appointment_date).toBe(existing.appointment_date);
  });

  it("accepts a create without reminder_time_zone and stores Europe/Berlin's offset on that date (DST)", async () => {
    const year = todayAtOffset(0).getFullYear() + 1;
    for (const [date, offset] of [
      [`15.01.${year}`, 1],
      [`15.07.${year}`, 2],
      // The last Sunday of March switches to summer time at 01:00 UTC: that day is already +2.
      [formatDdMmYyyy(lastSundayOfMarch(year)), 2],
    ] as const) {
      const created = await add(t.pet.id, { appointment_date: date, reminder_time_zone: undefined });
      expect(created.reminder_time_zone, date).toBe(offset);
      const row = await t.app.db
        .selectFrom('appointment')
        .select('reminder_time_zone')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.reminder_time_zone), date).toBe(offset);
    }
    // A reminder without a sent zone is read at that default offset (here winter, +1).
    const withReminder = await add(t.pet.id, {
      appointment_date: `20.01.${year}`,
      reminder_date: `19.01.${year}`,
      reminder_time: '08:00',
      reminder_time_zone: undefined,
    });
    const job = await jobOf(withReminder.job_id);
    expect(new Date(String(job?.run_at)).toISOString()).toBe(`${year}-01-19T07:00:00.000Z`);
    // A sent zone is still stored as sent.
    expect(
      (await add(t.pet.id, { appointment_date: `15.07.${year}`, reminder_time_zone: -5 })).reminder_time_zone,
    ).toBe(-5);
  });

  it('accepts the German type names and stores the one English value', async () => {
    const pairs: Array<[string, string]> = [
      ['Untersuchung', 'Examination'],
      ['Impfung', 'Vaccination'],
      ['Operation', 'Surgery'],
      ['entwurmung', 'Deworming'],
      ['Surgery', 'Surgery'],
    ];
    for (const [sent, stored] of pairs) {
      const created = await add(t.pet.id, { appointment_type: sent, reason: `Type ${sent}` });
      expect(created.appointment_type, sent).toBe(stored);
      const row = await t.app.db
        .selectFrom('appointment')
        .select('appointment_type')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row.appointment_type, sent).toBe(stored);
    }
    // vaccination_type is kept for the German name of Vaccination too.
    expect((await add(t.pet.id, { appointment_type: 'Impfung' })).vaccination_type).toBe('Rabies');
  });

  it('refuses adding on a plan without appointments (500, no row) but keeps edit and delete', async () => {
    const kept = await add(t.pet.id, { reason: 'Before the downgrade' });
    await setPlan(t.app, t.owner.id, 'free');
    try {
      const count = async () =>
        Number(
          (
            await t.app.db
              .selectFrom('appointment')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('user_id', '=', t.owner.id)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const refused = await v1(t.app, 'POST', `/v1/appointment?pet_id=${t.pet.id}`, body(), as(t.owner));
      expect(refused.statusCode).toBe(LIMIT_ERROR_STATUS);
      expect(refused.statusCode).toBe(500);
      expect(apiErrorBodySchema.parse(refused.json()).key).toBe(LIMIT_KEYS.appointment);
      expect(await count()).toBe(before);

      const {
        appointment_type: _type,
        reminder_time_zone: _zone,
        ...update
      } = body({ reason: 'Edited on free' });
      const put = await v1(t.app, 'PUT', `/v1/appointment?appt_id=${kept.id}`, update, as(t.owner));
      expect(put.statusCode).toBe(200);
      const del = await v1(t.app, 'DELETE', `/v1/appointment?appt_id=${kept.id}`, undefined, as(t.owner));
      expect(del.statusCode).toBe(200);

      await setPlan(t.app, t.owner.id, 'basic');
      await add(t.pet.id, { reason: 'Basic has appointments' });

      // A plan with appointments but without medical allowance refuses too (pet-data section 6).
      const basic = await t.app.db
        .selectFrom('product')
        .select('id')
        .where('partner_id', '=', 'primepet')
        .where('plan_key', '=', 'basic')
        .executeTakeFirstOrThrow();
      await t.app.db.updateTable('product').set({ medical: 0 }).where('id', '=', basic.id).execute();
      try {
        const countBefore = await count();
        const noMedical = await v1(t.app, 'POST', `/v1/appointment?pet_id=${t.pet.id}`, body(), as(t.owner));
        expect(noMedical.statusCode).toBe(500);
        expect(apiErrorBodySchema.parse(noMedical.json()).key).toBe(LIMIT_KEYS.appointment);
        expect(await count()).toBe(countBefore);
      } finally {
        await t.app.db.updateTable('product').set({ medical: 1 }).where('id', '=', basic.id).execute();
      }
    } finally {
      await setPlan(t.app, t.owner.id, 'premium');
    }
  });

  it('computes the reminder instant at the browser offset', () => {
    expect(reminderInstant('15.01.2030', '10:00', 1)?.toISOString()).toBe('2030-01-15T09:00:00.000Z');
    expect(reminderInstant('01.07.2030', '00:30', 2)?.toISOString()).toBe('2030-06-30T22:30:00.000Z');
    expect(reminderInstant('01.07.2030', '23:00', -5.5)?.toISOString()).toBe('2030-07-02T04:30:00.000Z');
    expect(reminderInstant('01.07.2030', null, 1)).toBeNull();
    expect(reminderInstant(null, '10:00', 1)).toBeNull();
  });

  it("mails the reminder at the right instant in the owner's language; PUT moves the job, DELETE cancels it", async () => {
    const german = await registeredUser(t.app, { language: 'de' });
    await setPlan(t.app, german.id, 'premium');
    const pet = await createPet(t.app, german, { name: 'Rex' });

    const soon = reminderAhead(1, 2);
    const created = await add(
      pet.id,
      { ...soon.fields, appointment_type: 'Examination', appointment_date: dayFromToday(3, 2) },
      german,
    );
    expect(created.job_id).toBeTruthy();
    const job = await jobOf(created.job_id);
    expect(job).toMatchObject({ type: APPOINTMENT_REMINDER_JOB, status: 'pending' });
    expect(job?.run_at).toBe(soon.instant.toISOString());

    // Not due a second before.
    expect(await runJobsAt(new Date(soon.instant.getTime() - 1000))).toBe(0);
    expect(await reminderMails(german.email)).toHaveLength(0);
    expect(await runJobsAt(new Date(soon.instant.getTime() + 1000))).toBe(1);
    const [mail, ...more] = await reminderMails(german.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Erinnerung: Untersuchung für Rex');
    expect(mail?.text).toContain(`Datum: ${dayFromToday(3, 2)}`);
    expect(mail?.text).toContain('Uhrzeit: 09:30 Uhr');
    expect(mail?.text).toContain('Grund: Yearly shots');
    expect(mail?.text).toContain('Tierarzt: Dr. Tierlieb');
    expect(mail?.text).toContain('Adresse: Hauptstraße 1, 10115 Berlin, DE');
    expect(mail?.links).toContain(`${t.app.config.publicUrl}/pet-details/Rex/${pet.id}/appointments`);
    expect((await jobOf(created.job_id))?.status).toBe('done');
    // Running the job again (a runner that died after the mail) sends nothing more.
    await t.app.appointments.sendReminder(JSON.parse(job!.payload), job!);
    expect(await reminderMails(german.email)).toHaveLength(1);

    // An English owner gets English text.
    const englishReminder = reminderAhead(2, -3);
    const english = await add(t.pet.id, { ...englishReminder.fields, appointment_type: 'Surgery' });
    expect((await jobOf(english.job_id))?.run_at).toBe(englishReminder.instant.toISOString());

    // PUT moves the job: the old one is gone, the new one runs at the new instant.
    const moved = reminderAhead(30, -3);
    const {
      appointment_type: _type,
      reminder_time_zone: _zone,
      ...update
    } = body({
      ...moved.fields,
      reminder_time_zone: undefined,
    });
    const put = await v1(t.app, 'PUT', `/v1/appointment?appt_id=${english.id}`, update, as(t.owner));
    expect(put.statusCode, put.body).toBe(200);
    const movedAppt = appointmentSchema.parse(put.json());
    expect(movedAppt.job_id).toBeTruthy();
    expect(movedAppt.job_id).not.toBe(english.job_id);
    expect(await jobOf(english.job_id)).toBeUndefined();
    expect((await jobOf(movedAppt.job_id))?.run_at).toBe(moved.instant.toISOString());
    // The same reminder again keeps its job.
    const same = await v1(t.app, 'PUT', `/v1/appointment?appt_id=${english.id}`, update, as(t.owner));
    expect(appointmentSchema.parse(same.json()).job_id).toBe(movedAppt.job_id);

    expect(await runJobsAt(new Date(englishReminder.instant.getTime() + 1000))).toBe(0);
    expect(await runJobsAt(new Date(moved.instant.getTime() + 1000))).toBe(1);
    const [englishMail] = await reminderMails(t.owner.email);
    expect(englishMail?.subject).toBe(`Reminder: Surgery for ${t.pet.name}`);
    expect(englishMail?.text).toContain('Time: 09:30');
    expect(englishMail?.links).toContain(
      `${t.app.config.publicUrl}/pet-details/${t.pet.name}/${t.pet.id}/appointments`,
    );

    // Removing the reminder cancels the job.
    const withReminder = await add(t.pet.id, reminderAhead(10, 0).fields);
    const {
      appointment_type: _t2,
      reminder_time_zone: _z2,
      ...noReminder
    } = body({ reminder_date: '', reminder_time: '' });
    const removed = await v1(
      t.app,
      'PUT',
      `/v1/appointment?appt_id=${withReminder.id}`,
      noReminder,
      as(t.owner),
    );
    expect(appointmentSchema.parse(removed.json())).toMatchObject({ job_id: null, reminder_date: null });
    expect(await jobOf(withReminder.job_id)).toBeUndefined();

    // DELETE cancels the job: no mail.
    const deletedReminder = reminderAhead(5, 1);
    const toDelete = await add(pet.id, deletedReminder.fields, german);
    const del = await v1(t.app, 'DELETE', `/v1/appointment?appt_id=${toDelete.id}`, undefined, as(german));
    expect(del.statusCode).toBe(200);
    expect(await jobOf(toDelete.job_id)).toBeUndefined();
    expect(await runJobsAt(new Date(deletedReminder.instant.getTime() + 1000))).toBe(0);
    expect(await reminderMails(german.email)).toHaveLength(1);

    // A reminder already past is stored but not scheduled.
    const past = await add(t.pet.id, { reminder_date: dayFromToday(-2, 1), reminder_time: '10:00' });
    expect(past).toMatchObject({ job_id: null, reminder_date: dayFromToday(-2, 1), reminder_time: '10:00' });
  });

  it('deleting a pet removes its appointments and their pending reminder jobs', async () => {
    const pet = await createPet(t.app, t.owner, { name: 'Gone' });
    const reminder = reminderAhead(15, 1);
    const one = await add(pet.id, reminder.fields);
    const two = await add(pet.id, reminderAhead(16, 1).fields);
    const other = await add(t.pet.id, reminderAhead(17, 1).fields);
    const del = await v1(t.app, 'DELETE', `/v1/pet?id=${pet.id}`, undefined, as(t.owner));
    expect(del.statusCode).toBe(200);
    const left = await t.app.db.selectFrom('appointment').select('id').where('pet_id', '=', pet.id).execute();
    expect(left).toEqual([]);
    expect(await jobOf(one.job_id)).toBeUndefined();
    expect(await jobOf(two.job_id)).toBeUndefined();
    expect((await jobOf(other.job_id))?.status).toBe('pending');
    const gone = await v1(
      t.app,
      'GET',
      `/v1/appointment/mypetappointments?pet_id=${pet.id}`,
      undefined,
      as(t.owner),
    );
    expect(gone.statusCode).toBe(404);
  });
});
