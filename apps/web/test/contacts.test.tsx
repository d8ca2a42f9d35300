import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_TYPES,
  COUNTRY_LIST_SORT_THRESHOLD,
  EXPAND_ANIMATION_MS,
  type Contact,
  type Pet,
} from '@pet/contract';
import { translations } from '@/lib/i18n';
import { COUNTRY_CODES, countryName, countryOptions } from '@/lib/countries';
import { groupContactsByType } from '@/features/contacts/contact-types';
import { apiError, installFakeApi, json, type RecordedCall } from './helpers';
import { renderApp } from './helpers';

// Lazy route chunks and MUI take a while to load in jsdom on a busy machine.

const PATH = '/pet-details/Bello/pet-1/contacts';

const PET: Pet = {
  id: 'pet-1',
  name: 'Bello',
  pet_type: 'Dog',
  gender: 'male',
  race: 'Labrador',
  date_of_birth: null,
  size: null,
  color: null,
  ancestry: null,
  labeling: null,
  features: null,
  weights: [],
  image_url: null,
};

function contact(overrides: Partial<Contact>): Contact {
  return {
    id: 'c-1',
    pet_id: 'pet-1',
    user_id: 'user-1',
    title: null,
    name: 'Anna Weber',
    address: null,
    zip: null,
    city: null,
    country: null,
    phone: '030 123',
    email: null,
    contact_type: 'Vet',
    doctor_since: null,
    ...overrides,
  };
}

/** The fake contacts API: a list in memory, every call recorded. */
function installContactsApi(initial: Contact[] = [], options: { delayCreate?: Promise<void> } = {}) {
  let list = [...initial];
  const bodyOf = (call: RecordedCall) => JSON.parse(call.body ?? '{}') as Record<string, unknown>;
  const fake = installFakeApi({
    routes: {
      'GET /v1/pet': () => json(PET),
      'GET /v1/contact/mycontacts': () => json(list),
      'POST /v1/contact': async (call) => {
        await options.delayCreate;
        const created = contact({ ...bodyOf(call), id: `c-${list.length + 1}` } as Partial<Contact>);
        list = [...list, created];
        return json(created, 201);
      },
      'PUT /v1/contact': (call) => {
        const id = new URL(call.url, 'http://localhost').searchParams.get('contact_id');
        const updated = contact({ ...bodyOf(call), id: id ?? '' } as Partial<Contact>);
        list = list.map((item) => (item.id === id ? updated : item));
        return json(updated);
      },
      'DELETE /v1/contact': (call) => {
        const id = new URL(call.url, 'http://localhost').searchParams.get('contact_id');
        list = list.filter((item) => item.id !== id);
        return json({ message: 'Contact deleted' });
      },
    },
  });
  return { ...fake, bodyOf };
}

/** The labelled text field (required ones carry an asterisk in their label). */
const field = (scope: HTMLElement, label: string) =>
  within(scope).getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) });

