import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityPageSchema,
  invitationPreviewSchema,
  MEMBERS_PER_PET_PAID,
  SHARE_KEYS,
  shareSchema,
  userInfoSchema,
} from '@pet/contract';
import { createTestApp, type TestApp } from './helpers.ts';
import { freshIp, registeredUser, signIn, signup, uniqueEmail, v1 } from './identity-helpers.ts';
import { as, createPet, setPlan, type User } from './support/owners.ts';
import { advance, invitationToken, invite, invited, mailsTo, sharesOf } from './support/sharing.ts';

const HOUR = 3600 * 1000;
// Each test registers several accounts (scrypt on a small pool): slow on a busy machine.

describe(
  'sharing: invitations, accepting, the rules of POST /v1/share/invitation',
  { timeout: 120_000 },
  () => {
    let t: TestApp;
    let owner: User;
    let petId: string;

    beforeAll(async () => {
      t = await createTestApp();
      owner = await registeredUser(t.app, { name: 'Olga Owner', language: 'de' });
      await setPlan(t.app, owner.id, 'premium');
      petId = (await createPet(t.app, owner, { name: 'Bello' })).id;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('refuses the free plan, a wrong window, oneself and a stranger’s pet, and changes nothing', async () => {
      const free = await registeredUser(t.app);
      const freePet = await createPet(t.app, free);
      const onFree = await invite(t.app, free, { email: uniqueEmail(), pet_ids: [freePet.id] });
      expect(onFree.statusCode).toBe(500);
      expect(onFree.json().key).toBe(SHARE_KEYS.notAllowed);

      const now = t.app.clock.now().getTime();
      const backwards = await invite(t.app, owner, {
        email: uniqueEmail(),
        pet_ids: [petId],
        starts_at: new Date(now + 5 * HOUR).toISOString(),
        ends_at: new Date(now + 2 * HOUR).toISOString(),
      });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().key).toBe(SHARE_KEYS.window);
      const over = await invite(t.app, owner, {
        email: uniqueEmail(),
        pet_ids: [petId],
        ends_at: new Date(now - HOUR).toISOString(),
      });
      expect(over.json().key).toBe(SHARE_KEYS.window);

      const self = await invite(t.app, owner, { email: owner.email.toUpperCase(), pet_ids: [petId] });
      expect(self.statusCode).toBe(400);
      expect(self.json().key).toBe(SHARE_KEYS.self);

      // Someone else's pet (or one of them) is a stranger's 404.
      const stranger = await invite(t.app, free, { email: uniqueEmail(), pet_ids: [petId] });
      expect([404, 500]).toContain(stranger.statusCode);
      await setPlan(t.app, free.id, 'premium');
      const strangerPaid = await invite(t.app, free, { email: uniqueEmail(), pet_ids: [freePet.id, petId] });
      expect(strangerPaid.statusCode).toBe(404);

      expect(await sharesOf(t.app, owner, petId)).toEqual([]);
      const rows = await t.app.db.selectFrom('pet_invitation').select('id').execute();
      expect(rows).toEqual([]);
    });

    it('invites (UTC instants, hashed token, mail in the chosen language), refuses the same person twice', async () => {
      const email = uniqueEmail('sitter');
      const shares = await invited(t.app, owner, {
        email: email.toUpperCase(),
        pet_ids: [petId],
        language: 'de',
        starts_at: '2099-01-01T10:00:00+01:00',
        ends_at: '2099-01-04T10:00:00+01:00',
      });
      expect(shares).toHaveLength(1);
      expect(shares[0]).toMatchObject({
        pet_id: petId,
        email,
        role: 'carer',
        state: 'invited',
        starts_at: '2099-01-01T09:00:00.000Z',
        ends_at: '2099-01-04T09:00:00.000Z',
        member_name: null,
      });
      const expires = Date.parse(shares[0]!.invitation_expires_at) - Date.parse(shares[0]!.invited_at);
      expect(expires).toBe(7 * 24 * HOUR);
      const [mail] = await mailsTo(t.app, email, 'share-invitation');
      expect(mail!.subject).toContain('Olga Owner teilt Bello');
      const token = await invitationToken(t.app, email);
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const stored = await t.app.db
        .selectFrom('pet_invitation')
        .selectAll()
        .where('email', '=', email)
        .execute();
      expect(stored[0]!.token_hash).not.toContain(token);
      expect(JSON.stringify(stored)).not.toContain(token);

      const again = await invite(t.app, owner, { email, pet_ids: [petId] });
      expect(again.statusCode).toBe(409);
      expect(again.json().key).toBe(SHARE_KEYS.duplicate);

      const preview = invitationPreviewSchema.parse(
        (
          await v1(t.app, 'GET', `/v1/share/invitation/preview?token=${token}`, undefined, { ip: freshIp() })
        ).json(),
      );
      expect(preview).toMatchObject({
        owner_name: 'Olga Owner',
        email,
        role: 'carer',
        account_exists: false,
      });
      expect(preview.pets.map((p) => p.name)).toEqual(['Bello']);

      const all = await v1(t.app, 'GET', '/v1/share/invitations', undefined, as(owner));
      expect(all.json().map((s: { email: string }) => s.email)).toContain(email);

      // The activity log has the invitation's line, by the owner.
      const log = activityPageSchema.parse(
        (await v1(t.app, 'GET', `/v1/share/activity?pet_id=${petId}`, undefined, as(owner))).json(),
      );
      expect(log.entries[0]).toMatchObject({ subject: 'share', action: 'created', actor_role: 'owner' });
      expect(log.entries[0]!.actor_name).toBe('Olga Owner');
    });

    it('accepting needs the invited address; accepting twice answers the same; myinfo lists the pet', async () => {
      const memberEmail = uniqueEmail('member');
      const [share] = await invited(t.app, owner, { email: memberEmail, pet_ids: [petId], role: 'viewer' });
      const token = await invitationToken(t.app, memberEmail);
      const other = await registeredUser(t.app);
      const wrong = await v1(t.app, 'POST', '/v1/share/invitation/accept', { token }, as(other));
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().key).toBe(SHARE_KEYS.otherEmail);
      const byOwner = await v1(t.app, 'POST', '/v1/share/invitation/accept', { token }, as(owner));
      expect(byOwner.statusCode).toBe(403);

      const member = await registeredUser(t.app, { email: memberEmail, name: 'Mia Member' });
      const accepted = await v1(t.app, 'POST', '/v1/share/invitation/accept', { token }, as(member));
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toEqual({ pet_id: petId, share_ids: [share!.id] });
      const twice = await v1(t.app, 'POST', '/v1/share/invitation/accept', { token }, as(member));
      expect(twice.json()).toEqual(accepted.json());
      // The link is used: its preview is the same 404 as an unknown one.
      const used = await v1(t.app, 'GET', `/v1/share/invitation/preview?token=${token}`, undefined, {
        ip: freshIp(),
      });
      expect(used.statusCode).toBe(404);
      expect(used.json().key).toBe(SHARE_KEYS.invitationGone);
      const unknown = await v1(
        t.app,
        'GET',
        `/v1/share/invitation/preview?token=${'x'.repeat(32)}`,
        undefined,
        {
          ip: freshIp(),
        },
      );
      expect(unknown.json()).toEqual(used.json());

      // The window is open: both are told.
      expect(await mailsTo(t.app, memberEmail, 'share-started')).toHaveLength(1);
      expect((await mailsTo(t.app, owner.email, 'share-started')).length).toBeGreaterThanOrEqual(1);
      const states = await sharesOf(t.app, owner, petId);
      expect(states.find((s) => s.id === share!.id)).toMatchObject({
        state: 'active',
        member_name: 'Mia Member',
      });

      const info = userInfoSchema.parse(
        (await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, as(member))).json(),
      );
      expect(info.shared_pets).toEqual([
        expect.objectContaining({
          id: petId,
          name: 'Bello',
          owner_name: 'Olga Owner',
          role: 'viewer',
          share_id: share!.id,
        }),
      ]);
      // A viewer reads no activity log; nor does anyone manage the owner's shares.
      const log = await v1(t.app, 'GET', `/v1/share/activity?pet_id=${petId}`, undefined, as(member));
      expect(log.statusCode).toBe(403);
      expect(log.json().key).toBe(SHARE_KEYS.roleForbids);
      const list = await v1(t.app, 'GET', `/v1/share/list?pet_id=${petId}`, undefined, as(member));
      expect(list.statusCode).toBe(403);
      const strangerList = await v1(t.app, 'GET', `/v1/share/list?pet_id=${petId}`, undefined, as(other));
      expect(strangerList.statusCode).toBe(404);
    });

    it('registers from an invitation without a code, verified at once, then accepts', async () => {
      const email = uniqueEmail('newbie');
      await invited(t.app, owner, { email, pet_ids: [petId] });
      const token = await invitationToken(t.app, email);

      const otherAddress = await signup(t.app, { email: uniqueEmail(), invitation_token: token });
      expect(otherAddress.statusCode).toBe(403);
      expect(otherAddress.json().key).toBe(SHARE_KEYS.otherEmail);
      const deadLink = await signup(t.app, { email, invitation_token: 'y'.repeat(32) });
      expect(deadLink.statusCode).toBe(404);

      // 'yes' without a code passes with the link (whatever the brand's code rules).
      const res = await signup(t.app, { email, invitation_token: token, product_associated: 'yes' });
      expect(res.statusCode, res.body).toBe(201);
      expect(await mailsTo(t.app, email, 'verification')).toEqual([]);
      const signedIn = await signIn(t.app, email);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const member = { token: String(signedIn.headers['set-auth-token']) };
      const info = userInfoSchema.parse(
        (await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, as(member))).json(),
      );
      expect(info.product?.is_default).toBe(true);
      const accepted = await v1(t.app, 'POST', '/v1/share/invitation/accept', { token }, as(member));
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().pet_id).toBe(petId);
    });

    it('an invitation expires after 7 days; resend gives a new link; revoke ends it', async () => {
      const email = uniqueEmail('late');
      const [share] = await invited(t.app, owner, { email, pet_ids: [petId] });
      const first = await invitationToken(t.app, email);
      await advance(t.app, 7 * 24 + 1);
      const expired = await v1(t.app, 'GET', `/v1/share/invitation/preview?token=${first}`, undefined, {
        ip: freshIp(),
      });
      expect(expired.statusCode).toBe(404);
      expect((await sharesOf(t.app, owner, petId)).find((s) => s.id === share!.id)!.state).toBe('expired');

      const resent = await v1(
        t.app,
        'POST',
        `/v1/share/invitation/resend?invitation_id=${share!.invitation_id}`,
        undefined,
        as(owner),
      );
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json()[0].state).toBe('invited');
      const second = await invitationToken(t.app, email);
      expect(second).not.toBe(first);
      expect(
        (await v1(t.app, 'GET', `/v1/share/invitation/preview?token=${first}`, undefined, { ip: freshIp() }))
          .statusCode,
      ).toBe(404);
      expect(
        (await v1(t.app, 'GET', `/v1/share/invitation/preview?token=${second}`, undefined, { ip: freshIp() }))
          .statusCode,
      ).toBe(200);

      const revoked = await v1(
        t.app,
        'DELETE',
        `/v1/share/invitation?invitation_id=${share!.invitation_id}`,
        undefined,
        as(owner),
      );
      expect(revoked.statusCode).toBe(200);
      expect(
        (await v1(t.app, 'GET', `/v1/share/invitation/preview?token=${second}`, undefined, { ip: freshIp() }))
          .statusCode,
      ).toBe(404);
      expect((await sharesOf(t.app, owner, petId)).find((s) => s.id === share!.id)!.state).toBe('revoked');
      const resendRevoked = await v1(
        t.app,
        'POST',
        `/v1/share/invitation/resend?invitation_id=${share!.invitation_id}`,
        undefined,
        as(owner),
      );
      expect(resendRevoked.statusCode).toBe(409);
    });

    it(`allows ${MEMBERS_PER_PET_PAID} members per pet, also under parallel invitations`, async () => {
      const pet = await createPet(t.app, owner, { name: 'Crowded' });
      const answers = await Promise.all(
        Array.from({ length: MEMBERS_PER_PET_PAID + 3 }, () =>
          invite(t.app, owner, { email: uniqueEmail('crowd'), pet_ids: [pet.id] }),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(MEMBERS_PER_PET_PAID);
      for (const refused of answers.filter((a) => a.statusCode !== 201)) {
        expect(refused.statusCode).toBe(500);
        expect(refused.json().key).toBe(SHARE_KEYS.memberLimit);
      }
      expect(await sharesOf(t.app, owner, pet.id)).toHaveLength(MEMBERS_PER_PET_PAID);
    });
  },
);

