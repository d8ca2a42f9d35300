import { makeDocument, myDocsRoute } from './documents-helpers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry, InvitationPreview, Pet, Share, SharedPet } from '@pet/contract';
import { apiError, installFakeApi, json, locationOf, makeProduct, makeUser, renderApp } from './helpers';
import { enter, field } from './identity-helpers';

// Issue 35, the web half: the owner's Access page and invitation, the accept page, the member's
// view of a shared pet (by role) and the activity log. The server is faked by path.

const SHARE: Share = {
  id: 'share-1',
  pet_id: 'pet-1',
  invitation_id: 'inv-1',
  email: 'sam@example.com',
  member_name: 'Sam Sitter',
  role: 'carer',
  reminders: true,
  starts_at: '2026-12-01T08:00:00.000Z',
  ends_at: '2026-12-04T08:00:00.000Z',
  state: 'active',
  invited_at: '2026-11-28T10:00:00.000Z',
  invitation_expires_at: '2026-12-05T10:00:00.000Z',
  accepted_at: '2026-11-28T11:00:00.000Z',
};
const INVITED: Share = {
  ...SHARE,
  id: 'share-2',
  invitation_id: 'inv-2',
  email: 'vet@example.com',
  member_name: null,
  role: 'viewer',
  reminders: false,
  starts_at: null,
  ends_at: null,
  state: 'invited',
  accepted_at: null,
};
const SHARED: SharedPet = {
  id: 'pet-9',
  name: 'Rex',
  image_url: null,
  type: 'Dog',
  share_id: 'share-9',
  owner_name: 'Olga Owner',
  role: 'carer',
  ends_at: '2026-12-04T08:00:00.000Z',
};
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
const PREVIEW: InvitationPreview = {
  owner_name: 'Olga Owner',
  email: 'sam@example.com',
  role: 'carer',
  pets: [{ id: 'pet-9', name: 'Rex', type: 'Dog' }],
  starts_at: null,
  ends_at: '2026-12-04T08:00:00.000Z',
  expires_at: '2026-12-05T10:00:00.000Z',
  account_exists: false,
};
const REX: Pet = {
  id: 'pet-9',
  name: 'Rex',
  pet_type: 'Dog',
  gender: 'male',
  race: 'Beagle',
  date_of_birth: '03.04.2019',
  size: '40 cm',
  color: 'tricolour',
  features: null,
  labeling: null,
  ancestry: null,
  weights: [],
  image_url: null,
};
const ACCESS = '/pet-details/Bello/pet-1/access';
const bodyOf = (call: { body?: string }) => JSON.parse(call.body ?? '{}') as Record<string, unknown>;

