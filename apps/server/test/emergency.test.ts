import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { BRANDS, EMERGENCY_PUBLIC_KEYS, LIMIT_KEYS } from '@pet/contract';
import { setBan } from '../src/modules/identity/identity.repo.ts';
import { emergencyDownloadDecision } from '../src/modules/plans/plan-limits.ts';
import { createPlan, type NewPlan } from '../src/modules/plans/plans.repo.ts';
import { testDatabaseKind } from './helpers.ts';
import { call, freshIp, registeredUser, v1 } from './identity-helpers.ts';
import { generateCodes } from './support/codes.ts';
import { readPdf } from './support/pdf-text.ts';
import { as, createPet, postFiles, setPlan, setUpOwnerAndStranger, type User } from './support/owners.ts';

const t = setUpOwnerAndStranger();

/** When set, the full-data files are also written there (emergency-sample-{de,en}.pdf) to look at. */
const SAMPLE_DIR = process.env.EMERGENCY_SAMPLE_DIR;

/** A small RGB PNG with a gradient, as a pet photo (pdfkit must really decode and embed it). */
function gradientPng(size = 48): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      row[1 + x * 3] = 180 + Math.round((x / size) * 70);
      row[2 + x * 3] = 90 + Math.round((y / size) * 80);
      row[3 + x * 3] = 30;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** dd.MM.yyyy of today plus `days` (UTC), for upcoming appointments. */
function inDays(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

/** Redeems a fresh single code (premium plan unless told) for the user; answers the code. */
async function redeemSingleCode(user: User, plan = 'premium'): Promise<string> {
  const [code] = await generateCodes(t.app, { plan });
  const res = await v1(
    t.app,
    'POST',
    '/v1/auth/verifycode',
    { code },
    { cookie: user.cookie, ip: freshIp() },
  );
  expect(res.statusCode, res.body).toBe(200);
  return code!;
}

/** A paid plan's fields but its identity and sequence. */
const PAID_PLAN_FIELDS: Omit<NewPlan, 'partnerId' | 'key' | 'name' | 'sequence'> = {
  isDefault: false,
  monthlyPriceCents: 299,
  yearlyPriceCents: 2990,
  monthlyPriceId: null,
  yearlyPriceId: null,
  stripeId: null,
  petsLimit: 2,
  documentsLimit: 20,
  gpsTracking: false,
  medical: true,
  appointments: true,
  duration: null,
  internalNote: '',
};

const download = (user: User | null, query = '') =>
  call(t.app, 'GET', `/v1/emergency${query}`, undefined, user ? as(user) : {});

const downloadPublic = (query: string, options: { ip?: string; host?: string } = {}) =>
  call(t.app, 'GET', `/v1/emergency/public${query}`, undefined, {
    ip: options.ip ?? freshIp(),
    host: options.host,
  });

const codeQuery = (code: string, language?: string) =>
  `?activation_code=${encodeURIComponent(code)}${language ? `&language=${language}` : ''}`;

function expectPdf(res: LightMyRequestResponse, fileName: string) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  const bytes = res.rawPayload;
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const info = readPdf(bytes);
  expect(info.embeddedFonts.some((name) => /\+DejaVuSans$/.test(name))).toBe(true);
  expect(bytes.includes('/FontFile2')).toBe(true);
  return info;
}

function expectRefusal(res: LightMyRequestResponse, status: number, key: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().key).toBe(key);
}