describe('sharing: windows, changes, ends', { timeout: 120_000 }, () => {
  let t: TestApp;
  let owner: User;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registeredUser(t.app, { name: 'Otto Owner' });
    await setPlan(t.app, owner.id, 'premium');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A member who accepted a share of a new pet; `window` in hours from now. */
  async function memberOf(window: { from?: number; until?: number } = {}, role = 'carer') {
    const pet = await createPet(t.app, owner, { name: `Pet ${Math.random().toString(36).slice(2, 7)}` });
    const now = t.app.clock.now().getTime();
    const email = uniqueEmail('m');
    const [share] = await invited(t.app, owner, {
      email,
      pet_ids: [pet.id],
      role,
      starts_at: window.from === undefined ? null : new Date(now + window.from * HOUR).toISOString(),
      ends_at: window.until === undefined ? null : new Date(now + window.until * HOUR).toISOString(),
    });
    const token = await invitationToken(t.app, email);
    const member = await registeredUser(t.app, { email, name: 'Sam Sitter', language: 'de' });
    const accepted = await v1(t.app, 'POST', '/v1/share/invitation/accept', { token }, as(member));
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { pet, share: share!, member };
  }

  const sharedPetIds = async (member: User) =>
    userInfoSchema
      .parse((await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, as(member))).json())
      .shared_pets!.map((p) => p.id);

  it('a window starts and ends by the clock, with mails to both at each step', async () => {
    const { pet, share, member } = await memberOf({ from: 24, until: 72 });
    expect((await sharesOf(t.app, owner, pet.id))[0]!.state).toBe('scheduled');
    expect(await mailsTo(t.app, member.email, 'share-started')).toEqual([]);
    expect(await sharedPetIds(member)).toEqual([]);

    await advance(t.app, 24);
    expect((await sharesOf(t.app, owner, pet.id))[0]!.state).toBe('active');
    const started = await mailsTo(t.app, member.email, 'share-started');
    expect(started).toHaveLength(1);
    expect(started[0]!.subject).toContain('Sie haben jetzt Zugriff');
    expect(
      (await mailsTo(t.app, owner.email, 'share-started')).some((m) => m.subject.includes(pet.name)),
    ).toBe(true);
    expect(await sharedPetIds(member)).toEqual([pet.id]);

    await advance(t.app, 48);
    expect((await sharesOf(t.app, owner, pet.id))[0]!.state).toBe('ended');
    expect(await mailsTo(t.app, member.email, 'share-ended')).toHaveLength(1);
    expect((await mailsTo(t.app, owner.email, 'share-ended')).some((m) => m.subject.includes(pet.name))).toBe(
      true,
    );
    expect(await sharedPetIds(member)).toEqual([]);
    void share;
  });

  it('PUT changes role and window; the old window jobs do nothing', async () => {
    const { pet, share, member } = await memberOf({ until: 10 });
    const res = await v1(
      t.app,
      'PUT',
      `/v1/share?share_id=${share.id}`,
      { role: 'co_owner', ends_at: new Date(t.app.clock.now().getTime() + 100 * HOUR).toISOString() },
      as(owner),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(shareSchema.parse(res.json())).toMatchObject({ role: 'co_owner', state: 'active' });
    await advance(t.app, 11);
    expect(await mailsTo(t.app, member.email, 'share-ended')).toEqual([]);
    expect(await sharedPetIds(member)).toEqual([pet.id]);
    // A co-owner reads the activity log but does not manage shares.
    const log = await v1(t.app, 'GET', `/v1/share/activity?pet_id=${pet.id}`, undefined, as(member));
    expect(log.statusCode).toBe(200);
    const manage = await v1(t.app, 'PUT', `/v1/share?share_id=${share.id}`, { role: 'viewer' }, as(member));
    expect(manage.statusCode).toBe(403);
    const bad = await v1(
      t.app,
      'PUT',
      `/v1/share?share_id=${share.id}`,
      { ends_at: new Date(t.app.clock.now().getTime() - HOUR).toISOString() },
      as(owner),
    );
    expect(bad.json().key).toBe(SHARE_KEYS.window);
  });

  it('the member leaves; the owner revokes; both are mailed each time', async () => {
    const left = await memberOf();
    const leave = await v1(
      t.app,
      'POST',
      `/v1/share/leave?share_id=${left.share.id}`,
      undefined,
      as(left.member),
    );
    expect(leave.statusCode).toBe(200);
    expect((await sharesOf(t.app, owner, left.pet.id))[0]!.state).toBe('left');
    expect(await mailsTo(t.app, left.member.email, 'share-left')).toHaveLength(1);
    expect(await sharedPetIds(left.member)).toEqual([]);
    const strangerLeave = await v1(
      t.app,
      'POST',
      `/v1/share/leave?share_id=${left.share.id}`,
      undefined,
      as(owner),
    );
    expect(strangerLeave.statusCode).toBe(404);

    const revoked = await memberOf();
    const del = await v1(t.app, 'DELETE', `/v1/share?share_id=${revoked.share.id}`, undefined, as(owner));
    expect(del.statusCode).toBe(200);
    expect((await sharesOf(t.app, owner, revoked.pet.id))[0]!.state).toBe('revoked');
    expect(await mailsTo(t.app, revoked.member.email, 'share-revoked')).toHaveLength(1);
    expect((await mailsTo(t.app, owner.email, 'share-revoked')).length).toBeGreaterThanOrEqual(1);
  });

  it('a deleted pet mails its members', async () => {
    const { pet, member } = await memberOf();
    const res = await v1(t.app, 'DELETE', `/v1/pet?id=${pet.id}`, undefined, as(owner));
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsTo(t.app, member.email, 'share-pet-deleted');
    expect(mail!.subject).toContain(pet.name);
    expect(
      await t.app.db.selectFrom('pet_share').select('id').where('pet_id', '=', pet.id).execute(),
    ).toEqual([]);
  });

  it('the owner’s paid plan ending ends the shares, with mails', async () => {
    const { pet, member } = await memberOf();
    const periodEnd = new Date(t.app.clock.now().getTime() + 24 * HOUR).toISOString();
    await t.app.db
      .updateTable('user_subscription')
      .set({ current_period_end: periodEnd })
      .where('user_id', '=', owner.id)
      .execute();
    await t.app.db.transaction().execute(async (trx) => {
      expect(await t.app.subscription.endPlanNowIn(trx, owner.id, periodEnd, 'plan-withdrawn')).toBe(true);
    });
    expect((await sharesOf(t.app, owner, pet.id))[0]!.state).toBe('ended');
    expect(await mailsTo(t.app, member.email, 'share-plan-ended')).toHaveLength(1);
    expect(await sharedPetIds(member)).toEqual([]);
    await setPlan(t.app, owner.id, 'premium');
  });

  it('the activity log pages 50 at a time; the retention job removes lines older than 12 months', async () => {
    const { pet } = await memberOf();
    const base = t.app.clock.now().getTime();
    await t.app.db
      .insertInto('pet_activity')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          pet_id: pet.id,
          owner_id: owner.id,
          actor_id: owner.id,
          actor_role: 'owner',
          action: 'updated',
          subject: 'pet',
          subject_id: pet.id,
          label: null,
          // Two lines share each instant: the cursor keeps them apart.
          at: new Date(base - 400 * 24 * HOUR + Math.floor(i / 2) * 1000).toISOString(),
        })),
      )
      .execute();
    const first = activityPageSchema.parse(
      (await v1(t.app, 'GET', `/v1/share/activity?pet_id=${pet.id}`, undefined, as(owner))).json(),
    );
    expect(first.entries).toHaveLength(50);
    const second = activityPageSchema.parse(
      (
        await v1(
          t.app,
          'GET',
          `/v1/share/activity?pet_id=${pet.id}&before=${encodeURIComponent(first.next_before!)}`,
          undefined,
          as(owner),
        )
      ).json(),
    );
    expect(second.next_before).toBeNull();
    const ids = [...first.entries, ...second.entries].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The 60 lines, the pet's creation and the invitation's.
    expect(ids.length).toBe(62);

    await advance(t.app, 25);
    const left = await t.app.db
      .selectFrom('pet_activity')
      .select('id')
      .where('pet_id', '=', pet.id)
      .execute();
    // The pet's creation and the invitation: both newer than 12 months.
    expect(left).toHaveLength(2);
  });
});

