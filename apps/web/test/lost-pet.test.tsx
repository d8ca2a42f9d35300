import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PetTag } from '@pet/contract';
import { installFakeApi, json, makeProduct, makeUser, renderApp } from './helpers';

const TAG: PetTag = {
  enabled: true,
  url: 'http://localhost/found/AAAAAAAAAAAAAAAAAAAAAA',
  created_at: '2026-11-25T10:00:00.000Z',
  show_owner_name: true,
  show_phone: true,
  show_message: false,
  message: null,
  show_medical: true,
  show_vet_phone: false,
  notify_on_access: false,
};

describe('lost-pet tag page', () => {
  it('makes a tag, changes what finders see and lists finder messages and openings', async () => {
    let tag: PetTag = { ...TAG, enabled: false, url: null, created_at: null };
    const api = installFakeApi({
      routes: {
        'GET /v1/pet/tag': () => json(tag),
        'POST /v1/pet/tag/regenerate': () => json((tag = { ...TAG })),
        'PUT /v1/pet/tag': (call) => json((tag = { ...tag, ...(JSON.parse(call.body ?? '{}') as object) })),
        'GET /v1/pet/tag/activity': () =>
          json({
            accesses: [{ kind: 'tag', device: 'Chrome on Android', at: '2026-11-25T11:00:00.000Z' }],
            reports: [
              {
                id: 'r1',
                message: 'Found him at the park gate',
                phone: '0171 5555555',
                latitude: 52.52,
                longitude: 13.405,
                created_at: '2026-11-25T11:05:00.000Z',
              },
            ],
          }),
      },
    });
    const user = makeUser();
    const pet = user.pets[0]!;
    const { user: actor } = renderApp(`/pet-details/${pet.name}/${pet.id}/lost-pet-tag`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lost-pet tag' })).toBeInTheDocument();

    await actor.click(await screen.findByRole('button', { name: 'Make a tag' }));
    expect(await screen.findByRole('link', { name: TAG.url! })).toHaveAttribute('href', TAG.url);
    expect(screen.getByRole('button', { name: 'Print tag sheet (PDF)' })).toBeInTheDocument();

    const shown = screen.getByRole('region', { name: 'What finders see' });
    await actor.click(within(shown).getByRole('switch', { name: /My phone number/ }));
    await waitFor(() => expect(api.callsTo('PUT', '/v1/pet/tag')).toHaveLength(1));
    expect(JSON.parse(api.callsTo('PUT', '/v1/pet/tag')[0]!.body!)).toEqual({ show_phone: false });

    const activity = screen.getByRole('region', { name: 'Activity' });
    expect(await within(activity).findByText('Found him at the park gate')).toBeInTheDocument();
    expect(within(activity).getByRole('link', { name: '0171 5555555' })).toHaveAttribute(
      'href',
      'tel:01715555555',
    );
    expect(within(activity).getByRole('link', { name: 'Show on map' })).toHaveAttribute(
      'href',
      expect.stringContaining('mlat=52.52&mlon=13.405'),
    );
    expect(within(activity).getByText(/Tag page · Chrome on Android/)).toBeInTheDocument();
  });

  it('asks before a new address retires the printed tags', async () => {
    const api = installFakeApi({
      routes: {
        'GET /v1/pet/tag': () => json(TAG),
        'POST /v1/pet/tag/regenerate': () =>
          json({ ...TAG, url: 'http://localhost/found/BBBBBBBBBBBBBBBBBBBBBB' }),
        'GET /v1/pet/tag/activity': () => json({ accesses: [], reports: [] }),
      },
    });
    const pet = makeUser().pets[0]!;
    const { user: actor } = renderApp(`/pet-details/${pet.name}/${pet.id}/lost-pet-tag`);
    await actor.click(await screen.findByRole('button', { name: 'New tag address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new tag address?' });
    expect(api.callsTo('POST', '/v1/pet/tag/regenerate')).toHaveLength(0);
    await actor.click(within(dialog).getByRole('button', { name: 'New tag address' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/pet/tag/regenerate')).toHaveLength(1));
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });

  // Issue 40.6: the upsell names the lost-pet tag, not the calendar, in both languages.
  it.each([
    ['de', /^Die Fundmarke gehört zu den kostenpflichtigen Paketen/, /Kalender/],
    ['en', /^The lost-pet tag is part of the paid plans/, /Calendar/],
  ] as const)(
    'on the free plan shows its own upsell (%s) and asks the server nothing',
    async (language, upsell, calendar) => {
      const api = installFakeApi({ user: makeUser({ product: makeProduct({ is_default: true }) }) });
      const pet = makeUser().pets[0]!;
      renderApp(`/pet-details/${pet.name}/${pet.id}/lost-pet-tag`, { language });
      const text = await screen.findByText(upsell);
      expect(text.closest('section')?.textContent).not.toMatch(calendar);
      expect(api.callsTo('GET', '/v1/pet/tag')).toHaveLength(0);
    },
  );
});
