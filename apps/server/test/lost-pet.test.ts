import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeAccount } from '../src/modules/account/purge.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { call, freshIp, mailbox, registeredUser, v1, waitForMail } from './identity-helpers.ts';
import { as, createPet, postFiles, setPlan } from './support/owners.ts';

type Owner = Awaited<ReturnType<typeof registeredUser>>;

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

const pathOf = (url: string) => new URL(url).pathname;
const tokenOf = (url: string) => pathOf(url).slice('/found/'.length);

function postForm(t: TestApp, path: string, fields: Record<string, string>, ip = freshIp()) {
  return call(t.app, 'POST', path, new URLSearchParams(fields).toString(), {
    ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': ANDROID_CHROME },
  });
}

describe('lost-pet tag: the owner makes a tag, a finder opens its page and messages the owner', () => {
  let t: TestApp;
  let owner: Owner;
  let stranger: Owner;
  let petId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registeredUser(t.app, { name: 'Erika Muster', language: 'en' });
    stranger = await registeredUser(t.app);
    await setPlan(t.app, owner.id, 'premium');
    await setPlan(t.app, stranger.id, 'premium');
    const update = await v1(
      t.app,
      'PUT',
      `/v1/user/update?id=${owner.id}`,
      {
        zipcode: '10115',
        phone: '+49 30 1234567',
        address_1: 'Home',
        address_2: 'Street 1',
        city: 'Berlin',
        country: 'DE',
      },
      as(owner),
    );
    expect(update.statusCode, update.body).toBe(200);
    const pet = await createPet(t.app, owner, { name: 'Bello' });
    petId = pet.id;
    await v1(
      t.app,
      'POST',
      `/v1/medical/allergy?pet_id=${petId}`,
      { name: 'Penicillin', medical_type: 'allergy' },
      as(owner),
    );
    await v1(
      t.app,
      'POST',
      `/v1/contact?pet_id=${petId}`,
      { name: 'Dr. Vet', phone: '+49 30 7654321', contact_type: 'Vet' },
      as(owner),
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a pet without a tag has none; making one gives a random address of 128 bits', async () => {
    const before = await v1(t.app, 'GET', `/v1/pet/tag?pet_id=${petId}`, undefined, as(owner));
    expect(before.json()).toMatchObject({ enabled: false, url: null });
    const made = await v1(t.app, 'POST', `/v1/pet/tag/regenerate?pet_id=${petId}`, undefined, as(owner));
    expect(made.statusCode, made.body).toBe(200);
    const { url } = made.json();
    expect(url).toMatch(/^http:\/\/[^/]+\/found\/[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(tokenOf(url), 'base64url')).toHaveLength(16);
    expect(url).not.toContain(petId);
  });

  it('the public page works without JavaScript, weighs under 20 KB with its photo and shows only what the owner chose', async () => {
    // A photo as a phone takes it: 1,600 x 1,200 px of detail (1.2 MB as JPEG).
    const photo = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: { r: 150, g: 110, b: 70 },
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const uploaded = await postFiles(
      t.app,
      `/v1/upload/image?file_for=pet&pet_id=${petId}`,
      [{ name: 'petImage.jpg', data: photo }],
      as(owner),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url } = (await v1(t.app, 'GET', `/v1/pet/tag?pet_id=${petId}`, undefined, as(owner))).json();
    const page = await call(t.app, 'GET', pathOf(url), undefined, { headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The whole page as a browser without JavaScript loads it: the HTML (CSS inline) and the photo.
    const src = /<img class="photo" src="([^"]+)"/
      .exec(page.body)?.[1]
      ?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    expect(src).toBeDefined();
    const image = await call(t.app, 'GET', src!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 240, height: 240 });
    expect(Buffer.byteLength(page.body) + image.rawPayload.length).toBeLessThan(20_000);
    // Made once and stored beside the photo: a second opening reuses it.
    await call(t.app, 'GET', pathOf(url));
    const photoFiles = await t.app.storage.list(`pets/${petId}/photo/`);
    expect(photoFiles.filter((key) => key.endsWith('-finder.webp'))).toHaveLength(1);
    expect(page.body).toContain('Hello, I am Bello!');
    expect(page.body).toContain('My human is Erika.');
    expect(page.body).not.toContain('Muster');
    expect(page.body).toContain('tel:+49301234567');
    expect(page.body).toContain('Penicillin');
    // The vet's phone is off by default.
    expect(page.body).not.toContain('7654321');
    expect(page.body).toMatch(/<form method="post"/);

    await v1(
      t.app,
      'PUT',
      `/v1/pet/tag?pet_id=${petId}`,
      { show_phone: false, show_vet_phone: true, show_message: true, message: 'Needs his pills at 8 pm' },
      as(owner),
    );
    const changed = await call(t.app, 'GET', pathOf(url));
    expect(changed.body).not.toContain('1234567');
    expect(changed.body).toContain('tel:+49307654321');
    expect(changed.body).toContain('Needs his pills at 8 pm');
    // German for a German browser.
    const german = await call(t.app, 'GET', pathOf(url), undefined, {
      headers: { 'accept-language': 'de-DE' },
    });
    expect(german.body).toContain('Hallo, ich bin Bello!');
    // PUT keeps what it does not name.
    const tag = (await v1(t.app, 'GET', `/v1/pet/tag?pet_id=${petId}`, undefined, as(owner))).json();
    expect(tag).toMatchObject({
      show_owner_name: true,
      show_phone: false,
      show_medical: true,
      enabled: true,
    });
  });

  it("a finder's message is stored and mailed to the owner at once, with the location when shared", async () => {
    const { url } = (await v1(t.app, 'GET', `/v1/pet/tag?pet_id=${petId}`, undefined, as(owner))).json();
    const sent = await postForm(t, `${pathOf(url)}?lang=en`, {
      message: 'Found him at the park gate',
      phone: '0171 5555555',
      share_location: '1',
      latitude: '52.52',
      longitude: '13.405',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('My owner has your message');
    const mail = await waitForMail(t.app, owner.email, 'lost-pet-finder');
    expect(mail.subject).toBe('Bello has been found');
    expect(mail.text).toContain('Found him at the park gate');
    expect(mail.text).toContain('0171 5555555');
    expect(mail.text).toContain('mlat=52.52&mlon=13.405');

    const activity = (
      await v1(t.app, 'GET', `/v1/pet/tag/activity?pet_id=${petId}`, undefined, as(owner))
    ).json();
    expect(activity.reports[0]).toMatchObject({
      message: 'Found him at the park gate',
      latitude: 52.52,
      longitude: 13.405,
    });
    expect(activity.accesses.length).toBeGreaterThan(0);
    expect(activity.accesses[0]).toMatchObject({ kind: 'tag' });
  });

  it('a form without a phone is refused with its message and stores nothing', async () => {
    const { url } = (await v1(t.app, 'GET', `/v1/pet/tag?pet_id=${petId}`, undefined, as(owner))).json();
    const before = await t.app.db.selectFrom('finder_report').selectAll().execute();
    const refused = await postForm(t, `${pathOf(url)}?lang=en`, { message: 'Hello', phone: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Please give a phone number the owner can call.');
    expect(refused.body).toContain('>Hello</textarea>');
    expect(await t.app.db.selectFrom('finder_report').selectAll().execute()).toHaveLength(before.length);
  });

  it('finder messages are limited per address', async () => {
    const { url } = (await v1(t.app, 'GET', `/v1/pet/tag?pet_id=${petId}`, undefined, as(owner))).json();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await postForm(t, pathOf(url), { message: `m${i}`, phone: '0301234' }, ip)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });

  it('access mails when asked for, at most one per few minutes', async () => {
    const { url } = (
      await v1(t.app, 'PUT', `/v1/pet/tag?pet_id=${petId}`, { notify_on_access: true }, as(owner))
    ).json();
    const count = async () =>
      (await mailbox(t.app)).filter((m) => m.to === owner.email && m.kind === 'lost-pet-access').length;
    const before = await count();
    await call(t.app, 'GET', pathOf(url), undefined, { headers: { 'user-agent': ANDROID_CHROME } });
    const mail = await waitForMail(t.app, owner.email, 'lost-pet-access');
    expect(mail.text).toContain('Chrome on Android');
    await call(t.app, 'GET', pathOf(url));
    expect(await count()).toBe(before + 1);
    await v1(t.app, 'PUT', `/v1/pet/tag?pet_id=${petId}`, { notify_on_access: false }, as(owner));
  });

  it('regenerating retires printed tags; switching off hides the page; another owner sees nothing', async () => {
    const old = (await v1(t.app, 'GET', `/v1/pet/tag?pet_id=${petId}`, undefined, as(owner))).json().url;
    const fresh = (
      await v1(t.app, 'POST', `/v1/pet/tag/regenerate?pet_id=${petId}`, undefined, as(owner))
    ).json().url;
    expect(fresh).not.toBe(old);
    expect((await call(t.app, 'GET', pathOf(old))).statusCode).toBe(404);
    expect((await call(t.app, 'GET', pathOf(fresh))).statusCode).toBe(200);

    for (const path of ['/v1/pet/tag', '/v1/pet/tag/activity', '/v1/pet/tag/pdf']) {
      expect((await v1(t.app, 'GET', `${path}?pet_id=${petId}`, undefined, as(stranger))).statusCode).toBe(
        404,
      );
    }
    expect(
      (await v1(t.app, 'PUT', `/v1/pet/tag?pet_id=${petId}`, { show_phone: true }, as(stranger))).statusCode,
    ).toBe(404);

    expect((await v1(t.app, 'DELETE', `/v1/pet/tag?pet_id=${petId}`, undefined, as(owner))).statusCode).toBe(
      200,
    );
    expect((await call(t.app, 'GET', pathOf(fresh))).statusCode).toBe(404);
    expect((await postForm(t, pathOf(fresh), { message: 'x', phone: '0301234' })).statusCode).toBe(404);
    await v1(t.app, 'PUT', `/v1/pet/tag?pet_id=${petId}`, { enabled: true }, as(owner));
    expect((await call(t.app, 'GET', pathOf(fresh))).statusCode).toBe(200);
    // Malformed and unknown tags look the same as a switched-off one.
    expect((await call(t.app, 'GET', '/found/short')).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/found/${'A'.repeat(22)}`)).statusCode).toBe(404);
  });

  it('prints the tag sheet as a PDF', async () => {
    const pdf = await v1(t.app, 'GET', `/v1/pet/tag/pdf?pet_id=${petId}&language=de`, undefined, as(owner));
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The QR images are embedded (two image XObjects: the cards' and the stickers' use one image).
    expect(pdf.rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(true);
  });

  it('is a paid-plan extra: the free plan is refused and its tag pages stop', async () => {
    const url = (await v1(t.app, 'GET', `/v1/pet/tag?pet_id=${petId}`, undefined, as(owner))).json().url;
    await setPlan(t.app, owner.id, 'free');
    const refused = await v1(t.app, 'POST', `/v1/pet/tag/regenerate?pet_id=${petId}`, undefined, as(owner));
    expect(refused.statusCode).toBe(500);
    expect(refused.json().key).toBe('Paid_Extras_Not_Allowed_Text');
    expect((await call(t.app, 'GET', pathOf(url))).statusCode).toBe(404);
    await setPlan(t.app, owner.id, 'premium');
    expect((await call(t.app, 'GET', pathOf(url))).statusCode).toBe(200);
  });

  it('deleting the pet or purging the account removes the tag, its reports and accesses', async () => {
    const user = await registeredUser(t.app);
    await setPlan(t.app, user.id, 'premium');
    const pet = await createPet(t.app, user, { name: 'Minka', pet_type: 'Cat' });
    const url = (
      await v1(t.app, 'POST', `/v1/pet/tag/regenerate?pet_id=${pet.id}`, undefined, as(user))
    ).json().url;
    await postForm(t, pathOf(url), { message: 'Found', phone: '0301234' });
    await purgeAccount(t.app.db, t.app.storage, user.id, user.email, null);
    for (const table of ['pet_tag', 'finder_report', 'public_access'] as const) {
      expect(await t.app.db.selectFrom(table).where('user_id', '=', user.id).selectAll().execute()).toEqual(
        [],
      );
    }
    expect((await call(t.app, 'GET', pathOf(url))).statusCode).toBe(404);
  });
});