describe('sharing: account deletion', { timeout: 120_000 }, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function pair() {
    const owner = await registeredUser(t.app, { name: 'Owner' });
    await setPlan(t.app, owner.id, 'premium');
    const pet = await createPet(t.app, owner, { name: 'Rex' });
    const email = uniqueEmail('mem');
    await invited(t.app, owner, { email, pet_ids: [pet.id] });
    const token = await invitationToken(t.app, email);
    const member = await registeredUser(t.app, { email, name: 'Member' });
    expect((await v1(t.app, 'POST', '/v1/share/invitation/accept', { token }, as(member))).statusCode).toBe(
      200,
    );
    return { owner, pet, member };
  }

  it('the owner’s deletion ends every share and mails the members', async () => {
    const { owner, pet, member } = await pair();
    const res = await v1(t.app, 'DELETE', `/v1/auth/deleteuseracc?user_id=${owner.id}`, undefined, as(owner));
    expect([200, 204]).toContain(res.statusCode);
    expect(await mailsTo(t.app, member.email, 'share-owner-deleted')).toHaveLength(1);
    const info = userInfoSchema.parse(
      (await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, as(member))).json(),
    );
    expect(info.shared_pets).toEqual([]);
    void pet;
  });

  it('the member’s deletion ends their shares (owner mailed); the purge leaves no trace of them', async () => {
    const { owner, pet, member } = await pair();
    await t.app.db
      .insertInto('pet_activity')
      .values({
        id: crypto.randomUUID(),
        pet_id: pet.id,
        owner_id: owner.id,
        actor_id: member.id,
        actor_role: 'carer',
        action: 'created',
        subject: 'weight',
        subject_id: null,
        label: '12 kg',
        at: t.app.clock.now().toISOString(),
      })
      .execute();
    const res = await v1(
      t.app,
      'DELETE',
      `/v1/auth/deleteuseracc?user_id=${member.id}`,
      undefined,
      as(member),
    );
    expect([200, 204]).toContain(res.statusCode);
    expect(await mailsTo(t.app, owner.email, 'share-member-deleted')).toHaveLength(1);
    expect((await sharesOf(t.app, owner, pet.id))[0]!.state).toBe('ended');
    await t.app.account.purge(member.id, null);
    for (const table of ['pet_invitation', 'pet_share', 'pet_activity'] as const) {
      const rows = JSON.stringify(await t.app.db.selectFrom(table).selectAll().execute());
      expect(rows).not.toContain(member.id);
      expect(rows).not.toContain(member.email);
    }
    const log = activityPageSchema.parse(
      (await v1(t.app, 'GET', `/v1/share/activity?pet_id=${pet.id}`, undefined, as(owner))).json(),
    );
    const weightLine = log.entries.find((e) => e.subject === 'weight')!;
    expect(weightLine).toMatchObject({ actor_id: null, actor_name: null });
  });
});
