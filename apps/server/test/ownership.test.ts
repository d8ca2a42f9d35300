import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { registeredUser, v1 } from './identity-helpers.ts';
import { placeOrder } from './support/buying.ts';
import { fixtures } from './support/fixtures.ts';
import { as, createPet, postFiles, setPlan } from './support/owners.ts';
import { hoursFromNow, shareDirectly } from './support/shares.ts';

/**
 * Object-level authorization of every route that takes an id (issue 15): another owner's id is a
 * 404, exactly as an id that does not exist, and changes nothing. The routes come from
 * /v1/openapi.json, so a new id route fails this suite until it has a case here. Sharing (issue
 * 35): a carer whose window is over and a revoked member get the same 404 on every one of them; a
 * viewer's write, and a viewer's read of what viewers may not see, is 403 Share_Role_Forbidden_Text.
 */
const ID_PARAMS = new Set([
  'pet_id',
  'id',
  'contact_id',
  'med_id',
  'doc_id',
  'appt_id',
  'file_id',
  'user_id',
  'weight_id',
  'share_id',
  'invitation_id',
]);

type Ids = Record<
  | 'pet'
  | 'contact'
  | 'med'
  | 'doc'
  | 'appt'
  | 'file'
  | 'user'
  | 'order'
  | 'handover'
  | 'weight'
  | 'share'
  | 'invitation'
  | 'medication'
  | 'dose'
  | 'vaccination'
  | 'notice'
  | 'device',
  string
>;
type Case = (ids: Ids) => { url: string; body?: unknown };

const petBody = { name: 'Stolen', pet_type: 'Dog' };
const contactBody = { name: 'Dr. Other', phone: '0301234', contact_type: 'Vet' };
const appointmentBody = {
  appointment_type: 'Examination',
  reason: 'Check',
  appointment_date: '01.01.2099',
  appointment_time: '10:00',
};
const scheduleBody = {
  rule: { kind: 'daily', times: ['08:00'] },
  dose_amount: 1,
  dose_unit: 'tablet',
  starts_on: '2024-01-01',
};
const vaccinationBody = { name: 'Rabies', due_on: '2099-01-01' };
const addressBody = { zipcode: '1', phone: '2', address_1: 'a', address_2: 'b', city: 'c', country: 'DE' };

