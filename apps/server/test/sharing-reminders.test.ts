import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_REMINDER } from '../src/modules/appointments/appointments.service.ts';
import { JobQueue } from '../src/platform/jobs/jobs.ts';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { mailbox, registeredUser, v1, type ClientOptions } from './identity-helpers.ts';
import { as, createPet, setPlan, type User } from './support/owners.ts';
import { shareDirectly } from './support/shares.ts';

/**
 * Issue 35: an appointment's reminder goes to the owner and to the members whose share is active
 * when it is sent and whose role gets reminders (co-owners always, carers when the owner chose so,
 * viewers never), each in their own language. And the dog brand's product gate lets a member
 * without a product reach the pet shared with them, and nothing else.
 */
const DOG_HOST = 'hundeschutz.localhost:3000';
let t: TestApp;
let owner: User;
let petId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredUser(t.app);
  await setPlan(t.app, owner.id, 'premium');
  petId = (await createPet(t.app, owner)).id;
}, 120_000);
afterAll(async () => t?.close());

describe(`shared pets: reminders and the product gate (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  it('mails the owner, the co-owner and the carer who asked for reminders, not the others', async () => {
    const [coOwner, carerWith, carerWithout, viewer, ended] = await Promise.all(
      Array.from({ length: 5 }, () => registeredUser(t.app)),
    );
    await t.app.db
      .updateTable('user_profile')
      .set({ language: 'English' })
      .where('user_id', '=', coOwner!.id)
      .execute();
    const share = (member: User, role: 'co_owner' | 'carer' | 'viewer', extra: object = {}) =>
      shareDirectly(t.app, { ownerId: owner.id, memberId: member.id, petId, role, ...extra });
    await share(coOwner!, 'co_owner');
    await share(carerWith!, 'carer', { reminders: true });
    await share(carerWithout!, 'carer');
    await share(viewer!, 'viewer', { reminders: true });
    await share(ended!, 'co_owner', { ended: { at: t.app.clock.now().toISOString(), reason: 'left' } });

    const instant = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 5 * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const res = await v1(
      t.app,
      'POST',
      `/v1/appointment?pet_id=${petId}`,
      {
        appointment_type: 'Examination',
        reason: 'Check',
        appointment_date: '01.01.2099',
        appointment_time: '10:00',
        reminder_date: `${pad(instant.getUTCDate())}.${pad(instant.getUTCMonth() + 1)}.${instant.getUTCFullYear()}`,
        reminder_time: `${pad(instant.getUTCHours())}:${pad(instant.getUTCMinutes())}`,
        reminder_time_zone: 0,
      },
      as(owner),
    );
    expect(res.statusCode, res.body).toBe(201);

    const queue = new JobQueue({
      db: t.app.db,
      kind: t.app.database.kind,
      log: t.app.log,
      now: () => instant,
    });
    queue.register(APPOINTMENT_REMINDER, (payload, job) => t.app.appointments.sendReminder(payload, job));
    await queue.runDue();

    const mails = (await mailbox(t.app)).filter((mail) => mail.kind === 'appointment-reminder');
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [owner.email, coOwner!.email, carerWith!.email].sort(),
    );
    const coOwnersMail = mails.find((mail) => mail.to === coOwner!.email)!;
    expect(coOwnersMail.subject).toMatch(/^Reminder: /);
  });

  it("lets a dog-brand member without a product reach the shared pet's calls (only those)", async () => {
    const asDog = (user: User): ClientOptions => ({ bearer: user.token, host: DOG_HOST });
    const member = await registeredUser(t.app, {}, { host: DOG_HOST });
    const other = await createPet(t.app, owner, { name: 'Not shared' });
    await shareDirectly(t.app, { ownerId: owner.id, memberId: member.id, petId, role: 'viewer' });

    const shared = await v1(t.app, 'GET', `/v1/pet?pet_id=${petId}`, undefined, asDog(member));
    expect(shared.statusCode, shared.body).toBe(200);
    const appointments = await v1(
      t.app,
      'GET',
      `/v1/appointment/mypetappointments?pet_id=${petId}`,
      undefined,
      asDog(member),
    );
    expect(appointments.statusCode).toBe(200);
    for (const [method, url, body] of [
      ['GET', `/v1/pet?pet_id=${other.id}`],
      ['POST', '/v1/pet', { name: 'Rex', pet_type: 'Dog' }],
      ['GET', '/v1/appointment/myappointments'],
      ['GET', '/v1/emergency?language=de'],
    ] as const) {
      const res = await v1(t.app, method, url, body, asDog(member));
      expect([res.statusCode, res.json().key], `${method} ${url}`).toEqual([
        471,
        'Product_Not_Attached_Text',
      ]);
    }
  });
});