describe('sharing: the owner', () => {
  it('lists who has access with role, state and window, and invites with role, pets, window and language', async () => {
    const api = installFakeApi({
      routes: {
        'GET /v1/share/list': () => json([SHARE, INVITED]),
        'POST /v1/share/invitation': () => json({ invitation_id: 'inv-3' }, 201),
      },
    });
    const { user } = renderApp(ACCESS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access' })).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Who has access' });
    const sam = (await within(list).findByText('Sam Sitter')).closest('li')!;
    expect(within(sam).getByText('Carer')).toBeInTheDocument();
    expect(within(sam).getByText('Active')).toBeInTheDocument();
    expect(within(sam).getByText('Gets reminders')).toBeInTheDocument();
    expect(within(sam).getByText(/^From .+ until .+$/)).toBeInTheDocument();
    const vet = within(list).getByText('vet@example.com').closest('li')!;
    expect(within(vet).getByText('Invited')).toBeInTheDocument();
    expect(within(vet).getByText('No time limit')).toBeInTheDocument();
    expect(within(list).getByText('2 of 6 places used')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Invite someone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    // The current pet is chosen; the reminders box belongs to the carer only.
    expect(within(dialog).getByRole('checkbox', { name: 'Bello' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Minka' })).not.toBeChecked();
    expect(within(dialog).getByText(/may add weights and documents/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Please enter your e-mail address.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/share/invitation')).toHaveLength(0);

    await enter(user, within(dialog).getByRole('textbox', { name: /E-mail address/ }), 'new@example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Minka' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /gets appointment and dose reminders/ }));
    await user.click(within(dialog).getByRole('radio', { name: /^Vet \/ viewer/ }));
    expect(within(dialog).queryByRole('checkbox', { name: /reminders/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /^Carer/ }));
    await user.type(within(dialog).getByLabelText('Until'), '2099-12-04');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(api.callsTo('POST', '/v1/share/invitation')).toHaveLength(1));
    const body = bodyOf(api.callsTo('POST', '/v1/share/invitation')[0]!);
    expect(body).toMatchObject({
      email: 'new@example.com',
      pet_ids: ['pet-1', 'pet-2'],
      role: 'carer',
      language: 'en',
      starts_at: null,
    });
    // Reminders were ticked before the role went to viewer and back: the box kept its state.
    expect(body.reminders).toBe(true);
    expect(new Date(body.ends_at as string).getTime()).toBe(new Date(2099, 11, 4, 0).getTime());
    expect(await screen.findByText('The invitation is on its way.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's error by key and keeps the dialog open", async () => {
    installFakeApi({
      routes: {
        'GET /v1/share/list': () => json([]),
        'POST /v1/share/invitation': () => apiError(409, 'Share_Already_Member_Error'),
      },
    });
    const { user } = renderApp(ACCESS, { language: 'de' });
    // The empty list explains the roles.
    expect(await screen.findByText(/Noch hat niemand sonst Zugriff/)).toBeInTheDocument();
    expect(screen.getByText(/Nur lesen: Profil/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Jemanden einladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Jemanden einladen' });
    await enter(user, within(dialog).getByRole('textbox', { name: /E-Mail-Adresse/ }), 'sam@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    expect(
      await within(dialog).findByText(
        'Diese Person hat bereits Zugriff auf dieses Tier oder eine offene Einladung.',
      ),
    ).toBeInTheDocument();
  });

  it('refuses a window that ends before it starts without asking the server', async () => {
    const api = installFakeApi({ routes: { 'GET /v1/share/list': () => json([]) } });
    const { user } = renderApp(ACCESS);
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    await enter(user, within(dialog).getByRole('textbox', { name: /E-mail address/ }), 'sam@example.com');
    await user.type(within(dialog).getByLabelText('From'), '2099-12-04');
    await user.type(within(dialog).getByLabelText('Until'), '2099-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText('The access must end after it starts, and in the future.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/share/invitation')).toHaveLength(0);
  });

  it('ends a share after asking, resends and revokes an invitation, changes a role', async () => {
    const api = installFakeApi({
      routes: {
        'GET /v1/share/list': () => json([SHARE, INVITED]),
        'DELETE /v1/share': () => json({ ...SHARE, state: 'revoked' }),
        'PUT /v1/share': () => json(SHARE),
        'POST /v1/share/invitation/resend': () => json({}),
        'DELETE /v1/share/invitation': () => json({}),
      },
    });
    const { user } = renderApp(ACCESS);
    const sam = (await screen.findByText('Sam Sitter')).closest('li')!;
    await user.click(within(sam).getByRole('button', { name: 'End access' }));
    const confirm = await screen.findByRole('dialog', { name: 'End access for Sam Sitter?' });
    expect(api.callsTo('DELETE', '/v1/share')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'End access' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/v1/share')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/v1/share')[0]!.url).toContain('share_id=share-1');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const vet = screen.getByText('vet@example.com').closest('li')!;
    await user.click(within(vet).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/share/invitation/resend')).toHaveLength(1));
    expect(api.callsTo('POST', '/v1/share/invitation/resend')[0]!.url).toContain('invitation_id=inv-2');
    await user.click(within(vet).getByRole('button', { name: 'Revoke' }));
    const revoke = await screen.findByRole('dialog', { name: 'Revoke the invitation to vet@example.com?' });
    await user.click(within(revoke).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/v1/share/invitation')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(sam).getByRole('button', { name: 'Change' }));
    const edit = await screen.findByRole('dialog', { name: 'Change access of Sam Sitter' });
    await user.click(within(edit).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Co-owner' }));
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/v1/share')).toHaveLength(1));
    expect(bodyOf(api.callsTo('PUT', '/v1/share')[0]!)).toMatchObject({
      role: 'co_owner',
      reminders: false,
      starts_at: SHARE.starts_at,
      ends_at: SHARE.ends_at,
    });
  });

  it('on the free plan shows the upsell and asks the server nothing', async () => {
    const api = installFakeApi({ user: makeUser({ product: makeProduct({ is_default: true }) }) });
    renderApp(ACCESS);
    expect(await screen.findByText(/^Sharing a pet is part of the paid plans. Upgrade/)).toBeInTheDocument();
    expect(api.callsTo('GET', '/v1/share/list')).toHaveLength(0);
  });

  it('links Access and the activity log under the pet dashboard', async () => {
    installFakeApi();
    renderApp('/pet-details/Bello/pet-1');
    expect(await screen.findByRole('link', { name: /^Access/ })).toHaveAttribute('href', ACCESS);
    expect(screen.getByRole('link', { name: /^Activity log/ })).toHaveAttribute(
      'href',
      '/pet-details/Bello/pet-1/activity',
    );
  });
});

describe('sharing: the activity log', () => {
  const entry = (id: string, overrides: Partial<ActivityEntry> = {}): ActivityEntry => ({
    id,
    at: '2026-12-02T09:30:00.000Z',
    actor_id: 'u-sam',
    actor_name: 'Sam Sitter',
    actor_role: 'carer',
    action: 'created',
    subject: 'weight',
    subject_id: null,
    label: '12.5 kg',
    ...overrides,
  });

  it('lists who did what, newest first, and loads more with next_before', async () => {
    const api = installFakeApi({
      routes: {
        'GET /v1/share/activity': (call) =>
          new URL(call.url, 'http://localhost').searchParams.get('before') === 'cursor-1'
            ? json({
                entries: [
                  entry('a3', {
                    actor_name: null,
                    actor_role: 'owner',
                    subject: 'contact',
                    action: 'deleted',
                    label: null,
                  }),
                ],
                next_before: null,
              })
            : json({
                entries: [
                  entry('a1'),
                  entry('a2', {
                    actor_name: 'Anna Muster',
                    actor_role: 'owner',
                    action: 'updated',
                    subject: 'pet',
                    label: null,
                  }),
                ],
                next_before: 'cursor-1',
              }),
      },
    });
    const { user } = renderApp('/pet-details/Bello/pet-1/activity');
    expect(await screen.findByText('Weight added: 12.5 kg')).toBeInTheDocument();
    expect(screen.getByText('Profile changed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Contact deleted')).toBeInTheDocument();
    expect(screen.getByText('Deleted account')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/v1/share/activity')[1]!.url).toContain('before=cursor-1');
  });

  it("shows each actor's role as a translated label, never the raw key", async () => {
    installFakeApi({
      routes: {
        'GET /v1/share/activity': () =>
          json({
            entries: [
              entry('r1', { actor_name: 'Chris Co', actor_role: 'co_owner' }),
              entry('r2', { actor_name: 'Vera Vet', actor_role: 'viewer', subject: 'document' }),
            ],
            next_before: null,
          }),
      },
    });
    renderApp('/pet-details/Bello/pet-1/activity', { language: 'de' });
    const first = await screen.findByText('Chris Co');
    const line = (element: HTMLElement) => element.closest('li')!;
    expect(within(line(first)).getByText('Mithalter:in')).toBeInTheDocument();
    expect(
      within(line(screen.getByText('Vera Vet'))).getByText('Tierarzt / Lesezugriff'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/co_owner|viewer/)).not.toBeInTheDocument();
  });

  it('says when nothing happened yet', async () => {
    installFakeApi({ routes: { 'GET /v1/share/activity': () => json({ entries: [], next_before: null }) } });
    renderApp('/pet-details/Bello/pet-1/activity', { language: 'de' });
    expect(await screen.findByText('Bisher ist nichts geschehen.')).toBeInTheDocument();
  });
});

describe('sharing: the invitation link', () => {
  const accept = `/share/accept?token=${TOKEN}`;

  it('signed out: shows the preview and offers registration (no account yet) and sign-in with the address', async () => {
    installFakeApi({ user: null, routes: { 'GET /v1/share/invitation/preview': () => json(PREVIEW) } });
    renderApp(accept);
    expect(await screen.findByText('Olga Owner wants to share Rex with you.')).toBeInTheDocument();
    expect(screen.getByText(/Sees everything about the pet/)).toBeInTheDocument();
    expect(screen.getByText(/^Until /)).toBeInTheDocument();
    expect(screen.getByText(/^This invitation is valid until /)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      `/register?email=sam%40example.com&invitation=${TOKEN}`,
    );
    const signIn = screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')!;
    const params = new URL(signIn, 'http://localhost').searchParams;
    expect(params.get('email')).toBe('sam@example.com');
    expect(params.get('continueUrl')).toBe(accept);
  });

  it('a gone link says so', async () => {
    installFakeApi({
      user: null,
      routes: { 'GET /v1/share/invitation/preview': () => apiError(404, 'Share_Invitation_Gone_Text') },
    });
    renderApp(accept, { language: 'de' });
    expect(await screen.findByText(/Dieser Einladungslink funktioniert nicht mehr/)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Einladung nicht mehr gültig' }),
    ).toBeInTheDocument();
  });

  it('signed in with another address: explains and offers sign-out', async () => {
    const api = installFakeApi({ routes: { 'GET /v1/share/invitation/preview': () => json(PREVIEW) } });
    const { user } = renderApp(accept);
    expect(
      await screen.findByText(
        /You are signed in as anna@example.com, but the invitation is for sam@example.com/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(api.callsTo('POST', '/identity/sign-out')).toHaveLength(1));
    expect(await screen.findByRole('link', { name: 'Create account' })).toBeInTheDocument();
  });

  it('signed in with the invited address: accepts and opens the shared pet', async () => {
    const api = installFakeApi({
      user: makeUser({ email: 'sam@example.com', pets: [] }),
      routes: {
        'GET /v1/share/invitation/preview': () => json(PREVIEW),
        'POST /v1/share/invitation/accept': () => {
          api.state.user = { ...api.state.user!, shared_pets: [SHARED] };
          return json({ pet_id: 'pet-9', share_ids: ['share-9'] });
        },
      },
    });
    const { user, router } = renderApp(accept);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(locationOf(router)).toBe('/pet-details/Rex/pet-9'));
    expect(bodyOf(api.callsTo('POST', '/v1/share/invitation/accept')[0]!)).toEqual({ token: TOKEN });
    expect(await screen.findByText('Shared with you by Olga Owner')).toBeInTheDocument();
  });

  it('registers from the link without a code, signs in and returns to the invitation', async () => {
    const api = installFakeApi({
      user: null,
      routes: {
        'POST /v1/auth/signup': () =>
          json({ message: 'USER CREATED', user_id: 'u-sam', email: 'sam@example.com' }, 201),
        'POST /identity/sign-in/email': () => {
          api.state.user = makeUser({ id: 'u-sam', email: 'sam@example.com', pets: [] });
          return json({ redirect: false, token: 't', user: { id: 'u-sam', email: 'sam@example.com' } });
        },
        'GET /v1/share/invitation/preview': () => json({ ...PREVIEW, account_exists: true }),
      },
    });
    const { user, router } = renderApp(`/register?email=sam%40example.com&invitation=${TOKEN}`);
    expect(await screen.findByText(/You were invited to share a pet/)).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(field('E-mail address')).toHaveValue('sam@example.com');
    await enter(user, field('Name'), 'Sam Sitter');
    await enter(user, field('Password'), 'secret-123');
    await enter(user, field('Confirm password'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(locationOf(router)).toBe(`/share/accept?token=${TOKEN}`));
    const body = bodyOf(api.callsTo('POST', '/v1/auth/signup')[0]!);
    expect(body).toMatchObject({ email: 'sam@example.com', invitation_token: TOKEN, activation_code: null });
    expect(body.product_associated).not.toBe('yes');
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });
});

describe('sharing: the member', () => {
  const member = (role: SharedPet['role']) =>
    makeUser({ id: 'u-sam', email: 'sam@example.com', pets: [], shared_pets: [{ ...SHARED, role }] });

  it('lists shared pets in the sidebar and on the dashboard with owner and role', async () => {
    installFakeApi({ user: member('carer') });
    renderApp('/dashboard');
    const section = await screen.findByRole('region', { name: 'Shared with me' });
    expect(within(section).getByRole('link', { name: /Rex.*Olga Owner's pet.*Carer/ })).toHaveAttribute(
      'href',
      '/pet-details/Rex/pet-9',
    );
    const nav = screen.getByRole('navigation', { name: /Main navigation|Hauptnavigation/ });
    const shared = within(nav).getByRole('list', { name: 'Shared with me' });
    expect(within(shared).getByText('Rex')).toBeInTheDocument();
    expect(within(shared).getByText('Olga Owner · Carer')).toBeInTheDocument();
  });

  it("a carer's pet page: banner, no Edit, no account tiles, adds a weight through the weight route", async () => {
    const api = installFakeApi({
      user: member('carer'),
      routes: {
        'GET /v1/pet': () => json(REX),
        'POST /v1/pet/weight': () => json({ ...REX, weights: [{ weight: 12.5, date: '02.12.2026' }] }),
      },
    });
    const { user } = renderApp('/pet-details/Rex/pet-9');
    const banner = await screen.findByRole('note', { name: 'Shared pet' });
    expect(within(banner).getByText('Shared with you by Olga Owner')).toBeInTheDocument();
    expect(within(banner).getByText(/^Your access ends on /)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(document.querySelector('[data-tile="emergency"]')).toBeNull();
    expect(document.querySelector('[data-tile="profile"]')).toBeNull();
    expect(document.querySelector('[data-tile="my-pet"]')).toBeNull();
    expect(document.querySelector('[data-tile="contacts"]')).not.toBeNull();
    expect(document.querySelector('[data-tile="access"]')).toBeNull();
    expect(document.querySelector('[data-tile="activity"]')).toBeNull();

    await user.click(within(banner).getByRole('button', { name: 'Add weight' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add weight' });
    await enter(user, within(dialog).getByRole('textbox', { name: /Weight/ }), '12,5');
    await user.clear(within(dialog).getByLabelText(/Date/));
    await user.type(within(dialog).getByLabelText(/Date/), '2026-12-02');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/pet/weight')).toHaveLength(1));
    const call = api.callsTo('POST', '/v1/pet/weight')[0]!;
    expect(call.url).toContain('pet_id=pet-9');
    expect(bodyOf(call)).toEqual({ weight: 12.5, date: '02.12.2026' });
  });

  it("a carer may edit the documents they added, not the owner's or older ones", async () => {
    installFakeApi({
      user: member('carer'),
      routes: {
        'GET /v1/pet': () => json(REX),
        'GET /v1/document/mydocs': myDocsRoute({
          'pet-9': [
            makeDocument({ id: 'd-own', description: 'Sitter receipt', created_by: 'u-sam' }),
            makeDocument({ id: 'd-owner', description: 'Owner policy', created_by: 'u-olga' }),
            makeDocument({ id: 'd-old', description: 'Old policy', created_by: null }),
          ],
        }),
      },
    });
    renderApp('/pet-details/Rex/pet-9/document-safe/insurances');
    await screen.findByRole('link', { name: 'Open document Sitter receipt' }, { timeout: 30_000 });
    expect(screen.getByRole('link', { name: 'Edit the description of Sitter receipt' })).toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: 'Edit the description of Owner policy' }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: 'Edit the description of Old policy' }),
    ).not.toBeInTheDocument();
  });

  it("a carer deletes their own weight after confirmation, not the owner's or an old one", async () => {
    const weights = [
      { id: 'w-own', weight: 12.5, date: '02.12.2026', created_by: 'u-sam' },
      { id: 'w-owner', weight: 12.1, date: '01.11.2026', created_by: 'u-olga' },
      { id: 'w-old', weight: 11.8, date: '01.10.2026', created_by: null },
    ];
    const api = installFakeApi({
      user: member('carer'),
      routes: {
        'GET /v1/pet': () => json({ ...REX, weights }),
        'DELETE /v1/pet/weight': () => json({ ...REX, weights: weights.slice(1) }),
      },
    });
    const { user } = renderApp('/pet-details/Rex/pet-9');
    const section = await screen.findByRole('region', { name: 'Weights' });
    expect(await within(section).findByText('02.12.2026')).toBeInTheDocument();
    const removeButtons = within(section).getAllByRole('button', { name: /^Remove / });
    expect(removeButtons).toHaveLength(1);
    expect(removeButtons[0]).toHaveAccessibleName(/of 02\.12\.2026/);

    await user.click(removeButtons[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Remove weight entry?' });
    expect(api.callsTo('DELETE', '/v1/pet/weight')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/v1/pet/weight')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/v1/pet/weight')[0]!.url).toContain('weight_id=w-own');
    await waitFor(() => expect(within(section).queryByText('02.12.2026')).not.toBeInTheDocument());
    expect(within(section).getByText('01.11.2026')).toBeInTheDocument();
  });

  it('a viewer sees the weights in German without any delete', async () => {
    installFakeApi({
      user: member('viewer'),
      routes: {
        'GET /v1/pet': () =>
          json({ ...REX, weights: [{ id: 'w-1', weight: 12.5, date: '02.12.2026', created_by: 'u-sam' }] }),
      },
    });
    renderApp('/pet-details/Rex/pet-9', { language: 'de' });
    const section = await screen.findByRole('region', { name: 'Gewichte' });
    expect(await within(section).findByText('02.12.2026')).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a viewer sees no contacts and no weight action; leaving asks first and ends the share', async () => {
    const api = installFakeApi({
      user: member('viewer'),
      routes: {
        'GET /v1/pet': () => json(REX),
        'POST /v1/share/leave': () => {
          api.state.user = { ...api.state.user!, shared_pets: [] };
          return json({});
        },
      },
    });
    const { user, router } = renderApp('/pet-details/Rex/pet-9');
    const banner = await screen.findByRole('note', { name: 'Shared pet' });
    expect(within(banner).queryByRole('button', { name: 'Add weight' })).not.toBeInTheDocument();
    expect(document.querySelector('[data-tile="contacts"]')).toBeNull();
    expect(document.querySelector('[data-tile="medical-data"]')).not.toBeNull();
    const nav = screen.getByRole('navigation', { name: /Main navigation/ });
    expect(within(nav).queryByRole('link', { name: 'Contacts' })).not.toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: 'Leave' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop having access to Rex?' });
    expect(api.callsTo('POST', '/v1/share/leave')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
    expect(api.callsTo('POST', '/v1/share/leave')[0]!.url).toContain('share_id=share-9');
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Shared with me' })).not.toBeInTheDocument(),
    );
  });

  it("a carer reads the owner's contacts without add, edit or delete", async () => {
    installFakeApi({
      user: member('carer'),
      routes: {
        'GET /v1/pet': () => json(REX),
        'GET /v1/contact/mycontacts': () =>
          json([
            {
              id: 'c-1',
              pet_id: 'pet-9',
              user_id: 'u-olga',
              title: null,
              name: 'Dr. Weber',
              address: null,
              zip: null,
              city: null,
              country: null,
              phone: '030 123',
              email: null,
              contact_type: 'Vet',
              doctor_since: null,
            },
          ]),
      },
    });
    const { user } = renderApp('/pet-details/Rex/pet-9/contacts');
    await user.click(await screen.findByRole('button', { name: /^Vets/ }));
    expect(await screen.findByRole('article', { name: 'Dr. Weber' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit Dr. Weber/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete Dr. Weber/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Add a new contact')).not.toBeInTheDocument();
  });

  it("a member cannot open the owner's Access page", async () => {
    const api = installFakeApi({ user: member('co_owner') });
    renderApp('/pet-details/Rex/pet-9/access');
    expect(await screen.findByText(/not found|nicht gefunden/i)).toBeInTheDocument();
    expect(api.callsTo('GET', '/v1/share/list')).toHaveLength(0);
  });
});
