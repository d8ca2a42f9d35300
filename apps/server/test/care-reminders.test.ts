import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayNumber, dayOfNumber, zonedTimeToUtc } from '@pet/contract';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { mailbox, registeredUser, v1 } from './identity-helpers.ts';
import { as, createPet, setPlan, type User } from './support/owners.ts';
import { shareDirectly } from './support/shares.ts';
import { addMedication, advanceMinutes, advanceToNext, putSchedule } from './support/care.ts';

/**
 * Care reminders (issue 36), driven by the business clock: the dose sweep mails at the due time
 * and again after missed_dose_repeat_minutes while unconfirmed, to the owner and the members who
 * get reminders; nothing for a dose given; vaccination reminders at -28/-7/+7/+28 days unless done.
 */
let t: TestApp;
let owner: User;
let carer: User;
let viewer: User;
let petId: string;
let day: string;

const kinds = async (to: string, kind: string) =>
  (await mailbox(t.app)).filter((m) => m.to === to && m.kind === kind);

beforeAll(async () => {
  t = await createTestApp();
  [owner, carer, viewer] = await Promise.all([
    registeredUser(t.app),
    registeredUser(t.app),
    registeredUser(t.app),
  ]);
  await setPlan(t.app, owner.id, 'premium');
  await t.app.db
    .updateTable('user_profile')
    .set({ language: 'German' })
    .where('user_id', '=', owner.id)
    .execute();
  await t.app.db
    .updateTable('user_profile')
    .set({ language: 'English' })
    .where('user_id', '=', carer.id)
    .execute();
  petId = (await createPet(t.app, owner, { name: 'Bello' })).id;
  await shareDirectly(t.app, {
    ownerId: owner.id,
    memberId: carer.id,
    petId,
    role: 'carer',
    reminders: true,
  });
  await shareDirectly(t.app, {
    ownerId: owner.id,
    memberId: viewer.id,
    petId,
    role: 'viewer',
    reminders: true,
  });
  day = advanceToNext(t.app, '06:00');
}, 120_000);
afterAll(async () => t?.close());

describe(`care reminders (${testDatabaseKind})`, { timeout: 180_000 }, () => {
  it('mails at the due time, again after 30 minutes unconfirmed, and nothing for a dose given', async () => {
    const medId = await addMedication(t.app, owner, petId, 'Apoquel');
    await putSchedule(t.app, owner, medId, {
      rule: { kind: 'daily', times: ['08:00', '20:00'] },
      dose_amount: 1,
      dose_unit: 'tablet',
      starts_on: day,
    });
    await advanceMinutes(t.app, 119);
    expect(await kinds(owner.email, 'care-dose-due')).toHaveLength(0);
    await advanceMinutes(t.app, 1); // 08:00
    const due = await kinds(owner.email, 'care-dose-due');
    expect(due).toHaveLength(1);
    expect(due[0]!.subject).toBe('Jetzt fällig: Apoquel für Bello');
    expect(due[0]!.text).toContain('08:00');
    const carers = await kinds(carer.email, 'care-dose-due');
    expect(carers).toHaveLength(1);
    expect(carers[0]!.subject).toBe('Due now: Apoquel for Bello');
    expect(await kinds(viewer.email, 'care-dose-due')).toHaveLength(0);

    await advanceMinutes(t.app, 29);
    expect(await kinds(owner.email, 'care-dose-missed')).toHaveLength(0);
    await advanceMinutes(t.app, 1); // 08:30
    const missed = await kinds(owner.email, 'care-dose-missed');
    expect(missed).toHaveLength(1);
    expect(missed[0]!.subject).toContain('Noch nicht bestätigt');
    expect(await kinds(carer.email, 'care-dose-missed')).toHaveLength(1);
    const notices = await v1(t.app, 'GET', '/v1/care/notices', undefined, as(owner));
    expect(notices.json().filter((n: { kind: string }) => n.kind === 'dose_missed')).toHaveLength(1);

    // The evening dose is given before its time: no reminder, no repeat.
    const evening = new Date(zonedTimeToUtc(day, '20:00', 'Europe/Berlin')).toISOString();
    const given = await v1(
      t.app,
      'POST',
      `/v1/care/dose?med_id=${medId}`,
      { slot: evening, action: 'given' },
      as(owner),
    );
    expect(given.statusCode, given.body).toBe(201);
    await advanceMinutes(t.app, 11.5 * 60); // 20:00
    await advanceMinutes(t.app, 60);
    expect(await kinds(owner.email, 'care-dose-due')).toHaveLength(1);
    expect(await kinds(owner.email, 'care-dose-missed')).toHaveLength(1);
    // Sweeping again sends nothing twice.
    await advanceMinutes(t.app, 5);
    expect(
      (await kinds(owner.email, 'care-dose-due')).length + (await kinds(carer.email, 'care-dose-due')).length,
    ).toBe(2);
    await v1(t.app, 'DELETE', `/v1/care/schedule?med_id=${medId}`, undefined, as(owner));
  });

  it('reminds of a vaccination at -28, -7, +7 and +28 days, and stops once it is done', async () => {
    const today = dayNumber(day);
    const open = await v1(
      t.app,
      'POST',
      `/v1/care/vaccination?pet_id=${petId}`,
      { name: 'Tollwut', due_on: dayOfNumber(today + 35) },
      as(owner),
    );
    expect(open.statusCode, open.body).toBe(201);
    expect(open.json().state).toBe('later');
    const done = await v1(
      t.app,
      'POST',
      `/v1/care/vaccination?pet_id=${petId}`,
      { name: 'Leptospirose', due_on: dayOfNumber(today + 35) },
      as(owner),
    );
    const mails = async (name: string) =>
      (await kinds(owner.email, 'care-vaccination-due')).filter((m) => m.subject.includes(name));

    const steps: Array<[number, number]> = [
      [6, 0], // day+6: nothing yet
      [8, 1], // day+7 09:00: 4 weeks before
      [27, 1],
      [29, 2], // day+28: 1 week before
      [41, 2],
      [43, 3], // day+42: 1 week after
      [62, 3],
      [64, 4], // day+63: 4 weeks after
      [90, 4],
    ];
    let at = 0;
    for (const [days, expected] of steps) {
      await advanceMinutes(t.app, (days - at) * 24 * 60);
      at = days;
      expect(await mails('Tollwut'), `day +${days}`).toHaveLength(expected);
      if (days === 8) {
        expect((await mails('Leptospirose')).length).toBe(1);
        const res = await v1(t.app, 'POST', `/v1/care/vaccination/done?id=${done.json().id}`, {}, as(owner));
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().state).toBe('done');
      }
    }
    expect(await mails('Leptospirose')).toHaveLength(1);
    const list = await v1(t.app, 'GET', `/v1/care/vaccinations?pet_id=${petId}`, undefined, as(owner));
    expect(
      list
        .json()
        .map((v: { name: string; state: string }) => `${v.name} ${v.state}`)
        .sort(),
    ).toEqual(['Leptospirose done', 'Tollwut overdue']);
    // The carer who gets reminders was told too, in English.
    const carers = (await kinds(carer.email, 'care-vaccination-due')).filter((m) =>
      m.subject.includes('Tollwut'),
    );
    expect(carers).toHaveLength(4);
    expect(
      carers.some(
        (m) =>
          m.subject ===
          `Tollwut for Bello is due on ${dayOfNumber(today + 35)
            .split('-')
            .reverse()
            .join('/')}`,
      ),
    ).toBe(true);
  });
});