/** One request per id route, made with the owner's ids by a stranger. */
const CASES: Record<string, Case> = {
  'GET /v1/pet': (ids) => ({ url: `/v1/pet?pet_id=${ids.pet}` }),
  'POST /v1/pet/weight': (ids) => ({
    url: `/v1/pet/weight?pet_id=${ids.pet}`,
    body: { weight: 9, date: '01.02.2024' },
  }),
  'DELETE /v1/pet/weight': (ids) => ({ url: `/v1/pet/weight?weight_id=${ids.weight}` }),
  'GET /v1/emergency': (ids) => ({ url: `/v1/emergency?pet_id=${ids.pet}` }),
  'PUT /v1/pet': (ids) => ({ url: `/v1/pet?id=${ids.pet}`, body: petBody }),
  'DELETE /v1/pet': (ids) => ({ url: `/v1/pet?id=${ids.pet}` }),
  'GET /v1/contact/mycontacts': (ids) => ({ url: `/v1/contact/mycontacts?pet_id=${ids.pet}` }),
  'POST /v1/contact': (ids) => ({ url: `/v1/contact?pet_id=${ids.pet}`, body: contactBody }),
  'PUT /v1/contact': (ids) => ({ url: `/v1/contact?contact_id=${ids.contact}`, body: contactBody }),
  'DELETE /v1/contact': (ids) => ({ url: `/v1/contact?contact_id=${ids.contact}` }),
  'GET /v1/medical/mypetmedicals': (ids) => ({ url: `/v1/medical/mypetmedicals?pet_id=${ids.pet}` }),
  'POST /v1/medical/allergy': (ids) => ({
    url: `/v1/medical/allergy?pet_id=${ids.pet}`,
    body: { name: 'X', medical_type: 'allergy' },
  }),
  'PUT /v1/medical/allergy': (ids) => ({
    url: `/v1/medical/allergy?med_id=${ids.med}`,
    body: { name: 'X', medical_type: 'allergy' },
  }),
  'POST /v1/medical/disease': (ids) => ({
    url: `/v1/medical/disease?pet_id=${ids.pet}`,
    body: { name: 'X', medical_type: 'disease' },
  }),
  'PUT /v1/medical/disease': (ids) => ({
    url: `/v1/medical/disease?med_id=${ids.med}`,
    body: { name: 'X', medical_type: 'disease' },
  }),
  'POST /v1/medical/intervention': (ids) => ({
    url: `/v1/medical/intervention?pet_id=${ids.pet}`,
    body: { name: 'X', medical_type: 'intervention' },
  }),
  'PUT /v1/medical/intervention': (ids) => ({
    url: `/v1/medical/intervention?med_id=${ids.med}`,
    body: { name: 'X', medical_type: 'intervention' },
  }),
  'POST /v1/medical/medication': (ids) => ({
    url: `/v1/medical/medication?pet_id=${ids.pet}`,
    body: { name: 'X', medical_type: 'medication' },
  }),
  'PUT /v1/medical/medication': (ids) => ({
    url: `/v1/medical/medication?med_id=${ids.med}`,
    body: { name: 'X', medical_type: 'medication' },
  }),
  'DELETE /v1/medical': (ids) => ({ url: `/v1/medical?med_id=${ids.med}` }),
  'GET /v1/document/mydocs': (ids) => ({ url: `/v1/document/mydocs?pet_id=${ids.pet}` }),
  'PUT /v1/document': (ids) => ({ url: `/v1/document?doc_id=${ids.doc}`, body: { description: 'x' } }),
  'DELETE /v1/document': (ids) => ({ url: `/v1/document?doc_id=${ids.doc}` }),
  'GET /v1/document/file': (ids) => ({ url: `/v1/document/file?file_id=${ids.file}` }),
  'GET /v1/document/thumbnail': (ids) => ({ url: `/v1/document/thumbnail?file_id=${ids.file}` }),
  'GET /v1/appointment/mypetappointments': (ids) => ({
    url: `/v1/appointment/mypetappointments?pet_id=${ids.pet}`,
  }),
  'POST /v1/appointment': (ids) => ({ url: `/v1/appointment?pet_id=${ids.pet}`, body: appointmentBody }),
  'PUT /v1/appointment': (ids) => ({ url: `/v1/appointment?appt_id=${ids.appt}`, body: appointmentBody }),
  'DELETE /v1/appointment': (ids) => ({ url: `/v1/appointment?appt_id=${ids.appt}` }),
  'GET /v1/appointment/ics': (ids) => ({ url: `/v1/appointment/ics?appt_id=${ids.appt}` }),
  'GET /v1/pet/tag': (ids) => ({ url: `/v1/pet/tag?pet_id=${ids.pet}` }),
  'PUT /v1/pet/tag': (ids) => ({ url: `/v1/pet/tag?pet_id=${ids.pet}`, body: { show_phone: true } }),
  'DELETE /v1/pet/tag': (ids) => ({ url: `/v1/pet/tag?pet_id=${ids.pet}` }),
  'POST /v1/pet/tag/regenerate': (ids) => ({ url: `/v1/pet/tag/regenerate?pet_id=${ids.pet}` }),
  'GET /v1/pet/tag/pdf': (ids) => ({ url: `/v1/pet/tag/pdf?pet_id=${ids.pet}` }),
  'GET /v1/pet/tag/activity': (ids) => ({ url: `/v1/pet/tag/activity?pet_id=${ids.pet}` }),
  'GET /v1/pet/export/record': (ids) => ({ url: `/v1/pet/export/record?pet_id=${ids.pet}` }),
  'GET /v1/pet/handover/links': (ids) => ({ url: `/v1/pet/handover/links?pet_id=${ids.pet}` }),
  'DELETE /v1/pet/handover/link': (ids) => ({ url: `/v1/pet/handover/link?id=${ids.handover}` }),
  'PUT /v1/user/update': (ids) => ({ url: `/v1/user/update?id=${ids.user}`, body: addressBody }),
  'POST /v1/user/update': (ids) => ({ url: `/v1/user/update?id=${ids.user}`, body: addressBody }),
  'POST /v1/auth/deleteuseracc': (ids) => ({ url: `/v1/auth/deleteuseracc?user_id=${ids.user}` }),
  'DELETE /v1/auth/deleteuseracc': (ids) => ({ url: `/v1/auth/deleteuseracc?user_id=${ids.user}` }),
  'DELETE /v1/order/delete': (ids) => ({ url: `/v1/order/delete?id=${ids.order}` }),
  'GET /v1/order/status': (ids) => ({ url: `/v1/order/status?id=${ids.order}` }),
  'GET /v1/order/orderpdfweb': (ids) => ({ url: `/v1/order/orderpdfweb?id=${ids.order}` }),
  'GET /v1/share/list': (ids) => ({ url: `/v1/share/list?pet_id=${ids.pet}` }),
  'GET /v1/share/activity': (ids) => ({ url: `/v1/share/activity?pet_id=${ids.pet}` }),
  'POST /v1/share/invitation/resend': (ids) => ({
    url: `/v1/share/invitation/resend?invitation_id=${ids.invitation}`,
  }),
  'DELETE /v1/share/invitation': (ids) => ({ url: `/v1/share/invitation?invitation_id=${ids.invitation}` }),
  'PUT /v1/share': (ids) => ({ url: `/v1/share?share_id=${ids.share}`, body: { role: 'co_owner' } }),
  'DELETE /v1/share': (ids) => ({ url: `/v1/share?share_id=${ids.share}` }),
  'POST /v1/share/leave': (ids) => ({ url: `/v1/share/leave?share_id=${ids.share}` }),
  // Care plans (issue 36).
  'GET /v1/care/schedule': (ids) => ({ url: `/v1/care/schedule?med_id=${ids.medication}` }),
  'PUT /v1/care/schedule': (ids) => ({
    url: `/v1/care/schedule?med_id=${ids.medication}`,
    body: scheduleBody,
  }),
  'DELETE /v1/care/schedule': (ids) => ({ url: `/v1/care/schedule?med_id=${ids.medication}` }),
  'POST /v1/care/dose': (ids) => ({
    url: `/v1/care/dose?med_id=${ids.medication}`,
    body: { action: 'given' },
  }),
  'DELETE /v1/care/dose': (ids) => ({ url: `/v1/care/dose?id=${ids.dose}` }),
  'GET /v1/care/doses': (ids) => ({ url: `/v1/care/doses?med_id=${ids.medication}` }),
  'GET /v1/care/vaccinations': (ids) => ({ url: `/v1/care/vaccinations?pet_id=${ids.pet}` }),
  'POST /v1/care/vaccination': (ids) => ({
    url: `/v1/care/vaccination?pet_id=${ids.pet}`,
    body: vaccinationBody,
  }),
  'PUT /v1/care/vaccination': (ids) => ({
    url: `/v1/care/vaccination?id=${ids.vaccination}`,
    body: vaccinationBody,
  }),
  'DELETE /v1/care/vaccination': (ids) => ({ url: `/v1/care/vaccination?id=${ids.vaccination}` }),
  'POST /v1/care/vaccination/done': (ids) => ({
    url: `/v1/care/vaccination/done?id=${ids.vaccination}`,
    body: {},
  }),
  'GET /v1/care/weight-goal': (ids) => ({ url: `/v1/care/weight-goal?pet_id=${ids.pet}` }),
  'PUT /v1/care/weight-goal': (ids) => ({
    url: `/v1/care/weight-goal?pet_id=${ids.pet}`,
    body: { min_kg: 20, max_kg: 30 },
  }),
  'DELETE /v1/care/weight-goal': (ids) => ({ url: `/v1/care/weight-goal?pet_id=${ids.pet}` }),
  'POST /v1/care/notice/dismiss': (ids) => ({ url: `/v1/care/notice/dismiss?id=${ids.notice}` }),
  'DELETE /v1/push/device': (ids) => ({ url: `/v1/push/device?id=${ids.device}` }),
  // Uploads and new documents name a pet: a stranger's upload to the owner's pet is refused too.
  'POST /v1/document': (ids) => ({
    url: `/v1/document?pet_id=${ids.pet}`,
    body: { document_type: 'Bills', description: 'x', doc_url: [JSON.stringify({ url: '/x', type: 'pdf' })] },
  }),
};

