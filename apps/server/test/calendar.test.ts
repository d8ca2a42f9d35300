import nodeIcal from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeAccount } from '../src/modules/account/purge.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { call, freshIp, registeredUser, v1 } from './identity-helpers.ts';
import { as, createPet, setPlan } from './support/owners.ts';

type Owner = Awaited<ReturnType<typeof registeredUser>>;

const APPOINTMENT = {
  appointment_type: 'Vaccination',
  reason: 'Rabies booster',
  appointment_date: '05.01.2099',
  appointment_time: '10:00',
  vet_name: 'Dr. Vet',
  address: 'Hauptstr. 1',
  zip: '10115',
  city: 'Berlin',
  reminder_date: '04.01.2099',
  reminder_time: '09:30',
  reminder_time_zone: 1,
};

/** The events of an iCalendar text, read by node-ical (an RFC 5545 parser). */
const vevents = (ics: string) =>
  Object.values(nodeIcal.sync.parseICS(ics)).filter(
    (item): item is nodeIcal.VEvent => item !== undefined && item.type === 'VEVENT',
  );

/** The path of a feed URL, to call it on the test app. */
const pathOf = (url: string) => new URL(url).pathname;

describe('calendar: .ics download and private subscription feed', () => {
  let t: TestApp;
  let owner: Owner;
  let stranger: Owner;
  let apptId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registeredUser(t.app, { language: 'de' });
    stranger = await registeredUser(t.app);
    await setPlan(t.app, owner.id, 'premium');
    await setPlan(t.app, stranger.id, 'premium');
    const pet = await createPet(t.app, owner, { name: 'Bello' });
    const res = await v1(t.app, 'POST', `/v1/appointment?pet_id=${pet.id}`, APPOINTMENT, as(owner));
    expect(res.statusCode, res.body).toBe(201);
    apptId = res.json().id;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a subscription address lists every appointment with its reminder as an alarm (RFC 5545)', async () => {
    const created = await v1(t.app, 'POST', '/v1/calendar/feed', undefined, as(owner));
    expect(created.statusCode, created.body).toBe(200);
    const { url } = created.json();
    expect(url).toMatch(/^http:\/\/[^/]+\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);

    const feed = await call(t.app, 'GET', pathOf(url));
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const events = vevents(feed.body);
    expect(events).toHaveLength(1);
    const event = events[0]!;
    // 10:00 at UTC+1 is 09:00 UTC; the reminder 09:30 at UTC+1 the day before.
    expect(new Date(event.start).toISOString()).toBe('2099-01-05T09:00:00.000Z');
    expect(new Date(event.end!).toISOString()).toBe('2099-01-05T10:00:00.000Z');
    expect(event.summary).toBe('Impfung: Rabies booster (Bello)');
    expect(event.location).toBe('Hauptstr. 1, 10115 Berlin');
    expect(String(event.description)).toContain('Tierarzt: Dr. Vet');
    expect(event.uid).toBe(`${apptId}@localhost`);
    expect(feed.body).toContain('TRIGGER;VALUE=DATE-TIME:20990104T083000Z');

    const status = await v1(t.app, 'GET', '/v1/calendar/feed', undefined, as(owner));
    expect(status.json()).toMatchObject({ active: true });
  });

  it('regenerating retires the old address; switching off retires every address', async () => {
    const first = (await v1(t.app, 'POST', '/v1/calendar/feed', undefined, as(owner))).json().url;
    const second = (await v1(t.app, 'POST', '/v1/calendar/feed', undefined, as(owner))).json().url;
    expect(second).not.toBe(first);
    expect((await call(t.app, 'GET', pathOf(first))).statusCode).toBe(404);
    expect((await call(t.app, 'GET', pathOf(second))).statusCode).toBe(200);

    const off = await v1(t.app, 'DELETE', '/v1/calendar/feed', undefined, as(owner));
    expect(off.statusCode).toBe(200);
    expect((await call(t.app, 'GET', pathOf(second))).statusCode).toBe(404);
    expect((await v1(t.app, 'GET', '/v1/calendar/feed', undefined, as(owner))).json()).toEqual({
      active: false,
      created_at: null,
    });
  });

  it('only a hash of the token is stored, and tokens carry 192 random bits', async () => {
    const urls = await Promise.all(
      [owner, stranger].map(
        async (user) => (await v1(t.app, 'POST', '/v1/calendar/feed', undefined, as(user))).json().url,
      ),
    );
    const tokens = urls.map((url: string) => pathOf(url).slice('/calendar/'.length, -'.ics'.length));
    expect(new Set(tokens).size).toBe(2);
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(24);
    const stored = await t.app.db.selectFrom('calendar_feed').select('token_hash').execute();
    for (const token of tokens) expect(stored.map((row) => row.token_hash)).not.toContain(token);
  });

  it("one appointment downloads as .ics; another owner's appointment is not found", async () => {
    const mine = await v1(t.app, 'GET', `/v1/appointment/ics?appt_id=${apptId}`, undefined, as(owner));
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toBe('attachment; filename="Bello-05.01.2099.ics"');
    expect(vevents(mine.body)).toHaveLength(1);

    const theirs = await v1(t.app, 'GET', `/v1/appointment/ics?appt_id=${apptId}`, undefined, as(stranger));
    expect(theirs.statusCode).toBe(404);
    const anonymous = await v1(t.app, 'GET', `/v1/appointment/ics?appt_id=${apptId}`);
    expect(anonymous.statusCode).toBe(401);
  });

  it('is a paid-plan extra: the free plan is refused, and a feed of an owner back on free stops', async () => {
    const url = (await v1(t.app, 'POST', '/v1/calendar/feed', undefined, as(stranger))).json().url;
    await setPlan(t.app, stranger.id, 'free');
    const refused = await v1(t.app, 'POST', '/v1/calendar/feed', undefined, as(stranger));
    expect(refused.statusCode).toBe(500);
    expect(refused.json().key).toBe('Paid_Extras_Not_Allowed_Text');
    expect((await call(t.app, 'GET', pathOf(url))).statusCode).toBe(404);
    await setPlan(t.app, stranger.id, 'premium');
  });

  it('guessing addresses is limited per client address, and malformed ones are simply not found', async () => {
    const ip = freshIp();
    expect((await call(t.app, 'GET', '/calendar/short.ics', undefined, { ip })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/calendar/${'a'.repeat(32)}.txt`, undefined, { ip })).statusCode).toBe(
      404,
    );
    const statuses: number[] = [];
    for (let i = 0; i < 125; i += 1) {
      statuses.push(
        (await call(t.app, 'GET', `/calendar/${'b'.repeat(31)}${i % 10}.ics`, undefined, { ip })).statusCode,
      );
    }
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(120);
    expect(statuses.at(-1)).toBe(429);
  });

  it('the account purge removes the feed', async () => {
    const user = await registeredUser(t.app);
    await setPlan(t.app, user.id, 'premium');
    await v1(t.app, 'POST', '/v1/calendar/feed', undefined, as(user));
    await purgeAccount(t.app.db, t.app.storage, user.id, user.email, null);
    const rows = await t.app.db
      .selectFrom('calendar_feed')
      .where('user_id', '=', user.id)
      .selectAll()
      .execute();
    expect(rows).toEqual([]);
  });
});
