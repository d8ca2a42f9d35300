import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARE_PATHS, localDayOf, localTimeOf, pushMessageSchema, zonedTimeToUtc } from '@pet/contract';
import { createTestApp, type TestApp } from './helpers.ts';
import { mailbox, registeredUser, v1 } from './identity-helpers.ts';
import { as, createPet, setPlan, type User } from './support/owners.ts';
import { shareDirectly } from './support/shares.ts';
import { startLocalPushService, type LocalPushService } from './support/push-service.ts';

/**
 * Appointment reminders by each recipient's `appointments` channels (care settings, issue 36):
 * push through the real web-push sender to a local push service, mail when chosen or when push
 * reached no device, nothing when neither; the mail shows the time in the recipient's time zone.
 */
let t: TestApp;
let pushService: LocalPushService;

beforeAll(async () => {
  pushService = await startLocalPushService();
  t = await createTestApp({ PUSH_CA_FILE: pushService.caFile, VAPID_SUBJECT: 'mailto:ops@example.org' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

const choose = async (user: User, appointments: { mail: boolean; push: boolean }) => {
  const res = await v1(t.app, 'PUT', CARE_PATHS.settings, { appointments }, as(user));
  expect(res.statusCode, res.body).toBe(200);
};
const addDevice = async (user: User) => {
  const sub = pushService.subscribe();
  const res = await v1(
    t.app,
    'POST',
    CARE_PATHS.pushDevice,
    { endpoint: sub.endpoint, keys: sub.keys },
    as(user),
  );
  expect(res.statusCode, res.body).toBe(200);
  return sub;
};
const reminderMails = async (to: string) =>
  (await mailbox(t.app)).filter((mail) => mail.to === to && mail.kind === 'appointment-reminder');

describe('appointment reminders by the chosen channels', { timeout: 120_000 }, () => {
  it('pushes, mails, falls back to mail without a device, and shows the recipient’s time', async () => {
    const owner = await registeredUser(t.app, { name: 'Olga Owner', language: 'en' });
    const [fallback, newYork, quiet] = [
      await registeredUser(t.app, { language: 'de' }),
      await registeredUser(t.app, { language: 'en', time_zone: 'America/New_York' } as never),
      await registeredUser(t.app, { language: 'en' }),
    ];
    await setPlan(t.app, owner.id, 'premium');
    const pet = await createPet(t.app, owner, { name: 'Rex' });
    for (const member of [fallback, newYork, quiet]) {
      await shareDirectly(t.app, {
        ownerId: owner.id,
        memberId: member.id,
        petId: pet.id,
        role: 'carer',
        reminders: true,
      });
    }
    const ownerDevice = await addDevice(owner);
    const newYorkDevice = await addDevice(newYork);
    await choose(owner, { mail: false, push: true });
    await choose(fallback, { mail: false, push: true });
    await choose(newYork, { mail: true, push: false });
    await choose(quiet, { mail: false, push: false });

    // 09:30 in Berlin on 15.01.2099 (no reminder_time_zone: the default zone's offset that day).
    const created = await v1(
      t.app,
      'POST',
      `/v1/appointment?pet_id=${pet.id}`,
      {
        appointment_type: 'Examination',
        reason: 'Check-up',
        appointment_date: '15.01.2099',
        appointment_time: '09:30',
        reminder_date: '14.01.2099',
        reminder_time: '10:00',
      },
      as(owner),
    );
    expect(created.statusCode, created.body).toBe(201);
    const job = await t.app.db
      .selectFrom('job')
      .selectAll()
      .where('id', '=', created.json().job_id)
      .executeTakeFirstOrThrow();
    const before = pushService.received.length;
    await t.app.appointments.sendReminder(JSON.parse(job.payload), job);

    // The owner chose push only and has a device: a push, no mail.
    const pushes = pushService.received.slice(before);
    expect(pushService.refused).toEqual([]);
    expect(pushes.map((p) => p.endpoint)).toEqual([ownerDevice.endpoint]);
    expect(pushes.map((p) => p.endpoint)).not.toContain(newYorkDevice.endpoint);
    const message = pushMessageSchema.parse(JSON.parse(pushes[0]!.payload));
    expect(message).toEqual({
      title: 'Reminder: Examination for Rex',
      body: '15.01.2099, 09:30: Check-up',
      url: `/pet-details/Rex/${pet.id}/appointments`,
      tag: `appointment:${created.json().id}`,
    });
    expect(await reminderMails(owner.email)).toHaveLength(0);

    // Push chosen but no device: the mail instead, with the time as entered (same zone).
    const [fallbackMail, ...more] = await reminderMails(fallback.email);
    expect(more).toHaveLength(0);
    expect(fallbackMail?.text).toContain('Uhrzeit: 09:30 Uhr');
    expect(fallbackMail?.text).not.toContain('Ihre Zeit');

    // Mail only, in New York: the mail shows the New York wall clock of the same instant.
    const instant = zonedTimeToUtc('2099-01-15', '09:30', 'Europe/Berlin');
    const [y, m, d] = localDayOf(instant, 'America/New_York').split('-');
    const nyMails = await reminderMails(newYork.email);
    expect(nyMails).toHaveLength(1);
    expect(nyMails[0]!.text).toContain('Time: 09:30');
    expect(nyMails[0]!.text).toContain(
      `Your time (America/New_York): ${localTimeOf(instant, 'America/New_York')}`,
    );
    expect(localTimeOf(instant, 'America/New_York')).toBe('03:30');
    expect(`${d}.${m}.${y}`).toBe('15.01.2099');

    // Neither channel: nothing.
    expect(await reminderMails(quiet.email)).toHaveLength(0);
  });
});