/** Everything the file prints, for the owner's pet; the stranger gets data of their own. */
async function fillOwnerData(user: User, petName: string, marker: string) {
  const pet = await createPet(t.app, user, {
    name: petName,
    gender: 'male',
    race: 'Labrador',
    date_of_birth: '01.02.2019',
  });
  const put = await v1(
    t.app,
    'PUT',
    `/v1/pet?id=${pet.id}`,
    {
      name: petName,
      pet_type: 'Dog',
      gender: 'male',
      race: 'Labrador',
      date_of_birth: '01.02.2019',
      size: '55 cm',
      color: 'Schokobraun',
      features: `${marker} Fleck Ł-förmig, Größe é`,
      labeling: `276098${marker.length}00012345`,
      ancestry: 'Zucht vom Waldrand',
      weights: [
        { weight: 29.5, date: '01.01.2023' },
        { weight: 31.25, date: '01.02.2024' },
      ],
    },
    as(user),
  );
  expect(put.statusCode, put.body).toBe(200);
  const photo = await postFiles(
    t.app,
    `/v1/upload/image?file_for=pet&pet_id=${pet.id}`,
    [{ name: 'petImage.jpg', type: 'image/png', data: gradientPng() }],
    as(user),
  );
  expect([200, 201]).toContain(photo.statusCode);
  const contact = (body: Record<string, unknown>) =>
    v1(t.app, 'POST', `/v1/contact?pet_id=${pet.id}`, body, as(user)).then((res) =>
      expect(res.statusCode, res.body).toBe(201),
    );
  await contact({ name: `Züchterei ${marker}`, phone: '+49 40 111', contact_type: 'Breeder' });
  await contact({ name: 'Erika Muster', phone: '+49 171 222', contact_type: 'Holder', city: 'Hamburg' });
  await contact({
    title: 'Dr.',
    name: `Tierlieb ${marker}`,
    phone: '+49 30 333',
    email: 'praxis@example.org',
    address: 'Praxisweg 3',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
    contact_type: 'Vet',
    doctor_since: '01.01.2020',
  });
  const medical = (kind: string, body: Record<string, unknown>) =>
    v1(t.app, 'POST', `/v1/medical/${kind}?pet_id=${pet.id}`, body, as(user)).then((res) =>
      expect(res.statusCode, res.body).toBe(201),
    );
  await medical('allergy', { name: `Pollen ${marker}`, known_since: '01.04.2021', still_acute: 'Yes' });
  await medical('disease', {
    name: `Otitis ${marker}`,
    known_since: '05.05.2022',
    still_acute: 'Yes',
    executing_organization: 'Tierklinik Nord',
  });
  await medical('disease', { name: `Gastritis ${marker}`, still_acute: 'No' });
  await medical('medication', {
    name: `Apoquel ${marker}`,
    dosage: '16 mg',
    in_use: 'Yes',
    taking_schedule: ['Evenings', 'Mornings'],
    reason: 'Juckreiz',
    taking_from: '08.07.2023',
    prescription: 'Yes',
  });
  await medical('medication', { name: `Altmedikament ${marker}`, in_use: 'No' });
  await medical('intervention', {
    name: `Chip ${marker}`,
    surgery_type: 'Implant',
    date: '07.06.2020',
    executing_organization: 'Praxis Süd',
  });
  const appointment = await v1(
    t.app,
    'POST',
    `/v1/appointment?pet_id=${pet.id}`,
    {
      appointment_type: 'Vaccination',
      vaccination_type: 'Tollwut',
      reason: `Auffrischung ${marker}`,
      appointment_date: inDays(30),
      appointment_time: '10:30',
      vet_name: `Dr. Tierlieb ${marker}`,
      reminder_time_zone: 1,
    },
    as(user),
  );
  expect(appointment.statusCode, appointment.body).toBe(201);
  await t.app.db
    .updateTable('user_profile')
    .set({
      address_1: 'Hauptstraße 1',
      zipcode: '20095',
      city: 'Hamburg',
      country: 'DE',
      phone: '+49 40 999',
    })
    .where('user_id', '=', user.id)
    .execute();
  return pet;
}

