import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_USER_TIME_ZONE,
  doseLogEntrySchema,
  scheduleSchema,
  todayResponseSchema,
  zonedTimeToUtc,
} from '@pet/contract';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { registeredUser, v1 } from './identity-helpers.ts';
import { as, createPet, setPlan, type User } from './support/owners.ts';
import { shareDirectly } from './support/shares.ts';
import { addMedication, advanceMinutes, advanceToNext, putSchedule } from './support/care.ts';
import { mailsTo } from './support/sharing.ts';

/**
 * Care plans on the server (issue 36): schedules, "Today" across own and shared pets, confirming
 * doses once per slot (also in parallel), undo, stock, the plan gate and the pet access.
 */
let t: TestApp;
let owner: User;
let stranger: User;
let day: string;

const twiceDaily = {
  rule: { kind: 'daily', times: ['08:00', '20:00'] },
  dose_amount: 1,
  dose_unit: 'tablet',
  starts_on: '2020-01-01',
};
const slotAt = (d: string, hhmm: string, zone = DEFAULT_USER_TIME_ZONE) =>
  new Date(zonedTimeToUtc(d, hhmm, zone)).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  [owner, stranger] = await Promise.all([registeredUser(t.app), registeredUser(t.app)]);
  await setPlan(t.app, owner.id, 'premium');
  await setPlan(t.app, stranger.id, 'premium');
  // 06:00 in Berlin: both of the day's doses are still ahead.
  day = advanceToNext(t.app, '06:00');
}, 120_000);
afterAll(async () => t?.close());

