import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Pet, PetSummary, UserInfo } from '@pet/contract';
import {
  apiError,
  installFakeApi,
  json,
  locationOf,
  makeProduct,
  makeUser,
  renderApp,
  type RecordedCall,
} from './helpers';

// The form screens are large for jsdom: give them time (lazy routes, pickers, typing).
vi.setConfig({ testTimeout: 60_000 });

beforeAll(() => {
  // The weight chart measures its box; jsdom has no layout.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

function makePet(overrides: Partial<Pet> = {}): Pet {
  return {
    id: 'pet-1',
    name: 'Bello',
    pet_type: 'Dog',
    gender: 'male',
    race: 'Beagle',
    date_of_birth: '03.04.2019',
    size: '40 cm',
    color: 'tricolour',
    features: 'white tail tip',
    labeling: '276098106543210',
    ancestry: 'VDH',
    weights: [
      { weight: 12.5, date: '01.03.2024' },
      { weight: 11.8, date: '01.01.2024' },
    ],
    image_url: null,
    ...overrides,
  };
}

const summaryOf = (pet: Pet): PetSummary => ({
  id: pet.id,
  name: pet.name,
  image_url: pet.image_url ?? null,
  type: pet.pet_type,
});

const bodyOf = (call: RecordedCall | undefined) =>
  JSON.parse(call?.body ?? 'null') as Record<string, unknown>;
const queryOf = (call: RecordedCall | undefined, name: string) =>
  new URL(call?.url ?? '', 'http://localhost').searchParams.get(name);

/** A server with pets that answers the pet calls like the real one (owner's pets only). */
function installPetApi(options: { user?: UserInfo; pets?: Pet[]; brand?: 'primepet' | 'hundeschutz' } = {}) {
  const pets = new Map((options.pets ?? []).map((pet) => [pet.id, pet]));
  const user = options.user ?? makeUser({ pets: [...pets.values()].map(summaryOf) });
  let nextId = 100;
  const api = installFakeApi({
    brand: options.brand,
    user,
    routes: {
      'GET /v1/pet': (call) => {
        const pet = pets.get(queryOf(call, 'pet_id') ?? '');
        return pet ? json(pet) : apiError(404, 'Not_Found_Text');
      },
      'POST /v1/pet': (call) => {
        const body = bodyOf(call);
        const pet = makePet({
          id: `pet-${nextId++}`,
          name: String(body.name).trim(),
          pet_type: body.pet_type as Pet['pet_type'],
          gender: (body.gender as Pet['gender']) ?? null,
          race: (body.race as string) ?? null,
          date_of_birth: (body.date_of_birth as string) ?? null,
          size: null,
          color: null,
          features: null,
          labeling: null,
          ancestry: null,
          weights: [],
        });
        pets.set(pet.id, pet);
        api.state.user = { ...api.state.user!, pets: [...pets.values()].map(summaryOf) };
        return json(pet, 201);
      },
      'PUT /v1/pet': (call) => {
        const id = queryOf(call, 'id') ?? '';
        const current = pets.get(id);
        if (!current) return apiError(404, 'Not_Found_Text');
        const pet = { ...current, ...(bodyOf(call) as Partial<Pet>) };
        pets.set(id, pet);
        return json(pet);
      },
      'DELETE /v1/pet': (call) => {
        const id = queryOf(call, 'id') ?? '';
        if (!pets.delete(id)) return apiError(404, 'Not_Found_Text');
        api.state.user = { ...api.state.user!, pets: [...pets.values()].map(summaryOf) };
        return json({ message: 'Pet deleted' });
      },
    },
  });
  return { ...api, pets };
}

/** Types a date into an MUI date picker by its label (the picker's hidden input takes the text). */
/** Types into a date field once its picker is there (the picker's code loads lazily). */
async function typeDate(label: string, text: string) {
  const group = await screen.findByRole('group', { name: label });
  const input = group.querySelector('input');
  if (!input) throw new Error(`no input in the date field ${label}`);
  fireEvent.change(input, { target: { value: text } });
}

/** Puts a text into an input as one paste (typing key by key is slow on a busy machine). */
async function fill(user: ReturnType<typeof renderApp>['user'], input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

async function chooseOption(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('pet list', () => {
  it('shows each pet as a link to its pet page, with a delete icon and the add entry', async () => {
    installPetApi({ pets: [makePet(), makePet({ id: 'pet-2', name: 'Minka', pet_type: 'Cat' })] });
    renderApp('/dashboard/my-pets');
    const list = await screen.findByRole('list', { name: 'Your pets' });
    expect(within(list).getByRole('link', { name: /Bello/ })).toHaveAttribute(
      'href',
      '/pet-details/Bello/pet-1',
    );
    expect(within(list).getByRole('link', { name: /Minka/ })).toHaveAttribute(
      'href',
      '/pet-details/Minka/pet-2',
    );
    expect(within(list).getByRole('button', { name: 'Delete Bello' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /Add pet/ })).toHaveAttribute('href', '/dashboard/new-pet');
    expect(screen.getByRole('heading', { level: 1, name: 'My pets' })).toBeInTheDocument();
  });

  it('deletes a pet only after confirmation, then refetches the user info', async () => {
    const api = installPetApi({
      pets: [makePet(), makePet({ id: 'pet-2', name: 'Minka', pet_type: 'Cat' })],
    });
    const { user } = renderApp('/pets');
    const list = await screen.findByRole('list', { name: 'Your pets' });
    await user.click(within(list).getByRole('button', { name: 'Delete Bello' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Bello?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/v1/pet')).toHaveLength(0);

    await user.click(await within(list).findByRole('button', { name: 'Delete Bello' }));
    const infoCalls = api.callsTo('GET', '/v1/auth/myinfo').length;
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/v1/pet')).toHaveLength(1));
    expect(queryOf(api.callsTo('DELETE', '/v1/pet')[0], 'id')).toBe('pet-1');
    await waitFor(() => expect(within(list).queryByRole('link', { name: /Bello/ })).not.toBeInTheDocument());
    expect(api.callsTo('GET', '/v1/auth/myinfo').length).toBeGreaterThan(infoCalls);
    expect(await screen.findByText('Bello has been deleted.')).toBeInTheDocument();
    // The sidebar follows the user info too (once the closing dialog no longer hides the page).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(within(nav).queryByRole('button', { name: 'Bello' })).not.toBeInTheDocument());
  });

  it('shows the empty state with the add action', async () => {
    installPetApi({ pets: [] });
    renderApp('/dashboard/my-pets');
    expect(await screen.findByRole('heading', { name: 'No pets yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add pet' })).toHaveAttribute('href', '/dashboard/new-pet');
  });

  it.each([
    [
      'free',
      makeProduct({ is_default: true, sequence: 0, pets_limit: 1 }),
      'primepet',
      'The free plan includes one pet',
      true,
    ],
    [
      'basic',
      makeProduct({ sequence: 1, pets_limit: 1 }),
      'primepet',
      'You have reached the number of pets of your plan',
      true,
    ],
    [
      'premium',
      makeProduct({ sequence: 2, pets_limit: 1, gps_tracking: true }),
      'primepet',
      'maximum number of pets of your premium plan',
      true,
    ],
    [
      'sequence 3',
      makeProduct({ sequence: 3, pets_limit: 1 }),
      'primepet',
      'You have reached the number of pets',
      false,
    ],
    [
      'dog brand',
      makeProduct({ sequence: 1, pets_limit: 1 }),
      'hundeschutz',
      'You have reached the number of pets',
      false,
    ],
  ] as const)(
    'replaces the add entry by the limit message on the %s plan',
    async (_name, product, brand, text, button) => {
      const pet = makePet();
      installPetApi({ brand, pets: [pet], user: makeUser({ product, pets: [summaryOf(pet)] }) });
      renderApp('/dashboard/my-pets');
      const message = await screen.findByTestId('pet-limit-message');
      expect(message).toHaveTextContent(text);
      expect(screen.queryByRole('link', { name: /Add pet/ })).not.toBeInTheDocument();
      const buy = within(message).queryByRole('link', { name: 'Buy subscription' });
      if (button) expect(buy).toHaveAttribute('href', '/my-account/subscription');
      else expect(buy).not.toBeInTheDocument();
    },
  );
});

describe('add pet', () => {
  it('requires name and species, trims the name, creates the pet and goes to /dashboard', async () => {
    const api = installPetApi({ pets: [] });
    const { user, router, i18n } = renderApp('/dashboard/new-pet');
    const save = await screen.findByRole('button', { name: 'Add pet' });
    await user.click(save);
    expect(await screen.findByText("Please enter your pet's name.")).toBeInTheDocument();
    // (Compared with the instance's text: a brand's wording, once applied, changes the shared texts.)
    const species = screen.getByRole('combobox', { name: /^Species/ });
    expect(species).toHaveAttribute('aria-invalid', 'true');
    expect(species).toHaveAccessibleDescription(i18n.t('Select_Pet_Text'));
    expect(api.callsTo('POST', '/v1/pet')).toHaveLength(0);

    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), '  Luna  ');
    await chooseOption(user, 'Species', 'Cat');
    await chooseOption(user, 'Gender', 'Female');
    await fill(user, screen.getByRole('textbox', { name: 'Breed' }), 'Maine Coon');
    await typeDate('Date of birth', '12.05.2020');
    await user.click(save);

    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
    expect(bodyOf(api.callsTo('POST', '/v1/pet')[0])).toEqual({
      name: 'Luna',
      pet_type: 'Cat',
      gender: 'female',
      race: 'Maine Coon',
      date_of_birth: '12.05.2020',
    });
    // Nothing beyond the create fields: no PUT.
    expect(api.callsTo('PUT', '/v1/pet')).toHaveLength(0);
    expect(await screen.findByText('Luna has been added.')).toBeInTheDocument();
  });

  it('sends the rest of the profile and the weights with a PUT after the create', async () => {
    const api = installPetApi({ pets: [] });
    const { user, router } = renderApp('/dashboard/new-pet');
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'Rex');
    await chooseOption(user, 'Species', 'Dog');
    await chooseOption(user, 'Size', '45 cm');
    await fill(user, screen.getByRole('textbox', { name: 'Colour' }), 'black');
    await fill(user, screen.getByRole('textbox', { name: 'Labelling (chip ID)' }), '276 0981');
    await typeDate('Date of weighing', '02.02.2024');
    await fill(user, screen.getByRole('textbox', { name: 'Weight' }), '30,5');
    await user.click(screen.getByRole('button', { name: 'Add weight' }));
    await user.click(screen.getByRole('button', { name: 'Add pet' }));

    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
    const put = api.callsTo('PUT', '/v1/pet')[0];
    expect(queryOf(put, 'id')).toBe('pet-100');
    expect(bodyOf(put)).toMatchObject({
      name: 'Rex',
      pet_type: 'Dog',
      size: '45 cm',
      color: 'black',
      labeling: '276 0981',
      weights: [{ weight: 30.5, date: '02.02.2024' }],
    });
  });

  it('forces the species Dog in the dog brand', async () => {
    const api = installPetApi({ pets: [], brand: 'hundeschutz' });
    const { user, router } = renderApp('/dashboard/new-pet');
    const species = await screen.findByRole('combobox', { name: /^Species/ });
    expect(species).toHaveAttribute('aria-disabled', 'true');
    expect(species).toHaveTextContent('Dog');
    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), 'Bruno');
    await user.click(screen.getByRole('button', { name: 'Add pet' }));
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
    expect(bodyOf(api.callsTo('POST', '/v1/pet')[0])).toMatchObject({ name: 'Bruno', pet_type: 'Dog' });
  });

  it("shows the plan's limit message instead of the form at the limit", async () => {
    const pet = makePet();
    installPetApi({
      pets: [pet],
      user: makeUser({
        product: makeProduct({ is_default: true, sequence: 0, pets_limit: 1 }),
        pets: [summaryOf(pet)],
      }),
    });
    renderApp('/dashboard/new-pet');
    expect(await screen.findByTestId('pet-limit-message')).toHaveTextContent(
      'The free plan includes one pet',
    );
    expect(screen.queryByRole('textbox', { name: /^Name/ })).not.toBeInTheDocument();
  });

  it('shows the limit message the server answers (a pet added meanwhile elsewhere)', async () => {
    const api = installFakeApi({
      user: makeUser({ pets: [] }),
      routes: { 'POST /v1/pet': () => apiError(500, 'Basic_Pet_Limit_Reached_Message') },
    });
    const { user, router } = renderApp('/dashboard/new-pet');
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'Rex');
    await chooseOption(user, 'Species', 'Dog');
    await user.click(screen.getByRole('button', { name: 'Add pet' }));
    expect(await screen.findByTestId('pet-limit-message')).toHaveTextContent(
      'You have reached the number of pets of your plan',
    );
    expect(locationOf(router)).toBe('/dashboard/new-pet');
    expect(api.callsTo('POST', '/v1/pet')).toHaveLength(1);
  });

  it('disables Save while the create is in flight', async () => {
    let release: () => void = () => undefined;
    const api = installFakeApi({
      user: makeUser({ pets: [] }),
      routes: {
        'POST /v1/pet': () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(json(makePet({ id: 'pet-9', name: 'Rex', weights: [] }), 201));
          }),
      },
    });
    const { user, router } = renderApp('/dashboard/new-pet');
    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'Rex');
    await chooseOption(user, 'Species', 'Dog');
    await user.click(screen.getByRole('button', { name: 'Add pet' }));
    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect(saving).toBeDisabled();
    expect(api.callsTo('POST', '/v1/pet')).toHaveLength(1);
    release();
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
  });
});