describe('contacts page', () => {
  it('shows the pet header and, without contacts, the open add form', async () => {
    installContactsApi();
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contacts' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Bello' })).toHaveTextContent('Dog · Labrador');
    expect(await screen.findByText(/You have not added any contacts for Bello yet/)).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'New contact' })).toBeInTheDocument();
  });

  it('groups contacts into one accordion per type: built-in types first, then own types', async () => {
    installContactsApi([
      contact({ id: 'c-1', name: 'Lena Berg', contact_type: 'Physiotherapist' }),
      contact({ id: 'c-2', name: 'Anna Weber', contact_type: 'Vet', doctor_since: '01.03.2020' }),
      contact({ id: 'c-3', name: 'Max Halter', contact_type: 'Holder' }),
      contact({ id: 'c-4', name: 'Olga Dog', contact_type: 'Dog walker' }),
    ]);
    const { user } = renderApp(PATH);
    await screen.findByRole('button', { name: /^Owners/ });
    const headers = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent?.replace(/\d+$/, '').trim());
    expect(headers).toEqual([
      'Owners',
      'Vets',
      'Dog walker',
      'Physiotherapist',
      'Add a new contactVet, breeder, groomer or a contact type of your own',
    ]);
    // Collapsed until opened; the vet card shows Doctor Since.
    expect(screen.queryByRole('article', { name: 'Anna Weber' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Vets/ }));
    const card = await screen.findByRole('article', { name: 'Anna Weber' });
    expect(card).toHaveTextContent('Doctor since 01.03.2020');
  });

  it('checks name, phone and contact type on save and the e-mail format on blur', async () => {
    const api = installContactsApi();
    const { user } = renderApp(PATH);
    const form = await screen.findByRole('form', { name: 'New contact' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Please enter a name.')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a phone number.')).toBeInTheDocument();
    expect(within(form).getByText('Please choose a contact type.')).toBeInTheDocument();

    await user.type(field(form, 'E-mail'), 'anna@');
    await user.tab();
    expect(await within(form).findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    await user.clear(field(form, 'E-mail'));
    await user.type(field(form, 'E-mail'), '  anna@vet.example  ');
    await user.tab();
    await waitFor(() =>
      expect(within(form).queryByText('Please enter a valid e-mail address.')).not.toBeInTheDocument(),
    );
    expect(api.callsTo('POST', '/v1/contact')).toHaveLength(0);
  });

  it('adds a vet: the Doctor Since date shows for vets only; the e-mail is sent trimmed', async () => {
    let release: () => void = () => undefined;
    const delayCreate = new Promise<void>((resolve) => (release = resolve));
    const api = installContactsApi([], { delayCreate });
    const { user } = renderApp(PATH);
    const form = await screen.findByRole('form', { name: 'New contact' });
    expect(within(form).queryByRole('group', { name: 'Doctor since' })).not.toBeInTheDocument();

    await user.click(within(form).getByRole('combobox', { name: /Contact type/ }));
    await user.click(await screen.findByRole('option', { name: 'Vet' }));
    expect(await within(form).findByRole('group', { name: 'Doctor since' })).toBeInTheDocument();
    await user.type(field(form, 'Name'), 'Anna Weber');
    await user.type(field(form, 'Phone'), '030 123');
    await user.type(field(form, 'E-mail'), ' anna@vet.example ');
    await user.click(within(form).getByRole('combobox', { name: 'Country' }));
    await user.type(within(form).getByRole('combobox', { name: 'Country' }), 'Austr');
    await user.click(await screen.findByRole('option', { name: 'Austria' }));

    const save = within(form).getByRole('button', { name: 'Save' });
    await user.click(save);
    // While the call runs the button is disabled.
    await waitFor(() => expect(save).toBeDisabled());
    release();
    await screen.findByRole('article', { name: 'Anna Weber' });
    const [post] = api.callsTo('POST', '/v1/contact');
    expect(post?.url).toContain('pet_id=pet-1');
    expect(api.bodyOf(post!)).toMatchObject({
      name: 'Anna Weber',
      phone: '030 123',
      email: 'anna@vet.example',
      contact_type: 'Vet',
      country: 'AT',
      doctor_since: null,
    });
  });

  it('adds a contact of an own type typed into the form', async () => {
    const api = installContactsApi();
    const { user } = renderApp(PATH);
    const form = await screen.findByRole('form', { name: 'New contact' });
    await user.click(within(form).getByRole('combobox', { name: /Contact type/ }));
    await user.click(await screen.findByRole('option', { name: 'Other type …' }));
    await user.type(
      await within(form).findByRole('textbox', { name: /Name of the contact type/ }),
      'Physiotherapist',
    );
    await user.type(field(form, 'Name'), 'Lena Berg');
    await user.type(field(form, 'Phone'), '0171 555');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: /^Physiotherapist/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(api.bodyOf(api.callsTo('POST', '/v1/contact')[0]!)).toMatchObject({
      contact_type: 'Physiotherapist',
      doctor_since: null,
    });
  });

  it('edits a vet in its accordion and keeps Doctor Since as doctor_since', async () => {
    const api = installContactsApi([
      contact({
        id: 'c-7',
        name: 'Anna Weber',
        contact_type: 'Vet',
        doctor_since: '01.03.2020',
        country: 'DE',
      }),
    ]);
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: /^Vets/ }));
    // The accordion unfolds in the spec's 250 ms.
    const card = await screen.findByRole('article', { name: 'Anna Weber' });
    expect(card.closest<HTMLElement>('.MuiCollapse-root')?.style.transitionDuration).toBe(
      `${EXPAND_ANIMATION_MS}ms`,
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Anna Weber' }));
    const form = await screen.findByRole('form', { name: 'Edit contact' });
    expect(field(form, 'Name')).toHaveValue('Anna Weber');
    expect(within(form).getByRole('combobox', { name: 'Country' })).toHaveValue('Germany');
    await user.clear(field(form, 'Phone'));
    await user.type(field(form, 'Phone'), '030 999');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit contact' })).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: 'Anna Weber' })).toHaveTextContent('030 999');
    const [put] = api.callsTo('PUT', '/v1/contact');
    expect(put?.url).toContain('contact_id=c-7');
    expect(api.bodyOf(put!)).toMatchObject({ phone: '030 999', doctor_since: '01.03.2020', country: 'DE' });
  });

  it('shows a field error the server names', async () => {
    installFakeApi({
      routes: {
        'GET /v1/pet': () => json(PET),
        'GET /v1/contact/mycontacts': () => json([]),
        'POST /v1/contact': () =>
          json(
            { statusCode: 400, error: 'Bad Request', message: 'x', key: 'Phone_Error', field: 'phone' },
            400,
          ),
      },
    });
    const { user } = renderApp(PATH);
    const form = await screen.findByRole('form', { name: 'New contact' });
    await user.click(within(form).getByRole('combobox', { name: /Contact type/ }));
    await user.click(await screen.findByRole('option', { name: 'Groomer' }));
    await user.type(field(form, 'Name'), 'Susi');
    await user.type(field(form, 'Phone'), '1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Please enter a phone number.')).toBeInTheDocument();
  });

  it('replaces the German "service is not free" message with Free_Service_Text and a link to the plans', async () => {
    installFakeApi({
      routes: {
        'GET /v1/pet': () => json(PET),
        'GET /v1/contact/mycontacts': () => json([]),
        'POST /v1/contact': () => json({ message: 'Dieser Service ist nicht kostenlos.' }, 500),
      },
    });
    const { user } = renderApp(PATH);
    const form = await screen.findByRole('form', { name: 'New contact' });
    await user.click(within(form).getByRole('combobox', { name: /Contact type/ }));
    await user.click(await screen.findByRole('option', { name: 'Groomer' }));
    await user.type(field(form, 'Name'), 'Susi');
    await user.type(field(form, 'Phone'), '0301234');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await screen.findByText('This service is part of our paid plans.');
    expect(screen.queryByText(/nicht kostenlos/)).not.toBeInTheDocument();
    const snackbar = alert.closest('[role="alert"]') as HTMLElement;
    expect(within(snackbar).getByRole('link', { name: 'View plans' })).toHaveAttribute(
      'href',
      '/my-account/subscription',
    );
  });

  it('deletes a contact only after confirmation', async () => {
    const api = installContactsApi([contact({ id: 'c-9', name: 'Max Halter', contact_type: 'Holder' })]);
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: /^Owners/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete Max Halter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Max Halter?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/v1/contact')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Max Halter' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Owners/ })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/v1/contact')[0]?.url).toContain('contact_id=c-9');
    expect(await screen.findByText('The contact has been deleted.')).toBeInTheDocument();
  });

  it('shows a not-found state for a pet that is not the user’s', async () => {
    installFakeApi({
      routes: {
        'GET /v1/pet': () => apiError(404, 'Not_Found_Text'),
        'GET /v1/contact/mycontacts': () => apiError(404, 'Not_Found_Text'),
      },
    });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'Pet not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my pets' })).toHaveAttribute('href', '/dashboard/my-pets');
  });

  it('is German in German', async () => {
    installContactsApi([contact({ contact_type: 'CareTaker', name: 'Olga' })]);
    renderApp(PATH, { language: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kontakte' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Betreuer/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Neuen Kontakt hinzufügen/ })).toBeInTheDocument();
  });
});

