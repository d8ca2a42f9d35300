import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_TIME_ZONE, todayResponseSchema, zonedTimeToUtc } from '@pet/contract';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { mailbox, registeredUser, v1 } from './identity-helpers.ts';
import { as, createPet, setPlan, type User } from './support/owners.ts';
import { shareDirectly } from './support/shares.ts';
import { addMedication, advanceMinutes, advanceToNext, putSchedule } from './support/care.ts';

/**
 * Gaps of the care plans (issue 36): the plan gate of "Today" per pet owner's plan, and each
 * recipient's own missed_dose_repeat_minutes for "overdue" and the missed-dose repeat.
 */
let t: TestApp;
let day: string;

const daily = (times: string[], starts_on: string) => ({
  rule: { kind: 'daily', times },
  dose_amount: 1,
  dose_unit: 'tablet',
  starts_on,
});
const slotAt = (d: string, hhmm: string, zone = DEFAULT_USER_TIME_ZONE) =>
  new Date(zonedTimeToUtc(d, hhmm, zone)).toISOString();
const todayOf = async (user: User) => {
  const res = await v1(t.app, 'GET', `/v1/care/today?day=${day}`, undefined, as(user));
  return res;
};
const mails = async (to: string, kind: string) =>
  (await mailbox(t.app)).filter((m) => m.to === to && m.kind === kind);
const setRepeat = async (user: User, minutes: number) => {
  const res = await v1(t.app, 'PUT', '/v1/care/settings', { missed_dose_repeat_minutes: minutes }, as(user));
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  // 06:00 in Berlin: the day's doses are still ahead.
  day = advanceToNext(t.app, '06:00');
}, 120_000);
afterAll(async () => t?.close());