describe('weights', () => {
  it('shows every weight error of section 5 at the add button', async () => {
    const api = installPetApi({ pets: [makePet({ weights: [] })] });
    const { user } = renderApp('/pet-details/Bello/pet-1/my-pet');
    const add = await screen.findByRole('button', { name: 'Add weight' });
    const weight = screen.getByRole('textbox', { name: 'Weight' });

    // Both empty: both errors.
    await user.click(add);
    expect(screen.getByText('Please enter the date of the weighing.')).toBeInTheDocument();
    expect(screen.getByText('Please enter the weight.')).toBeInTheDocument();

    // Weight without a date: the date error only.
    await fill(user, weight, '12');
    await user.click(add);
    expect(screen.getByText('Please enter the date of the weighing.')).toBeInTheDocument();
    expect(screen.queryByText('Please enter the weight.')).not.toBeInTheDocument();

    // Date without a weight: the weight error only.
    await user.clear(weight);
    await typeDate('Date of weighing', '05.05.2024');
    await user.click(add);
    expect(screen.getByText('Please enter the weight.')).toBeInTheDocument();
    expect(screen.queryByText('Please enter the date of the weighing.')).not.toBeInTheDocument();

    // A negative weight.
    await fill(user, weight, '-3');
    await user.click(add);
    expect(screen.getByText('The weight cannot be negative.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/v1/pet')).toHaveLength(0);
  });

  it('blocks saving a half entry with Weight_Response_Ignored_Text', async () => {
    const api = installPetApi({ pets: [makePet()] });
    const { user } = renderApp('/pet-details/Bello/pet-1/my-pet');
    await fill(user, await screen.findByRole('textbox', { name: 'Weight' }), '13');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('weight-entry-error')).toHaveTextContent(
      'Please add the weight entry or clear it before saving.',
    );
    expect(api.callsTo('PUT', '/v1/pet')).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: 'Weight' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/v1/pet')).toHaveLength(1));
  });

  it('adds entries newest first and removes one only after confirmation', async () => {
    const api = installPetApi({ pets: [makePet()] });
    const { user } = renderApp('/pet-details/Bello/pet-1/my-pet');
    const list = await screen.findByRole('region', { name: 'Weight history' });
    await typeDate('Date of weighing', '15.02.2024');
    await fill(user, screen.getByRole('textbox', { name: 'Weight' }), '12.1');
    await user.click(screen.getByRole('button', { name: 'Add weight' }));
    const dates = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(dates()).toEqual(['12.5 kg01.03.2024', '12.1 kg15.02.2024', '11.8 kg01.01.2024']);

    await user.click(within(list).getByRole('button', { name: 'Remove 12.5 kg of 01.03.2024' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove weight entry?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dates()).toHaveLength(3);
    await user.click(await within(list).findByRole('button', { name: 'Remove 12.5 kg of 01.03.2024' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dates()).toEqual(['12.1 kg15.02.2024', '11.8 kg01.01.2024']);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/v1/pet')).toHaveLength(1));
    expect(bodyOf(api.callsTo('PUT', '/v1/pet')[0]).weights).toEqual([
      { weight: 12.1, date: '15.02.2024' },
      { weight: 11.8, date: '01.01.2024' },
    ]);
    expect(await screen.findByText('Saved successfully.')).toBeInTheDocument();
  });

  it('caps the weight list at 250 px and shows the chart', async () => {
    installPetApi({ pets: [makePet()] });
    renderApp('/pet-details/Bello/pet-1/my-pet');
    const list = await screen.findByRole('region', { name: 'Weight history' });
    expect(getComputedStyle(list).maxHeight).toBe('250px');
    expect(getComputedStyle(list).overflowY).toBe('auto');
    expect(await screen.findByTestId('weight-chart')).toBeInTheDocument();
  });
});

describe('my animal', () => {
  it('loads every field of the pet and saves the edited profile', async () => {
    const api = installPetApi({ pets: [makePet()] });
    const { user, router } = renderApp('/pet-details/Bello/pet-1/my-pet', { language: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mein Tier' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Bello');
    expect(screen.getByRole('textbox', { name: 'Rasse' })).toHaveValue('Beagle');
    expect(screen.getByRole('combobox', { name: /^Größe/ })).toHaveTextContent('40 cm');
    expect(screen.getByRole('combobox', { name: /^Geschlecht/ })).toHaveTextContent('Männlich');
    expect(screen.getByRole('textbox', { name: 'Kennzeichnung (Chip-ID)' })).toHaveValue('276098106543210');
    expect(screen.getByRole('textbox', { name: 'Abstammung' })).toHaveValue('VDH');
    expect(screen.getByRole('textbox', { name: 'Besondere Merkmale' })).toHaveValue('white tail tip');

    await user.clear(name);
    await fill(user, name, 'Balu');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.callsTo('PUT', '/v1/pet')).toHaveLength(1));
    expect(bodyOf(api.callsTo('PUT', '/v1/pet')[0])).toMatchObject({
      name: 'Balu',
      pet_type: 'Dog',
      gender: 'male',
      race: 'Beagle',
      date_of_birth: '03.04.2019',
      size: '40 cm',
      color: 'tricolour',
      features: 'white tail tip',
      labeling: '276098106543210',
      ancestry: 'VDH',
    });
    // The new name is part of the address.
    await waitFor(() => expect(locationOf(router)).toBe('/pet-details/Balu/pet-1/my-pet'));
    expect(await screen.findByText('Erfolgreich gespeichert.')).toBeInTheDocument();
  });

  it('says so when the pet is not the user’s', async () => {
    installPetApi({ pets: [] });
    renderApp('/pet-details/Bello/other/my-pet');
    expect(await screen.findByRole('heading', { name: 'Pet not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my pets' })).toHaveAttribute('href', '/dashboard/my-pets');
  });
});

describe('pet dashboard', () => {
  it('shows the default icon and the eight tiles with their exact targets', async () => {
    installPetApi({ pets: [makePet()] });
    renderApp('/pet-details/Bello/pet-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bello' })).toBeInTheDocument();
    expect(screen.getByTestId('pet-default-icon')).toBeInTheDocument();
    const tiles = screen.getByRole('list', { name: 'Everything about Bello' });
    expect(
      within(tiles)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/pet-details/Bello/pet-1/my-pet',
      '/pet-details/Bello/pet-1/contacts',
      '/pet-details/Bello/pet-1/medical-data',
      '/pet-details/Bello/pet-1/vet-findings',
      '/pet-details/Bello/pet-1/document-safe',
      '/pet-details/Bello/pet-1/appointments',
      '/emergency-data',
      '/my-account/profile',
    ]);
    expect(await screen.findByText('Born 03.04.2019')).toBeInTheDocument();
  });

  it('shows the pet photo when it has one', async () => {
    const pet = makePet({ image_url: '/v1/files/photo.jpg' });
    installPetApi({ pets: [pet] });
    renderApp('/pet-details/Bello/pet-1');
    await screen.findByRole('heading', { level: 1, name: 'Bello' });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('img', { name: 'Photo of Bello' })).toHaveAttribute(
      'src',
      '/v1/files/photo.jpg',
    );
  });
});