describe(`emergency file (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  let ownerCode = '';

  it('answers 401 when signed out', async () => {
    const res = await download(null);
    expect(res.statusCode).toBe(401);
  });

  it('refuses the free plan without a code with 500 Download_Not_Allowed_Text', async () => {
    await createPet(t.app, t.stranger, { name: 'Mietze', pet_type: 'Cat' });
    expectRefusal(await download(t.stranger), 500, LIMIT_KEYS.downloadNotAllowed);
  });

  it('answers the PDF of every pet to the owner with a single code on a paid plan, in both languages', async () => {
    ownerCode = await redeemSingleCode(t.owner);
    await redeemSingleCode(t.stranger);
    await fillOwnerData(t.owner, 'Bello', 'OWNER');
    await fillOwnerData(t.stranger, 'Mietze', 'STRANGER');

    const deAnswer = await download(t.owner);
    // A personal PDF is never cached (the route's own policy, kept by the global hook).
    expect(deAnswer.headers['cache-control']).toMatch(/no-store/);
    const de = expectPdf(deAnswer, 'Notfallakte.pdf');
    expect(de.pageCount).toBeGreaterThanOrEqual(1);
    for (const text of [
      'Notfallakte',
      'Halter',
      'Hauptstraße 1, 20095 Hamburg, Deutschland',
      '+49 40 999',
      'Bello',
      'Hund',
      'männlich',
      'OWNER Fleck Ł-förmig, Größe é',
      '31,25 kg (01.02.2024)',
      'Tierarzt: Dr. Tierlieb OWNER',
      'Pollen OWNER',
      'noch akut',
      'Apoquel OWNER',
      'morgens und abends',
      'Implantat',
      'Auffrischung OWNER',
      'Impfung: Tollwut',
      'Kundenservice: ',
      'Seite 1 von',
    ]) {
      expect(de.text).toContain(text);
    }
    // Current medications first under their heading; the earlier ones after them, not dropped.
    const currentAt = de.text.indexOf('Aktuelle Medikamente');
    const earlierAt = de.text.indexOf('Frühere Medikamente (nicht mehr gegeben)');
    expect(currentAt).toBeGreaterThan(-1);
    expect(de.text.indexOf('Apoquel OWNER')).toBeGreaterThan(currentAt);
    expect(earlierAt).toBeGreaterThan(de.text.indexOf('Apoquel OWNER'));
    expect(de.text.indexOf('Altmedikament OWNER')).toBeGreaterThan(earlierAt);
    // Vet first, then the holder, then the others.
    const vetAt = de.text.indexOf('Tierarzt: Dr. Tierlieb OWNER');
    const holderAt = de.text.indexOf('Halter: Erika Muster');
    const breederAt = de.text.indexOf('Züchter: Züchterei OWNER');
    expect(vetAt).toBeGreaterThan(-1);
    expect(vetAt).toBeLessThan(holderAt);
    expect(holderAt).toBeLessThan(breederAt);
    // The photo is embedded.
    expect((await download(t.owner)).rawPayload.includes('/Subtype /Image')).toBe(true);
    // Nothing of the stranger.
    expect(de.text).not.toContain('STRANGER');
    expect(de.text).not.toContain('Mietze');

    const enRes = await download(t.owner, '?language=en');
    const en = expectPdf(enRes, 'Emergency_File.pdf');
    for (const text of [
      'Emergency file',
      'Owner',
      'Dog',
      'Latest weight',
      'in the morning and in the evening',
    ]) {
      expect(en.text).toContain(text);
    }
    expect(en.text).not.toContain('STRANGER');

    if (SAMPLE_DIR) {
      mkdirSync(SAMPLE_DIR, { recursive: true });
      writeFileSync(path.join(SAMPLE_DIR, 'emergency-sample-de.pdf'), (await download(t.owner)).rawPayload);
      writeFileSync(path.join(SAMPLE_DIR, 'emergency-sample-en.pdf'), enRes.rawPayload);
    }
  });

  it('refuses an unknown language with 400', async () => {
    expect((await download(t.owner, '?language=fr')).statusCode).toBe(400);
  });

  it('continues long lists on the next page with the pet name repeated', async () => {
    const pets = await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, as(t.owner));
    const petId = (pets.json() as { pets: Array<{ id: string; name: string }> }).pets.find(
      (pet) => pet.name === 'Bello',
    )!.id;
    for (let i = 1; i <= 45; i++) {
      const res = await v1(
        t.app,
        'POST',
        `/v1/medical/allergy?pet_id=${petId}`,
        { name: `Allergie ${i}`, known_since: '01.01.2020', still_acute: i % 2 ? 'Yes' : 'No' },
        as(t.owner),
      );
      expect(res.statusCode).toBe(201);
    }
    const res = await download(t.owner);
    const info = expectPdf(res, 'Notfallakte.pdf');
    if (SAMPLE_DIR) writeFileSync(path.join(SAMPLE_DIR, 'emergency-sample-long-de.pdf'), res.rawPayload);
    expect(info.pageCount).toBeGreaterThanOrEqual(2);
    expect(info.text).toContain('Bello (Fortsetzung)');
    expect(info.text).toContain('Allergie 45');
    expect(info.text).toContain(`Seite ${info.pageCount} von ${info.pageCount}`);
  });

  it('refuses a batch code user, a single code user on the free plan, and answers No_Pet_Text without pets', async () => {
    const batchUser = await registeredUser(t.app);
    await createPet(t.app, batchUser);
    const [batch] = await generateCodes(t.app, { kind: 'batch', maxRedemptions: 5 });
    const redeemed = await v1(
      t.app,
      'POST',
      '/v1/auth/verifycode',
      { code: batch },
      { cookie: batchUser.cookie },
    );
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expectRefusal(await download(batchUser), 500, LIMIT_KEYS.downloadNotAllowed);

    const freeUser = await registeredUser(t.app);
    await redeemSingleCode(freeUser);
    await createPet(t.app, freeUser);
    await setPlan(t.app, freeUser.id, 'free');
    expectRefusal(await download(freeUser), 500, LIMIT_KEYS.downloadNotAllowed);

    const petless = await registeredUser(t.app);
    await redeemSingleCode(petless);
    expectRefusal(await download(petless), 500, LIMIT_KEYS.noPet);
  });

  it("applies a brand's lowest plan sequence (tier-fritz: a paid plan at sequence 0 never downloads)", async () => {
    const user = await registeredUser(t.app);
    await redeemSingleCode(user);
    // No seeded plan is paid at sequence 0, so the operator adds one, as `npm run admin` would.
    await createPlan(t.app.db, {
      ...PAID_PLAN_FIELDS,
      partnerId: 'primepet',
      key: 'starter0',
      name: 'Starter',
      sequence: 0,
    });
    await setPlan(t.app, user.id, 'starter0');
    const tierFritz = BRANDS.tierfritz;
    expect(tierFritz.limits.emergencyDownloadMinSequence).toBe(1);
    expect(await emergencyDownloadDecision(t.app.db, user.id, BRANDS.primepet)).toBe('allowed');
    expect(await emergencyDownloadDecision(t.app.db, user.id, tierFritz)).toBe('not_allowed');
    await setPlan(t.app, user.id, 'premium');
    expect(await emergencyDownloadDecision(t.app.db, user.id, tierFritz)).toBe('allowed');
  });

  describe('GET /v1/emergency/public', () => {
    it('400 without a code (also blank)', async () => {
      expectRefusal(await downloadPublic(''), 400, EMERGENCY_PUBLIC_KEYS.required);
      expectRefusal(await downloadPublic(codeQuery('   ')), 400, EMERGENCY_PUBLIC_KEYS.required);
    });

    it('answers the owner’s PDF for the code, also with spaces around it and without sign-in', async () => {
      const de = expectPdf(await downloadPublic(codeQuery(`  ${ownerCode}  `)), 'Notfallakte.pdf');
      expect(de.text).toContain('Bello');
      expect(de.text).toContain('Pollen OWNER');
      expect(de.text).not.toContain('STRANGER');
      const en = expectPdf(await downloadPublic(codeQuery(ownerCode, 'en')), 'Emergency_File.pdf');
      expect(en.text).toContain('Emergency file');
      expect(en.text).not.toContain('Mietze');
    });

    it("is recorded in the owner's pets' tag activity with a coarse device (no address)", async () => {
      await call(t.app, 'GET', `/v1/emergency/public${codeQuery(ownerCode)}`, undefined, {
        ip: freshIp(),
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' },
      });
      const pets = await t.app.db.selectFrom('pet').select('id').where('user_id', '=', t.owner.id).execute();
      const activity = await v1(
        t.app,
        'GET',
        `/v1/pet/tag/activity?pet_id=${pets[0]!.id}`,
        undefined,
        as(t.owner),
      );
      expect(activity.json().accesses[0]).toMatchObject({ kind: 'emergency', device: 'Safari on iOS' });
    });

    it('404 for an unknown code, a batch code, an unredeemed code and a code of another brand', async () => {
      expectRefusal(
        await downloadPublic(codeQuery('ZZZZ-ZZZZ-ZZZZ')),
        404,
        EMERGENCY_PUBLIC_KEYS.invalidPassword,
      );
      expectRefusal(
        await downloadPublic(codeQuery('not a code')),
        404,
        EMERGENCY_PUBLIC_KEYS.invalidPassword,
      );

      const batchUser = await registeredUser(t.app);
      await createPet(t.app, batchUser);
      const [batch] = await generateCodes(t.app, { kind: 'batch', maxRedemptions: 5 });
      expect(
        (await v1(t.app, 'POST', '/v1/auth/verifycode', { code: batch }, { cookie: batchUser.cookie }))
          .statusCode,
      ).toBe(200);
      expectRefusal(await downloadPublic(codeQuery(batch!)), 404, EMERGENCY_PUBLIC_KEYS.invalidPassword);

      const [unused] = await generateCodes(t.app);
      expectRefusal(await downloadPublic(codeQuery(unused!)), 404, EMERGENCY_PUBLIC_KEYS.invalidPassword);

      expectRefusal(
        await downloadPublic(codeQuery(ownerCode), { host: 'petclub.localhost:3000' }),
        404,
        EMERGENCY_PUBLIC_KEYS.invalidPassword,
      );
    });

    it('404 for a banned owner and an owner whose account deletion is requested', async () => {
      const banned = await registeredUser(t.app);
      const bannedCode = await redeemSingleCode(banned);
      await createPet(t.app, banned);
      expectPdf(await downloadPublic(codeQuery(bannedCode)), 'Notfallakte.pdf');
      await setBan(t.app.db, t.app.database.kind, banned.id, {
        banned: true,
        reason: 'abuse',
        expiresAt: null,
      });
      expectRefusal(await downloadPublic(codeQuery(bannedCode)), 404, EMERGENCY_PUBLIC_KEYS.invalidPassword);

      const leaving = await registeredUser(t.app);
      const leavingCode = await redeemSingleCode(leaving);
      await t.app.db
        .updateTable('user_profile')
        .set({ deletion_requested_at: new Date().toISOString() })
        .where('user_id', '=', leaving.id)
        .execute();
      expectRefusal(await downloadPublic(codeQuery(leavingCode)), 404, EMERGENCY_PUBLIC_KEYS.invalidPassword);
    });

    it("403 when the owner's plan does not allow the download", async () => {
      const user = await registeredUser(t.app);
      const code = await redeemSingleCode(user);
      await createPet(t.app, user);
      await setPlan(t.app, user.id, 'free');
      expectRefusal(await downloadPublic(codeQuery(code)), 403, EMERGENCY_PUBLIC_KEYS.notSupported);
    });

    it('answers a petless owner the file with the owner only', async () => {
      const user = await registeredUser(t.app, { name: 'Petra Ohnetier' });
      const code = await redeemSingleCode(user);
      const info = expectPdf(await downloadPublic(codeQuery(code, 'en')), 'Emergency_File.pdf');
      expect(info.text).toContain('Petra Ohnetier');
      expect(info.text).toContain('No pets recorded.');
    });

    it('refuses unknown codes in the same time as other refusals', async () => {
      const timed = async (query: string) => {
        const started = performance.now();
        const res = await downloadPublic(query);
        expect(res.statusCode).toBe(404);
        return performance.now() - started;
      };
      // The floor (250 ms) hides the lookups: even a malformed code that needs no query takes it.
      expect(await timed(codeQuery('x'))).toBeGreaterThanOrEqual(240);
      expect(await timed(codeQuery('ZZZZ-ZZZZ-ZZZZ'))).toBeGreaterThanOrEqual(240);
    });

    it('429 after 10 requests per address in 15 minutes', async () => {
      const ip = freshIp();
      for (let i = 0; i < 10; i++) {
        expect((await downloadPublic(codeQuery('ZZZZ-ZZZZ-ZZZZ'), { ip })).statusCode).toBe(404);
      }
      const limited = await downloadPublic(codeQuery(ownerCode), { ip });
      expectRefusal(limited, 429, 'Too_Many_Requests_Text');
      // Another address is not affected.
      expect((await downloadPublic(codeQuery(ownerCode))).statusCode).toBe(200);
    });
  });
});