describe(`care plan gaps (${testDatabaseKind})`, { timeout: 180_000 }, () => {
  it("gates Today per pet by its owner's plan: a free carer sees a premium owner's shared pet", async () => {
    const [premiumOwner, freeOwner, freeCarer, premiumCarer] = await Promise.all([
      registeredUser(t.app),
      registeredUser(t.app),
      registeredUser(t.app),
      registeredUser(t.app),
    ]);
    await setPlan(t.app, premiumOwner.id, 'premium');
    await setPlan(t.app, premiumCarer.id, 'premium');

    // A free user with nothing shared: the plan answer as before.
    const refused = await todayOf(freeCarer);
    expect(refused.statusCode).toBe(500);
    expect(refused.json().key).toBe('Medical_Not_Allowed_Text');

    const paid = await createPet(t.app, premiumOwner, { name: 'Paid' });
    await putSchedule(
      t.app,
      premiumOwner,
      await addMedication(t.app, premiumOwner, paid.id, 'P-med'),
      daily(['09:00'], day),
    );
    // A free owner's pet with a medication (its schedule was set while the owner had premium).
    await setPlan(t.app, freeOwner.id, 'premium');
    const unpaid = await createPet(t.app, freeOwner, { name: 'Unpaid' });
    await putSchedule(
      t.app,
      freeOwner,
      await addMedication(t.app, freeOwner, unpaid.id, 'U-med'),
      daily(['10:00'], day),
    );
    await setPlan(t.app, freeOwner.id, 'free');

    // Only the free owner's pet is shared: still the plan answer.
    await shareDirectly(t.app, {
      ownerId: freeOwner.id,
      memberId: freeCarer.id,
      petId: unpaid.id,
      role: 'carer',
    });
    const stillRefused = await todayOf(freeCarer);
    expect(stillRefused.statusCode).toBe(500);
    expect(stillRefused.json().key).toBe('Medical_Not_Allowed_Text');

    // The premium owner's pet shared too: the free carer sees its doses, not the free owner's.
    await shareDirectly(t.app, {
      ownerId: premiumOwner.id,
      memberId: freeCarer.id,
      petId: paid.id,
      role: 'carer',
    });
    const seen = await todayOf(freeCarer);
    expect(seen.statusCode, seen.body).toBe(200);
    const doses = todayResponseSchema.parse(seen.json()).doses;
    expect(doses.map((d) => `${d.pet_name} ${d.medication_name} ${d.local_time}`)).toEqual([
      'Paid P-med 09:00',
    ]);
    expect(doses[0]!.slot).toBe(slotAt(day, '09:00'));

    // A premium caller's own pets show, a shared pet of a free owner does not.
    const own = await createPet(t.app, premiumCarer, { name: 'Own' });
    await putSchedule(
      t.app,
      premiumCarer,
      await addMedication(t.app, premiumCarer, own.id, 'O-med'),
      daily(['11:00'], day),
    );
    await shareDirectly(t.app, {
      ownerId: freeOwner.id,
      memberId: premiumCarer.id,
      petId: unpaid.id,
      role: 'carer',
    });
    const mine = todayResponseSchema.parse((await todayOf(premiumCarer)).json());
    expect(mine.doses.map((d) => d.pet_name)).toEqual(['Own']);

    // A free user's own pets stay hidden even when a shared pet is shown.
    await setPlan(t.app, freeCarer.id, 'premium');
    const freeOwn = await createPet(t.app, freeCarer, { name: 'FreeOwn' });
    await putSchedule(
      t.app,
      freeCarer,
      await addMedication(t.app, freeCarer, freeOwn.id, 'F-med'),
      daily(['12:00'], day),
    );
    await setPlan(t.app, freeCarer.id, 'free');
    const again = todayResponseSchema.parse((await todayOf(freeCarer)).json());
    expect(again.doses.map((d) => d.pet_name)).toEqual(['Paid']);
  });

  it("uses each recipient's own missed-dose delay for the repeat and for overdue; 0: no repeat", async () => {
    const [owner, quick, never] = await Promise.all([
      registeredUser(t.app),
      registeredUser(t.app),
      registeredUser(t.app),
    ]);
    await setPlan(t.app, owner.id, 'premium');
    await setRepeat(owner, 60);
    await setRepeat(quick, 15);
    await setRepeat(never, 0);
    const pet = await createPet(t.app, owner, { name: 'Rex' });
    for (const member of [quick, never]) {
      await shareDirectly(t.app, {
        ownerId: owner.id,
        memberId: member.id,
        petId: pet.id,
        role: 'carer',
        reminders: true,
      });
    }
    const medId = await addMedication(t.app, owner, pet.id, 'Rimadyl');
    await putSchedule(t.app, owner, medId, daily(['08:00'], day));
    const now = t.app.clock.now().getTime();
    await advanceMinutes(t.app, (zonedTimeToUtc(day, '08:00', DEFAULT_USER_TIME_ZONE) - now) / 60_000);
    for (const user of [owner, quick, never])
      expect(await mails(user.email, 'care-dose-due')).toHaveLength(1);

    const stateOf = async (user: User) =>
      todayResponseSchema.parse((await todayOf(user)).json()).doses.find((d) => d.med_id === medId)!.state;
    await advanceMinutes(t.app, 1); // 08:01
    expect(await stateOf(never)).toBe('overdue');
    expect(await stateOf(quick)).toBe('due');
    expect(await stateOf(owner)).toBe('due');

    await advanceMinutes(t.app, 14); // 08:15
    expect(await mails(quick.email, 'care-dose-missed')).toHaveLength(1);
    expect(await mails(owner.email, 'care-dose-missed')).toHaveLength(0);
    expect(await stateOf(quick)).toBe('overdue');
    expect(await stateOf(owner)).toBe('due');

    await advanceMinutes(t.app, 30); // 08:45: past the default 30 minutes, the owner waits for 60
    expect(await mails(owner.email, 'care-dose-missed')).toHaveLength(0);
    expect(await stateOf(owner)).toBe('due');
    const notices = async () =>
      (await v1(t.app, 'GET', '/v1/care/notices', undefined, as(owner)))
        .json()
        .filter((n: { kind: string }) => n.kind === 'dose_missed');
    expect(await notices()).toHaveLength(0);

    await advanceMinutes(t.app, 15); // 09:00
    expect(await mails(owner.email, 'care-dose-missed')).toHaveLength(1);
    expect(await stateOf(owner)).toBe('overdue');
    expect(await notices()).toHaveLength(1);
    await advanceMinutes(t.app, 120);
    expect(await mails(quick.email, 'care-dose-missed')).toHaveLength(1);
    expect(await mails(owner.email, 'care-dose-missed')).toHaveLength(1);
    expect(await mails(never.email, 'care-dose-missed')).toHaveLength(0);

    // The repeats are rows per recipient; deleting a carer's account purges theirs.
    const repeatsOf = (userId: string) =>
      t.app.db.selectFrom('dose_reminder_repeat').select('slot').where('user_id', '=', userId).execute();
    expect(await repeatsOf(quick.id)).toHaveLength(1);
    expect(await repeatsOf(never.id)).toHaveLength(0);
    const deleted = await v1(
      t.app,
      'DELETE',
      `/v1/auth/deleteuseracc?user_id=${quick.id}`,
      undefined,
      as(quick),
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    await t.app.db
      .updateTable('job')
      .set({ run_at: new Date(0).toISOString() })
      .where('type', '=', 'account.purge')
      .execute();
    await t.app.jobs.runDue();
    expect(await repeatsOf(quick.id)).toEqual([]);
    expect(await repeatsOf(owner.id)).toHaveLength(1);
  });
});