/** Routes about the account, not a pet: a member is a stranger there (404), whatever the role. */
const ACCOUNT_ROUTES = new Set([
  'PUT /v1/user/update',
  'POST /v1/user/update',
  'POST /v1/auth/deleteuseracc',
  'DELETE /v1/auth/deleteuseracc',
  'DELETE /v1/order/delete',
  'GET /v1/order/status',
  'GET /v1/order/orderpdfweb',
  // The owner's invitations and another member's share: not the viewer's to touch at all.
  'DELETE /v1/share/invitation',
  'POST /v1/share/invitation/resend',
  'POST /v1/share/leave',
  // A user's own notices and push devices.
  'POST /v1/care/notice/dismiss',
  'DELETE /v1/push/device',
]);
/** Reads a viewer may not make (canOnPet: contacts, the lost-pet tag, handover links, shares, activity). */
const VIEWER_MAY_NOT_READ = new Set([
  'GET /v1/contact/mycontacts',
  'GET /v1/pet/tag',
  'GET /v1/pet/tag/pdf',
  'GET /v1/pet/tag/activity',
  'GET /v1/pet/handover/links',
  'GET /v1/share/list',
  'GET /v1/share/activity',
]);

/** Multipart uploads, sent as files. */
const UPLOADS: Record<string, (ids: Ids) => string> = {
  'POST /v1/upload/document': (ids) => `/v1/upload/document?file_for=pet&pet_id=${ids.pet}`,
  'POST /v1/upload/image': (ids) => `/v1/upload/image?file_for=pet&pet_id=${ids.pet}`,
};