describe(`care plans (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  it('signup takes the browser zone; myinfo answers it; old users get the default', async () => {
    const sydney = await registeredUser(t.app, { time_zone: 'Australia/Sydney' } as never);
    const info = await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, as(sydney));
    expect(info.json().time_zone).toBe('Australia/Sydney');
    const mine = await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, as(owner));
    expect(mine.json().time_zone).toBe(DEFAULT_USER_TIME_ZONE);
    const bad = await v1(t.app, 'PUT', '/v1/care/settings', { time_zone: 'Mars/Olympus' }, as(owner));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().key).toBe('Care_Time_Zone_Error');
    const settings = await v1(
      t.app,
      'PUT',
      '/v1/care/settings',
      { missed_dose_repeat_minutes: 30 },
      as(owner),
    );
    expect(settings.json()).toMatchObject({ time_zone: DEFAULT_USER_TIME_ZONE, doses: { mail: true } });
  });

  it('sets, reads and removes a schedule; refuses bad rules, windows and non-medications', async () => {
    const pet = await createPet(t.app, owner, { name: 'Schedule' });
    const medId = await addMedication(t.app, owner, pet.id);
    const put = (body: object, id = medId) =>
      v1(t.app, 'PUT', `/v1/care/schedule?med_id=${id}`, { ...twiceDaily, ...body }, as(owner));

    const noTimes = await put({ rule: { kind: 'daily', times: [] } });
    expect(noTimes.statusCode).toBe(400);
    expect(noTimes.json().key).toBe('Care_Schedule_Error');
    const window = await put({ starts_on: '2026-05-02', ends_on: '2026-05-01' });
    expect(window.statusCode).toBe(400);
    expect(window.json().key).toBe('Care_Schedule_Window_Error');
    const allergy = await v1(
      t.app,
      'POST',
      `/v1/medical/allergy?pet_id=${pet.id}`,
      { name: 'Pollen' },
      as(owner),
    );
    expect(allergy.statusCode, allergy.body).toBe(201);
    expect((await put({}, allergy.json().id)).statusCode).toBe(404);

    const saved = scheduleSchema.parse((await put({ stock_units: 40 })).json());
    expect(saved).toMatchObject({
      med_id: medId,
      pet_id: pet.id,
      time_zone: DEFAULT_USER_TIME_ZONE,
      stock_days_left: 20,
    });
    const read = await v1(t.app, 'GET', `/v1/care/schedule?med_id=${medId}`, undefined, as(owner));
    expect(read.json().rule).toEqual(twiceDaily.rule);
    expect(
      (await v1(t.app, 'GET', `/v1/care/schedule?med_id=${medId}`, undefined, as(stranger))).statusCode,
    ).toBe(404);
    expect(
      (await v1(t.app, 'DELETE', `/v1/care/schedule?med_id=${medId}`, undefined, as(owner))).statusCode,
    ).toBe(200);
    expect(
      (await v1(t.app, 'GET', `/v1/care/schedule?med_id=${medId}`, undefined, as(owner))).statusCode,
    ).toBe(404);
  });

  it("today lists two own pets and a shared pet, each in its owner's zone", async () => {
    const caller = await registeredUser(t.app);
    await setPlan(t.app, caller.id, 'premium');
    const [a, b] = [
      await createPet(t.app, caller, { name: 'Anna' }),
      await createPet(t.app, caller, { name: 'Bruno' }),
    ];
    await putSchedule(t.app, caller, await addMedication(t.app, caller, a.id, 'A-med'), {
      ...twiceDaily,
      starts_on: day,
    });
    await putSchedule(t.app, caller, await addMedication(t.app, caller, b.id, 'B-med'), {
      ...twiceDaily,
      starts_on: day,
      rule: { kind: 'daily', times: ['12:00'] },
    });
    // A pet in New York shared with the caller as carer.
    const nyOwner = await registeredUser(t.app, { time_zone: 'America/New_York' } as never);
    await setPlan(t.app, nyOwner.id, 'premium');
    const c = await createPet(t.app, nyOwner, { name: 'Cleo' });
    await putSchedule(t.app, nyOwner, await addMedication(t.app, nyOwner, c.id, 'C-med'), {
      ...twiceDaily,
      starts_on: day,
      rule: { kind: 'daily', times: ['09:00'] },
    });
    await shareDirectly(t.app, { ownerId: nyOwner.id, memberId: caller.id, petId: c.id, role: 'carer' });

    const res = await v1(t.app, 'GET', `/v1/care/today?day=${day}`, undefined, as(caller));
    expect(res.statusCode, res.body).toBe(200);
    const today = todayResponseSchema.parse(res.json());
    const line = (d: (typeof today.doses)[number]) =>
      `${d.pet_name} ${d.medication_name} ${d.local_time} ${d.state}`;
    expect(today.doses.map(line).sort()).toEqual(
      [
        'Anna A-med 08:00 upcoming',
        'Anna A-med 20:00 upcoming',
        'Bruno B-med 12:00 upcoming',
        'Cleo C-med 09:00 upcoming',
      ].sort(),
    );
    const cleo = today.doses.find((d) => d.pet_name === 'Cleo')!;
    expect(cleo.slot).toBe(slotAt(day, '09:00', 'America/New_York'));
    // The stranger sees none of it.
    const theirs = todayResponseSchema.parse(
      (await v1(t.app, 'GET', '/v1/care/today', undefined, as(stranger))).json(),
    );
    expect(theirs.doses.filter((d) => ['Anna', 'Bruno', 'Cleo'].includes(d.pet_name))).toEqual([]);
  });

  it('confirms a slot once (also in parallel), skips with a reason, undoes within the window, counts stock', async () => {
    const pet = await createPet(t.app, owner, { name: 'Dose' });
    const medId = await addMedication(t.app, owner, pet.id);
    await putSchedule(t.app, owner, medId, { ...twiceDaily, starts_on: day, stock_units: 30 });
    const confirm = (body: object, user: User = owner) =>
      v1(t.app, 'POST', `/v1/care/dose?med_id=${medId}`, body, as(user));
    const morning = slotAt(day, '08:00');
    const evening = slotAt(day, '20:00');

    expect((await confirm({ slot: slotAt(day, '09:00'), action: 'given' })).json().key).toBe(
      'Care_Dose_Slot_Unknown_Text',
    );
    const noReason = await confirm({ slot: morning, action: 'skipped' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().key).toBe('Care_Dose_Skip_Reason_Error');

    const given = await confirm({ slot: morning, action: 'given' });
    expect(given.statusCode, given.body).toBe(201);
    expect(doseLogEntrySchema.parse(given.json())).toMatchObject({
      slot: morning,
      action: 'given',
      confirmed_by: { id: owner.id },
    });
    const again = await confirm({ slot: morning, action: 'skipped', skip_reason: 'asleep' });
    expect(again.statusCode).toBe(409);
    expect(again.json().key).toBe('Care_Dose_Already_Confirmed_Error');
    const stock = async () =>
      (
        await t.app.db
          .selectFrom('medication_schedule')
          .select('stock_units')
          .where('med_id', '=', medId)
          .executeTakeFirstOrThrow()
      ).stock_units;
    expect(await stock()).toBe(29);

    // Eight at once on the evening slot: exactly one wins, one stock unit goes.
    const parallel = await Promise.all(
      Array.from({ length: 8 }, () => confirm({ slot: evening, action: 'given' })),
    );
    expect(parallel.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await stock()).toBe(28);
    const rows = await t.app.db.selectFrom('dose_log').select('id').where('med_id', '=', medId).execute();
    expect(rows).toHaveLength(2);

    // Undo within UNDO_WINDOW_MINUTES gives the unit back; the slot is open again.
    const undo = await v1(t.app, 'DELETE', `/v1/care/dose?id=${given.json().id}`, undefined, as(owner));
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await stock()).toBe(29);
    const skipped = await confirm({ slot: morning, action: 'skipped', skip_reason: 'vomited' });
    expect(skipped.statusCode).toBe(201);
    expect(await stock()).toBe(29);
    await advanceMinutes(t.app, 11);
    const late = await v1(t.app, 'DELETE', `/v1/care/dose?id=${skipped.json().id}`, undefined, as(owner));
    expect(late.statusCode).toBe(409);
    expect(late.json().key).toBe('Care_Dose_Undo_Too_Late_Error');

    const log = await v1(t.app, 'GET', `/v1/care/doses?med_id=${medId}`, undefined, as(owner));
    expect(
      log
        .json()
        .map((e: { action: string }) => e.action)
        .sort(),
    ).toEqual(['given', 'skipped']);
    const today = todayResponseSchema.parse(
      (await v1(t.app, 'GET', `/v1/care/today?day=${day}`, undefined, as(owner))).json(),
    );
    const states = today.doses
      .filter((d) => d.med_id === medId)
      .map((d) => [d.local_time, d.state, d.skip_reason]);
    expect(states).toEqual([
      ['08:00', 'skipped', 'vomited'],
      ['20:00', 'given', null],
    ]);
  });

  it('warns once when the stock crosses the line: a notice and a mail', async () => {
    const pet = await createPet(t.app, owner, { name: 'Stock' });
    const medId = await addMedication(t.app, owner, pet.id, 'Vetmedin');
    // 2 a day, 15 units = 7.5 days; the line is 7 days.
    await putSchedule(t.app, owner, medId, { ...twiceDaily, stock_units: 15, stock_warn_days: 7 });
    const give = (slot: string) =>
      v1(t.app, 'POST', `/v1/care/dose?med_id=${medId}`, { slot, action: 'given' }, as(owner));
    const next = (n: number) => {
      const [y, m, d] = day.split('-').map(Number) as [number, number, number];
      return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
    };
    expect((await give(slotAt(next(-3), '08:00'))).statusCode).toBe(201); // 14 left: 7 days, not below
    const notices = async () =>
      (
        (await v1(t.app, 'GET', '/v1/care/notices', undefined, as(owner))).json() as Array<{
          kind: string;
          params: Record<string, unknown>;
        }>
      ).filter((n) => n.kind === 'stock_low' && n.params.medication_name === 'Vetmedin');
    expect(await notices()).toHaveLength(0);
    expect((await give(slotAt(next(-3), '20:00'))).statusCode).toBe(201); // 13: 6.5 days
    expect((await give(slotAt(next(-2), '08:00'))).statusCode).toBe(201); // 12: still low, no second warning
    const list = await notices();
    expect(list).toHaveLength(1);
    expect(list[0]!.params.days_left).toBe(6.5);
    const mails = await mailsTo(t.app, owner.email, 'care-stock-low');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Vetmedin');
    const today = todayResponseSchema.parse(
      (await v1(t.app, 'GET', '/v1/care/today', undefined, as(owner))).json(),
    );
    expect(today.stock_warnings.find((w) => w.med_id === medId)?.days_left).toBe(6);
  });

  it('free plan: Medical_Not_Allowed_Text; stranger 404; viewer 403 on dose; carer undoes only own', async () => {
    const free = await registeredUser(t.app);
    const refused = await v1(t.app, 'GET', '/v1/care/today', undefined, as(free));
    expect(refused.statusCode).toBe(500);
    expect(refused.json().key).toBe('Medical_Not_Allowed_Text');

    const pet = await createPet(t.app, owner, { name: 'Shared' });
    const medId = await addMedication(t.app, owner, pet.id);
    await putSchedule(t.app, owner, medId, { ...twiceDaily, stock_units: 10 });
    const [viewer, carer] = [await registeredUser(t.app), await registeredUser(t.app)];
    await shareDirectly(t.app, { ownerId: owner.id, memberId: viewer.id, petId: pet.id, role: 'viewer' });
    await shareDirectly(t.app, { ownerId: owner.id, memberId: carer.id, petId: pet.id, role: 'carer' });
    const confirm = (user: User, slot: string) =>
      v1(t.app, 'POST', `/v1/care/dose?med_id=${medId}`, { slot, action: 'given' }, as(user));
    const morning = slotAt(day, '08:00');

    expect((await confirm(stranger, morning)).statusCode).toBe(404);
    const viewers = await confirm(viewer, morning);
    expect(viewers.statusCode).toBe(403);
    expect(viewers.json().key).toBe('Share_Role_Forbidden_Text');
    expect(
      (await v1(t.app, 'GET', `/v1/care/schedule?med_id=${medId}`, undefined, as(viewer))).statusCode,
    ).toBe(200);
    const carerPut = await v1(t.app, 'PUT', `/v1/care/schedule?med_id=${medId}`, twiceDaily, as(carer));
    expect(carerPut.statusCode).toBe(403);

    const ownersDose = await confirm(owner, morning);
    const carersDose = await confirm(carer, slotAt(day, '20:00'));
    expect(carersDose.statusCode, carersDose.body).toBe(201);
    expect(carersDose.json().confirmed_by.id).toBe(carer.id);
    const notYours = await v1(
      t.app,
      'DELETE',
      `/v1/care/dose?id=${ownersDose.json().id}`,
      undefined,
      as(carer),
    );
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().key).toBe('Share_Not_Your_Entry_Text');
    expect(
      (await v1(t.app, 'DELETE', `/v1/care/dose?id=${carersDose.json().id}`, undefined, as(stranger)))
        .statusCode,
    ).toBe(404);
    expect(
      (await v1(t.app, 'DELETE', `/v1/care/dose?id=${carersDose.json().id}`, undefined, as(carer)))
        .statusCode,
    ).toBe(200);
  });

  it('a weight goal: a notice after 3 entries in a row outside the band, once', async () => {
    const pet = await createPet(t.app, owner, { name: 'Heavy' });
    const band = await v1(
      t.app,
      'PUT',
      `/v1/care/weight-goal?pet_id=${pet.id}`,
      { min_kg: 10, max_kg: 12 },
      as(owner),
    );
    expect(band.statusCode, band.body).toBe(200);
    const bad = await v1(
      t.app,
      'PUT',
      `/v1/care/weight-goal?pet_id=${pet.id}`,
      { min_kg: 12, max_kg: 10 },
      as(owner),
    );
    expect(bad.json().key).toBe('Care_Weight_Goal_Error');
    const weigh = (weight: number, date: string) =>
      v1(t.app, 'POST', `/v1/pet/weight?pet_id=${pet.id}`, { weight, date }, as(owner));
    const notices = async () =>
      (
        (await v1(t.app, 'GET', '/v1/care/notices', undefined, as(owner))).json() as Array<{
          id: string;
          kind: string;
          pet_id: string;
        }>
      ).filter((n) => n.kind === 'weight_outside_goal' && n.pet_id === pet.id);
    await weigh(11, '01.01.2026');
    await weigh(13, '02.01.2026');
    await weigh(13.5, '03.01.2026');
    expect(await notices()).toHaveLength(0);
    await weigh(14, '04.01.2026');
    expect(await notices()).toHaveLength(1);
    await weigh(14.2, '05.01.2026');
    const list = await notices();
    expect(list).toHaveLength(1);
    const goal = await v1(t.app, 'GET', `/v1/care/weight-goal?pet_id=${pet.id}`, undefined, as(owner));
    expect(goal.json().outside_in_a_row).toBe(4);
    expect(
      (await v1(t.app, 'POST', `/v1/care/notice/dismiss?id=${list[0]!.id}`, undefined, as(owner))).statusCode,
    ).toBe(200);
    expect(await notices()).toHaveLength(0);
  });
});