describe('country select', () => {
  it('offers every ISO 3166-1 alpha-2 code once', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });

  it('sorts a long list by the translated names, per language', () => {
    for (const language of ['de', 'en']) {
      const names = countryOptions(language).map((option) => option.name);
      const collator = new Intl.Collator(language, { sensitivity: 'base' });
      expect(names).toEqual([...names].sort(collator.compare));
    }
    const german = countryOptions('de');
    const english = countryOptions('en');
    expect(german.find((option) => option.code === 'DE')?.name).toBe('Deutschland');
    expect(english.find((option) => option.code === 'DE')?.name).toBe('Germany');
    // Ägypten sorts with A in German.
    expect(german.findIndex((option) => option.code === 'EG')).toBeLessThan(
      german.findIndex((option) => option.code === 'AL'),
    );
    expect(countryName('AT', 'de')).toBe('Österreich');
  });

  it('keeps a list of up to 100 entries in its given order', () => {
    const codes = COUNTRY_CODES.slice(0, COUNTRY_LIST_SORT_THRESHOLD).reverse();
    expect(countryOptions('en', codes).map((option) => option.code)).toEqual(codes);
    const longer = COUNTRY_CODES.slice(0, COUNTRY_LIST_SORT_THRESHOLD + 1).reverse();
    expect(countryOptions('en', longer).map((option) => option.code)).not.toEqual(longer);
  });
});

describe('contact types', () => {
  it('group built-in types in their fixed order and own types alphabetically', () => {
    const groups = groupContactsByType(
      [
        contact({ id: '1', contact_type: 'Zoo' }),
        contact({ id: '2', contact_type: 'Trainer' }),
        contact({ id: '3', contact_type: 'Holder' }),
        contact({ id: '4', contact_type: 'ärztin' }),
        contact({ id: '5', contact_type: 'Holder' }),
      ],
      'de',
    );
    expect(groups.map((group) => [group.type, group.contacts.length])).toEqual([
      ['Holder', 2],
      ['Trainer', 1],
      ['ärztin', 1],
      ['Zoo', 1],
    ]);
  });

  it('have a label and a group heading in both languages', () => {
    for (const tree of [translations.en, translations.de]) {
      const contacts = tree.contacts as Record<string, Record<string, string>>;
      for (const type of CONTACT_TYPES) {
        expect(contacts.type?.[type]).toBeTruthy();
        expect(contacts.group?.[type]).toBeTruthy();
      }
    }
  });
});
