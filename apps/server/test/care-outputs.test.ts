import nodeIcal from 'node-ical';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { call, freshIp, registeredUser, v1 } from './identity-helpers.ts';
import { generateCodes } from './support/codes.ts';
import { as, createPet, setPlan, type User } from './support/owners.ts';
import { advanceToNext, putSchedule } from './support/care.ts';
import { readPdf } from './support/pdf-text.ts';

/**
 * Care plans in the outputs (issue 36): the emergency file and the vet handover print each
 * medication's current schedule; the calendar feed carries the next 14 days of doses with alarms
 * when the user switched ical_doses on.
 */
let t: TestApp;
let owner: User;
let petId: string;
let medId: string;
let day: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registeredUser(t.app);
  await setPlan(t.app, owner.id, 'premium');
  petId = (await createPet(t.app, owner, { name: 'Bello' })).id;
  const med = await v1(
    t.app,
    'POST',
    `/v1/medical/medication?pet_id=${petId}`,
    { name: 'Apoquel', in_use: 'Yes' },
    as(owner),
  );
  expect(med.statusCode, med.body).toBe(201);
  medId = med.json().id;
  day = advanceToNext(t.app, '06:00');
  await putSchedule(t.app, owner, medId, {
    rule: { kind: 'daily', times: ['08:00'] },
    dose_amount: 2,
    dose_unit: 'tablet',
    starts_on: day,
  });
}, 120_000);
afterAll(async () => t?.close());

describe(`care plans in PDFs and the calendar (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  it('the emergency file and the vet handover show the schedule', async () => {
    // The emergency download needs the owner's single code (as in emergency.test.ts).
    const [code] = await generateCodes(t.app, { plan: 'premium' });
    const redeemed = await v1(
      t.app,
      'POST',
      '/v1/auth/verifycode',
      { code },
      { cookie: owner.cookie, ip: freshIp() },
    );
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const emergency = await v1(
      t.app,
      'GET',
      `/v1/emergency?pet_id=${petId}&language=en`,
      undefined,
      as(owner),
    );
    expect(emergency.statusCode, emergency.body.slice(0, 200)).toBe(200);
    const text = readPdf(emergency.rawPayload).text.replace(/\s+/g, ' ');
    expect(text).toContain('schedule: 2 tablet(s) daily at 08:00 (Europe/Berlin)');
    // The vet handover (pdf-lib merges it, so its first page is read with pdfjs, as exports.test.ts does).
    const handover = await v1(
      t.app,
      'POST',
      '/v1/pet/handover',
      { pet_id: petId, document_ids: [], mode: 'pdf' },
      as(owner),
    );
    expect(handover.statusCode, handover.body.slice(0, 200)).toBe(200);
    const pdf = await getDocument({ data: new Uint8Array(handover.rawPayload), useSystemFonts: true })
      .promise;
    const content = await (await pdf.getPage(1)).getTextContent();
    const page = content.items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(page).toContain('daily at 08:00 (Europe/Berlin)');
  });

  it('the feed lists 14 days of doses with alarms only when ical_doses is on', async () => {
    const created = await v1(t.app, 'POST', '/v1/calendar/feed', undefined, as(owner));
    expect(created.statusCode, created.body).toBe(200);
    const path = new URL(created.json().url).pathname;
    const doses = async () => {
      const feed = await call(t.app, 'GET', path);
      expect(feed.statusCode).toBe(200);
      const events = Object.values(nodeIcal.sync.parseICS(feed.body)).filter(
        (item): item is nodeIcal.VEvent => item !== undefined && item.type === 'VEVENT',
      );
      return { events: events.filter((e) => String(e.summary).startsWith('Apoquel')), body: feed.body };
    };
    expect((await doses()).events).toHaveLength(0);

    const on = await v1(t.app, 'PUT', '/v1/care/settings', { ical_doses: true }, as(owner));
    expect(on.statusCode, on.body).toBe(200);
    const { events, body } = await doses();
    expect(events).toHaveLength(14);
    const first = events.map((e) => new Date(e.start).toISOString()).sort()[0];
    expect(first).toBe(new Date(`${day}T07:00:00.000Z`).toISOString());
    expect(String(events[0]!.summary)).toMatch(/^Apoquel: 2 (tablet\(s\)|Tablette\(n\)) \(Bello\)$/);
    expect(body.match(/BEGIN:VALARM/g)?.length).toBe(14);
  });
});