describe("another owner's ids are not found on any id route", () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof registeredUser>>;
  let stranger: Awaited<ReturnType<typeof registeredUser>>;
  /** A carer whose window ended an hour ago, a co-owner the owner revoked, an active viewer. */
  let expiredCarer: Awaited<ReturnType<typeof registeredUser>>;
  let revokedMember: Awaited<ReturnType<typeof registeredUser>>;
  let viewer: Awaited<ReturnType<typeof registeredUser>>;
  let ids: Ids;
  let idRoutes: string[];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registeredUser(t.app);
    stranger = await registeredUser(t.app);
    await setPlan(t.app, owner.id, 'premium');
    await setPlan(t.app, stranger.id, 'premium');
    await createPet(t.app, stranger, { name: 'Own' });
    const pet = await createPet(t.app, owner, { name: 'Bello' });
    const weighed = await v1(
      t.app,
      'POST',
      `/v1/pet/weight?pet_id=${pet.id}`,
      { weight: 12.5, date: '01.01.2024' },
      as(owner),
    );
    expect(weighed.statusCode, weighed.body).toBe(200);
    expiredCarer = await registeredUser(t.app);
    revokedMember = await registeredUser(t.app);
    viewer = await registeredUser(t.app);
    for (const member of [expiredCarer, revokedMember, viewer]) {
      await setPlan(t.app, member.id, 'premium');
      await createPet(t.app, member, { name: 'Mine' });
    }
    await shareDirectly(t.app, {
      ownerId: owner.id,
      memberId: expiredCarer.id,
      petId: pet.id,
      role: 'carer',
      startsAt: hoursFromNow(t.app, -72),
      endsAt: hoursFromNow(t.app, -1),
    });
    await shareDirectly(t.app, {
      ownerId: owner.id,
      memberId: revokedMember.id,
      petId: pet.id,
      role: 'co_owner',
      ended: { at: hoursFromNow(t.app, -1), reason: 'revoked' },
    });
    await shareDirectly(t.app, { ownerId: owner.id, memberId: viewer.id, petId: pet.id, role: 'viewer' });
    const contact = await v1(t.app, 'POST', `/v1/contact?pet_id=${pet.id}`, contactBody, as(owner));
    const med = await v1(
      t.app,
      'POST',
      `/v1/medical/allergy?pet_id=${pet.id}`,
      { name: 'Pollen', medical_type: 'allergy' },
      as(owner),
    );
    const upload = await postFiles(
      t.app,
      `/v1/upload/document?file_for=pet&pet_id=${pet.id}`,
      [{ name: 'a.pdf', data: fixtures.pdf() }],
      as(owner),
    );
    const doc = await v1(
      t.app,
      'POST',
      `/v1/document?pet_id=${pet.id}`,
      { document_type: 'Bills', description: 'x', doc_url: upload.json().doc_url },
      as(owner),
    );
    const appt = await v1(t.app, 'POST', `/v1/appointment?pet_id=${pet.id}`, appointmentBody, as(owner));
    await v1(t.app, 'POST', `/v1/pet/tag/regenerate?pet_id=${pet.id}`, undefined, as(owner));
    const handover = await v1(
      t.app,
      'POST',
      '/v1/pet/handover',
      { pet_id: pet.id, document_ids: [doc.json().id], mode: 'link' },
      as(owner),
    );
    const share = await v1(
      t.app,
      'POST',
      '/v1/share/invitation',
      { email: 'sitter@example.org', pet_ids: [pet.id], role: 'carer', language: 'en' },
      as(owner),
    );
    // Care plans: an "as needed" medication with one dose given, a vaccination due, a weight goal
    // whose band the three weights below miss (the notice), a push device.
    const medication = await v1(
      t.app,
      'POST',
      `/v1/medical/medication?pet_id=${pet.id}`,
      { name: 'Apoquel', medical_type: 'medication' },
      as(owner),
    );
    const scheduled = await v1(
      t.app,
      'PUT',
      `/v1/care/schedule?med_id=${medication.json().id}`,
      { ...scheduleBody, rule: { kind: 'as_needed' }, stock_units: 50 },
      as(owner),
    );
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const dose = await v1(
      t.app,
      'POST',
      `/v1/care/dose?med_id=${medication.json().id}`,
      { action: 'given' },
      as(owner),
    );
    expect(dose.statusCode, dose.body).toBeLessThan(300);
    const vaccination = await v1(
      t.app,
      'POST',
      `/v1/care/vaccination?pet_id=${pet.id}`,
      vaccinationBody,
      as(owner),
    );
    expect(vaccination.statusCode, vaccination.body).toBeLessThan(300);
    const goal = await v1(
      t.app,
      'PUT',
      `/v1/care/weight-goal?pet_id=${pet.id}`,
      { min_kg: 20, max_kg: 30 },
      as(owner),
    );
    expect(goal.statusCode, goal.body).toBe(200);
    for (const date of ['02.01.2024', '03.01.2024', '04.01.2024']) {
      await v1(t.app, 'POST', `/v1/pet/weight?pet_id=${pet.id}`, { weight: 12, date }, as(owner));
    }
    const notices = await v1(t.app, 'GET', '/v1/care/notices', undefined, as(owner));
    const ecdh = createECDH('prime256v1');
    const device = await v1(
      t.app,
      'POST',
      '/v1/push/device',
      {
        endpoint: 'https://push.example.org/send/owner-phone',
        keys: {
          p256dh: ecdh.generateKeys().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      },
      as(owner),
    );
    expect(device.statusCode, device.body).toBe(200);
    const order = await placeOrder(t.app, owner, { plan: 'basic' });
    const fileUrl = (JSON.parse(upload.json().doc_url[0]) as { url: string }).url;
    ids = {
      pet: pet.id,
      contact: contact.json().id,
      med: med.json().id,
      doc: doc.json().id,
      appt: appt.json().id,
      file: new URL(fileUrl, 'http://x').searchParams.get('file_id') ?? '',
      user: owner.id,
      order: order.orderId,
      handover: handover.json().id,
      weight:
        (await t.app.db.selectFrom('pet_weight').select('id').where('pet_id', '=', pet.id).executeTakeFirst())
          ?.id ?? '',
      share: share.json()[0]?.id,
      invitation: share.json()[0]?.invitation_id,
      medication: medication.json().id,
      dose: dose.json().id ?? dose.json().log_id,
      vaccination: vaccination.json().id,
      notice: (notices.json() as Array<{ id: string }>)[0]?.id ?? '',
      device: device.json().id,
    };
    for (const [name, value] of Object.entries(ids)) expect(value, name).toBeTruthy();

    const document = (await t.app.inject({ url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    };
    idRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => (op.parameters ?? []).some((p) => p.in === 'query' && ID_PARAMS.has(p.name)))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('every id route of the OpenAPI document has a case here', () => {
    expect(idRoutes.length).toBeGreaterThan(30);
    const missing = idRoutes.filter((route) => !(route in CASES) && !(route in UPLOADS));
    expect(missing, 'add these routes to CASES or UPLOADS').toEqual([]);
  });

  /** Every id route as `user`: the status and key of each answer. */
  async function answersOf(user: { token: string }) {
    const answers: Record<string, { status: number; key?: string }> = {};
    for (const route of idRoutes) {
      const [method] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE'];
      const res =
        route in UPLOADS
          ? await postFiles(t.app, UPLOADS[route]!(ids), [{ name: 'a.pdf', data: fixtures.pdf() }], as(user))
          : await v1(t.app, method, CASES[route]!(ids).url, CASES[route]!(ids).body, as(user));
      const key = res.statusCode >= 400 ? (res.json() as { key?: string }).key : undefined;
      answers[route] = { status: res.statusCode, key };
    }
    return answers;
  }

  it.each([
    ['a stranger', () => stranger],
    ['a carer whose window is over', () => expiredCarer],
    ['a revoked co-owner', () => revokedMember],
  ])(
    '%s gets 404 on every one of them, and nothing of the owner changes',
    async (_who, user) => {
      const before = await snapshot(t, owner.id, ids.pet);
      const answers = await answersOf(user());
      const notNotFound = Object.entries(answers).filter(([, answer]) => answer.status !== 404);
      expect(Object.fromEntries(notNotFound)).toEqual({});
      expect(await snapshot(t, owner.id, ids.pet)).toEqual(before);
    },
    120_000,
  );

  it("a viewer's write (and a read viewers may not make) is 403 Share_Role_Forbidden_Text; account routes 404", async () => {
    const before = await snapshot(t, owner.id, ids.pet);
    const answers = await answersOf(viewer);
    // A read the viewer may make answers as it answers the owner (the emergency file needs the
    // owner's plan to allow it; a thumbnail exists once the job made it).
    const ownerReads = Object.fromEntries(
      await Promise.all(
        idRoutes
          .filter((route) => route.startsWith('GET '))
          .map(async (route) => [
            route,
            (await v1(t.app, 'GET', CASES[route]!(ids).url, undefined, as(owner))).statusCode,
          ]),
      ),
    ) as Record<string, number>;
    const expected = Object.fromEntries(
      idRoutes.map((route) => {
        if (ACCOUNT_ROUTES.has(route)) return [route, 404];
        const read = route.startsWith('GET ');
        return [route, read && !VIEWER_MAY_NOT_READ.has(route) ? 'read' : 403];
      }),
    );
    const got = Object.fromEntries(
      Object.entries(answers).map(([route, answer]) => {
        if (expected[route] === 'read')
          return [route, answer.status === ownerReads[route] ? 'read' : answer.status];
        if (answer.status === 403 && answer.key !== 'Share_Role_Forbidden_Text') return [route, answer.key];
        return [route, answer.status];
      }),
    );
    expect(got).toEqual(expected);
    expect(await snapshot(t, owner.id, ids.pet)).toEqual(before);
  }, 120_000);
});

/** The owner's rows in every table that holds pet data, to prove that nothing changed. */
async function snapshot(t: TestApp, userId: string, petId: string) {
  const tables = [
    'pet',
    'contact',
    'medical_record',
    'document',
    'appointment',
    'pet_tag',
    'handover_link',
    'subscription_order',
  ] as const;
  const result: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows = await t.app.db.selectFrom(table).selectAll().where('user_id', '=', userId).execute();
    result[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  result.pet_weight = await t.app.db
    .selectFrom('pet_weight')
    .selectAll()
    .where('pet_id', '=', petId)
    .execute();
  result.pet_activity = await t.app.db
    .selectFrom('pet_activity')
    .selectAll()
    .where('owner_id', '=', userId)
    .orderBy('id')
    .execute();
  for (const table of [
    'medication_schedule',
    'dose_log',
    'vaccination_due',
    'weight_goal',
    'care_notice',
  ] as const) {
    const rows = await t.app.db.selectFrom(table).selectAll().where('user_id', '=', userId).execute();
    result[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  result.push_device = (
    await t.app.db.selectFrom('push_device').selectAll().where('user_id', '=', userId).execute()
  ).map((row) => JSON.stringify(row));
  for (const table of ['pet_share', 'pet_invitation'] as const) {
    const rows = await t.app.db.selectFrom(table).selectAll().where('owner_id', '=', userId).execute();
    result[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  result.user_profile = await t.app.db
    .selectFrom('user_profile')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  return result;
}
