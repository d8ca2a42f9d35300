import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustableClock } from '../src/platform/clock.ts';
import { createBrands } from '../src/platform/brand.ts';
import { CareReminders } from '../src/modules/care/care.reminders.ts';
import { CareSettingsStore } from '../src/modules/care/care.settings.ts';
import { PetAccessPolicy } from '../src/modules/pets/pet-access.ts';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { mailbox, registeredUser } from './identity-helpers.ts';
import { createPet, setPlan, type User } from './support/owners.ts';
import { shareDirectly } from './support/shares.ts';
import { addMedication, advanceToNext, putSchedule } from './support/care.ts';

/**
 * The batched reminder sweep claims before it sends (issue 36): two sweeps started together over
 * the same due doses and repeats send each mail once, to the owner and the carer; a third sweep
 * afterwards sends nothing. The business clock is moved without running the job (so only the
 * sweeps started here work), the mails go through the app's real mailer to the test SMTP server.
 */
let t: TestApp;
let owner: User;
let carer: User;
let petId: string;
let day: string;

const kinds = async (to: string, kind: string) =>
  (await mailbox(t.app)).filter((m) => m.to === to && m.kind === kind);

function sweeper(): CareReminders {
  const { app } = t;
  const clock = app.clock as AdjustableClock;
  const brands = createBrands(t.config);
  return new CareReminders({
    db: app.db,
    clock,
    access: new PetAccessPolicy({ db: app.db, kind: app.database.kind, clock }),
    settings: new CareSettingsStore({ db: app.db, clock }),
    mailer: app.mailer,
    log: app.log,
    language: async () => 'en',
    brandForPartner: brands.forPartner,
    originForBrand: brands.originFor,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  [owner, carer] = await Promise.all([registeredUser(t.app), registeredUser(t.app)]);
  await setPlan(t.app, owner.id, 'premium');
  petId = (await createPet(t.app, owner, { name: 'Bello' })).id;
  await shareDirectly(t.app, {
    ownerId: owner.id,
    memberId: carer.id,
    petId,
    role: 'carer',
    reminders: true,
  });
  day = advanceToNext(t.app, '06:00');
}, 120_000);
afterAll(async () => t?.close());

describe(`care sweep in parallel (${testDatabaseKind})`, { timeout: 180_000 }, () => {
  it('sends each due dose and each repeat once with two sweeps at the same time', async () => {
    const meds = [
      await addMedication(t.app, owner, petId, 'Apoquel'),
      await addMedication(t.app, owner, petId, 'Librela'),
    ];
    for (const medId of meds) {
      await putSchedule(t.app, owner, medId, {
        rule: { kind: 'daily', times: ['08:00'] },
        dose_amount: 1,
        dose_unit: 'tablet',
        starts_on: day,
      });
    }
    const clock = t.app.clock as AdjustableClock;
    clock.advance(2 * 3_600_000); // 08:00, the job not run
    const [a, b] = await Promise.all([sweeper().sweep(), sweeper().sweep()]);
    expect(a.doses + b.doses).toBe(2);
    expect(await kinds(owner.email, 'care-dose-due')).toHaveLength(2);
    expect(await kinds(carer.email, 'care-dose-due')).toHaveLength(2);
    const rows = await t.app.db
      .selectFrom('dose_reminder')
      .select('med_id')
      .where('med_id', 'in', meds)
      .execute();
    expect(rows).toHaveLength(2);

    clock.advance(30 * 60_000); // the missed-dose repeat (default 30 minutes)
    const [c, d] = await Promise.all([sweeper().sweep(), sweeper().sweep()]);
    // One repeat per recipient and dose: 2 doses x (owner, carer).
    expect(c.repeats + d.repeats).toBe(4);
    expect(await kinds(owner.email, 'care-dose-missed')).toHaveLength(2);
    expect(await kinds(carer.email, 'care-dose-missed')).toHaveLength(2);
    const notices = await t.app.db
      .selectFrom('care_notice')
      .select('id')
      .where('user_id', '=', owner.id)
      .where('kind', '=', 'dose_missed')
      .execute();
    expect(notices).toHaveLength(2);

    const again = await sweeper().sweep();
    expect(again).toEqual({ doses: 0, repeats: 0, vaccinations: 0 });
    expect(await kinds(owner.email, 'care-dose-due')).toHaveLength(2);
    expect(await kinds(owner.email, 'care-dose-missed')).toHaveLength(2);
  });
});
