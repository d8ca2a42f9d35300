import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  MEDICAL_CATEGORIES,
  MEDICAL_TYPES,
  PET_LIST_EXPAND_ANIMATION_MS,
  SURGERY_TYPES,
  TAKING_SCHEDULE,
  YES_NO,
  type BrandId,
  type MedicalListItem,
  type MedicalType,
  type Pet,
} from '@pet/contract';
import { translations } from '@/lib/i18n';
import { MEDICAL_LAYOUT } from '@/features/medical/components/MedicalForm';
import {
  emptyMedicalForm,
  fieldsOf,
  medicalBody,
  medicalFormSchema,
  sortMedicalItems,
} from '@/features/medical/medical-form';
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

// Lazy route chunks, MUI and the date pickers take a while to load in jsdom on a busy machine.

const BASE = '/pet-details/Bello/pet-1/medical-data';

const PET: Pet = {
  id: 'pet-1',
  name: 'Bello',
  pet_type: 'Dog',
  gender: 'male',
  race: null,
  date_of_birth: null,
  size: null,
  color: null,
  ancestry: null,
  labeling: null,
  features: null,
  weights: [],
  image_url: null,
};

function item(type: MedicalType, overrides: Partial<MedicalListItem> = {}): MedicalListItem {
  return {
    id: `${type}-1`,
    pet_id: 'pet-1',
    user_id: 'user-1',
    job_id: null,
    created_at: '2024-05-01T10:00:00.000Z',
    medical_name: `${type} name`,
    medical_date: null,
    medical_medical_type: type,
    known_since: null,
    still_acute: null,
    executing_person: null,
    executing_organization: null,
    comments: null,
    surgery_type: null,
    manufacturer: null,
    prescription: null,
    in_use: null,
    taking_schedule: null,
    reason: null,
    dosage: null,
    taking_from: null,
    taking_to: null,
    pharma_central_number: null,
    ...overrides,
  };
}

/** A record as POST and PUT answer it, built from the body that was sent. */
function recordFrom(type: MedicalType, body: Record<string, unknown>, id: string) {
  const {
    medical_name: _name,
    medical_date: _date,
    medical_medical_type: _type,
    ...fields
  } = item(type, { id });
  return { ...fields, ...body, medical_type: type, name: body.name, date: body.date ?? null };
}

function installMedicalApi(
  initial: MedicalListItem[] = [],
  options: { brand?: BrandId; medical?: boolean; createAnswer?: () => Response } = {},
) {
  let list = [...initial];
  const bodyOf = (call: RecordedCall) => JSON.parse(call.body ?? '{}') as Record<string, unknown>;
  const routes: Record<string, (call: RecordedCall) => Response> = {
    'GET /v1/pet': () => json(PET),
    'GET /v1/medical/mypetmedicals': () => json(list),
    'DELETE /v1/medical': (call) => {
      const id = new URL(call.url, 'http://localhost').searchParams.get('med_id');
      list = list.filter((entry) => entry.id !== id);
      return json({ message: 'Medical record deleted' });
    },
  };
  for (const type of MEDICAL_TYPES) {
    routes[`POST /v1/medical/${type}`] = (call) => {
      if (options.createAnswer) return options.createAnswer();
      const record = recordFrom(type, bodyOf(call), `${type}-new`);
      list = [
        ...list,
        item(type, {
          ...record,
          id: `${type}-new`,
          medical_name: String(record.name),
        } as Partial<MedicalListItem>),
      ];
      return json(record, 201);
    };
    routes[`PUT /v1/medical/${type}`] = (call) => {
      const id = new URL(call.url, 'http://localhost').searchParams.get('med_id') ?? '';
      const record = recordFrom(type, bodyOf(call), id);
      list = list.map((entry) =>
        entry.id === id
          ? item(type, {
              ...record,
              medical_name: String(record.name),
              medical_date: (record.date as string | null) ?? null,
            } as Partial<MedicalListItem>)
          : entry,
      );
      return json(record);
    };
  }
  const user = makeUser({ product: makeProduct({ medical: options.medical ?? true }) });
  const fake = installFakeApi({ brand: options.brand, user, routes });
  return { ...fake, bodyOf };
}

const textField = (scope: HTMLElement, label: string) =>
  within(scope).getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) });

describe('medical data pages', () => {
  it('shows the four categories with their counts, each linking to its list', async () => {
    installMedicalApi([
      item('allergy', { id: 'a1' }),
      item('allergy', { id: 'a2' }),
      item('medication', { id: 'm1' }),
    ]);
    renderApp(BASE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Medical data' })).toBeInTheDocument();
    const allergies = await screen.findByRole('link', { name: /^Allergies 2 entries/ });
    expect(allergies).toHaveAttribute('href', `${BASE}/allergies`);
    expect(screen.getByRole('link', { name: /^Diseases 0 entries/ })).toHaveAttribute(
      'href',
      `${BASE}/diseases`,
    );
    expect(screen.getByRole('link', { name: /^Medical interventions 0 entries/ })).toHaveAttribute(
      'href',
      `${BASE}/medicalinterventions`,
    );
    expect(screen.getByRole('link', { name: /^Medication 1 entry/ })).toHaveAttribute(
      'href',
      `${BASE}/medications`,
    );
  });

  it('shows an empty list with the big plus button, the empty text and the emergency text', async () => {
    installMedicalApi([item('disease')]);
    renderApp(`${BASE}/allergies`);
    expect(await screen.findByRole('link', { name: 'Add allergy' })).toHaveAttribute(
      'href',
      `${BASE}/allergies/add-allergy`,
    );
    expect(screen.getByText('No entries yet. Add the first one with the plus button.')).toBeInTheDocument();
    expect(screen.getByText(/also appear in your pet's emergency file/)).toBeInTheDocument();
  });

  it("uses the dog brand's own empty text", async () => {
    installMedicalApi([], { brand: 'hundeschutz' });
    renderApp(`${BASE}/diseases`, { language: 'de' });
    expect(
      await screen.findByText(
        'Für Ihren Hund gibt es noch keine Einträge. Legen Sie den ersten mit dem Plus an.',
      ),
    ).toBeInTheDocument();
  });

  it('lists the records of its kind with name and date, newest first', async () => {
    installMedicalApi([
      item('medication', { id: 'm1', medical_name: 'Old pill', medical_date: '01.01.2023' }),
      item('allergy', { id: 'a1', medical_name: 'Pollen' }),
      item('medication', { id: 'm2', medical_name: 'New pill', medical_date: '02.02.2024', in_use: 'Yes' }),
      item('medication', { id: 'm3', medical_name: 'Undated pill' }),
    ]);
    renderApp(`${BASE}/medications`);
    await screen.findByRole('button', { name: /New pill/ });
    const rows = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(rows).toEqual([
      'New pillIn useDate: 02.02.2024',
      'Old pillDate: 01.01.2023',
      'Undated pillNo date',
    ]);
    expect(screen.queryByText('Pollen')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add medication' })).toHaveAttribute(
      'href',
      `${BASE}/medications/add-medication`,
    );
  });

  it('requires the name and counts the comment characters as they are typed', async () => {
    const api = installMedicalApi();
    const { user } = renderApp(`${BASE}/allergies/add-allergy`);
    const form = await screen.findByRole('form', { name: 'New entry' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Please enter a name.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/medical/allergy')).toHaveLength(0);

    expect(within(form).getByText('0/100')).toBeInTheDocument();
    await user.type(textField(form, 'Comments'), 'Sneezes');
    expect(within(form).getByText('7/100')).toBeInTheDocument();
    expect(textField(form, 'Comments')).toHaveAttribute('maxlength', '100');
  });

  it('adds an allergy with its fields only and goes to the allergy list', async () => {
    const api = installMedicalApi();
    const { user, router } = renderApp(`${BASE}/allergies/add-allergy`);
    const form = await screen.findByRole('form', { name: 'New entry' });
    // The allergy's fields, and none of the other kinds'.
    expect(within(form).getByRole('group', { name: 'Diagnosed on' })).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'Known since' })).toBeInTheDocument();
    expect(within(form).queryByRole('textbox', { name: 'Dosage' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('textbox', { name: 'Practice or clinic' })).not.toBeInTheDocument();

    await user.type(textField(form, 'Allergy'), '  Pollen ');
    await user.type(textField(form, 'Diagnosed by'), 'Dr. Weber');
    await user.click(
      within(within(form).getByRole('group', { name: 'Still acute' })).getByRole('button', { name: 'Yes' }),
    );
    await user.type(textField(form, 'Comments'), 'Spring');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(locationOf(router)).toBe(`${BASE}/allergies`));
    const [post] = api.callsTo('POST', '/v1/medical/allergy');
    expect(post?.url).toContain('pet_id=pet-1');
    expect(api.bodyOf(post!)).toEqual({
      name: 'Pollen',
      known_since: null,
      still_acute: 'Yes',
      executing_person: 'Dr. Weber',
      comments: 'Spring',
      date: null,
      medical_type: 'allergy',
    });
    expect(await screen.findByRole('button', { name: /Pollen/ })).toBeInTheDocument();
  });

  it('adds a medication with its schedule, prescription and use', async () => {
    const api = installMedicalApi();
    const { user } = renderApp(`${BASE}/medications/add-medication`);
    const form = await screen.findByRole('form', { name: 'New entry' });
    await user.type(textField(form, 'Medication'), 'Carprofen');
    await user.type(textField(form, 'Manufacturer'), 'Zoetis');
    await user.type(textField(form, 'Reason'), 'Joint pain');
    await user.type(textField(form, 'Dosage'), '50 mg');
    await user.type(textField(form, 'Pharmaceutical central number \\(PZN\\)'), '0123');
    await user.click(within(form).getByRole('checkbox', { name: 'Evenings' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Mornings' }));
    for (const group of ['Prescription only', 'Currently given']) {
      await user.click(
        within(within(form).getByRole('group', { name: group })).getByRole('button', { name: 'Yes' }),
      );
    }
    const acute = within(within(form).getByRole('group', { name: 'Still acute' })).getByRole('button', {
      name: 'No',
    });
    await user.click(acute);
    expect(acute).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/medical/medication')).toHaveLength(1));
    const body = api.bodyOf(api.callsTo('POST', '/v1/medical/medication')[0]!);
    expect(body).toMatchObject({
      name: 'Carprofen',
      manufacturer: 'Zoetis',
      reason: 'Joint pain',
      dosage: '50 mg',
      pharma_central_number: '0123',
      taking_schedule: ['Mornings', 'Evenings'],
      prescription: 'Yes',
      in_use: 'Yes',
      still_acute: 'No',
    });
    expect(body).not.toHaveProperty('medical_type');
    expect(body).not.toHaveProperty('known_since');
  });

  it('shows the free-plan prompt instead of the form on a plan without medical data', async () => {
    const api = installMedicalApi([], { medical: false });
    renderApp(`${BASE}/diseases/add-disease`);
    expect(
      await screen.findByRole('heading', { name: 'Adding medical data is part of our paid plans.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Activate now' })).toHaveAttribute(
      'href',
      '/my-account/subscription',
    );
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute(
      'href',
      `${BASE}/diseases`,
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/medical/disease')).toHaveLength(0);
  });

  it("shows the server's refusal with its key and the way to a paid plan", async () => {
    installMedicalApi([], { createAnswer: () => apiError(500, 'Medical_Not_Allowed_Text', 'not allowed') });
    const { user, router } = renderApp(`${BASE}/medicalinterventions/add-medicalintervention`);
    const form = await screen.findByRole('form', { name: 'New entry' });
    await user.type(textField(form, 'Intervention'), 'Hip');
    await user.click(
      within(within(form).getByRole('group', { name: 'Type of intervention' })).getByRole('button', {
        name: 'Implant',
      }),
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Adding medical data is part of our paid plans.');
    expect(within(alert).getByRole('link', { name: 'Activate now' })).toHaveAttribute(
      'href',
      '/my-account/subscription',
    );
    expect(locationOf(router)).toBe(`${BASE}/medicalinterventions/add-medicalintervention`);
  });

  it('edits a record in its row: the list updates and the form closes', async () => {
    const api = installMedicalApi([
      item('disease', {
        id: 'd1',
        medical_name: 'Arthritis',
        medical_date: '15.01.2024',
        executing_organization: 'Klinik',
      }),
    ]);
    const { user } = renderApp(`${BASE}/diseases`);
    await user.click(await screen.findByRole('button', { name: /Arthritis/ }));
    const form = await screen.findByRole('form', { name: 'Edit Arthritis' });
    // The row unfolds in the spec's 500 ms.
    expect(form.closest<HTMLElement>('.MuiCollapse-root')?.style.transitionDuration).toBe(
      `${PET_LIST_EXPAND_ANIMATION_MS}ms`,
    );
    expect(textField(form, 'Practice or clinic')).toHaveValue('Klinik');
    await user.clear(textField(form, 'Disease'));
    await user.type(textField(form, 'Disease'), 'Arthrosis');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: /Arthrosis/ })).toBeInTheDocument();
    const [put] = api.callsTo('PUT', '/v1/medical/disease');
    expect(put?.url).toContain('med_id=d1');
    expect(api.bodyOf(put!)).toMatchObject({
      name: 'Arthrosis',
      date: '15.01.2024',
      executing_organization: 'Klinik',
    });
    expect(api.bodyOf(put!)).not.toHaveProperty('medical_type');
  });

  it('discards cancelled edits at once, also while the row is still folding away', async () => {
    installMedicalApi([item('disease', { id: 'd1', medical_name: 'Arthritis', medical_date: '15.01.2024' })]);
    const { user } = renderApp(`${BASE}/diseases`);
    await user.click(await screen.findByRole('button', { name: /Arthritis/ }));
    const form = await screen.findByRole('form', { name: 'Edit Arthritis' });
    const name = textField(form, 'Disease');
    await user.clear(name);
    await user.type(name, 'Arthrosis');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    // Reopened within the 500 ms of folding, the same form would show again: it must be reset.
    await waitFor(() => expect(name).toHaveValue('Arthritis'));
  });

  it('deletes a record after confirmation and returns to the medical-data overview', async () => {
    const api = installMedicalApi([item('allergy', { id: 'a1', medical_name: 'Pollen' })]);
    const { user, router } = renderApp(`${BASE}/allergies`);
    await user.click(await screen.findByRole('button', { name: /Pollen/ }));
    const form = await screen.findByRole('form', { name: 'Edit Pollen' });
    await user.click(within(form).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Pollen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(locationOf(router)).toBe(BASE));
    expect(api.callsTo('DELETE', '/v1/medical')[0]?.url).toContain('med_id=a1');
    expect(await screen.findByRole('link', { name: /^Allergies 0 entries/ })).toBeInTheDocument();
  });

  it('is German in German', async () => {
    installMedicalApi([item('intervention', { medical_name: 'Hüft-OP', surgery_type: 'Surgery' })]);
    renderApp(`${BASE}/medicalinterventions`, { language: 'de' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Medizinische Eingriffe' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Hüft-OP/ })).toHaveTextContent('Operation');
    expect(screen.getByRole('link', { name: 'Medizinischen Eingriff hinzufügen' })).toBeInTheDocument();
  });
});

describe('medical form model', () => {
  it('shows exactly the fields of each kind’s payload', () => {
    for (const category of MEDICAL_CATEGORIES) {
      const shown = MEDICAL_LAYOUT[category.medicalType].map(([field]) => field).sort();
      expect(shown).toEqual(fieldsOf(category.medicalType).sort());
    }
  });

  it('sends only the kind’s fields, blanks as null, and names the kind when adding an allergy or disease', () => {
    const values = medicalFormSchema.parse({
      ...emptyMedicalForm(),
      name: ' Hip ',
      surgery_type: 'Surgery',
      dosage: 'ignored',
      comments: '',
    });
    expect(medicalBody('intervention', values, 'create')).toEqual({
      name: 'Hip',
      surgery_type: 'Surgery',
      executing_person: null,
      executing_organization: null,
      comments: null,
      date: null,
    });
    expect(medicalBody('disease', { ...values, name: 'Flu' }, 'create')).toMatchObject({
      medical_type: 'disease',
    });
    expect(medicalBody('disease', { ...values, name: 'Flu' }, 'update')).not.toHaveProperty('medical_type');
  });

  it('refuses comments over 100 characters and a missing name with the spec keys', () => {
    const result = medicalFormSchema.safeParse({
      ...emptyMedicalForm(),
      name: ' ',
      comments: 'x'.repeat(101),
    });
    expect(result.success).toBe(false);
    const keys = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['name', 'Name_Error'],
        ['comments', 'Comments_Length_Error'],
      ]),
    );
  });

  it('sorts by date, newest first, undated last', () => {
    const sorted = sortMedicalItems([
      item('allergy', { id: 'a', medical_date: null, created_at: '2024-01-02T00:00:00.000Z' }),
      item('allergy', { id: 'b', medical_date: '01.02.2020' }),
      item('allergy', { id: 'c', medical_date: '31.12.2023' }),
      item('allergy', { id: 'd', medical_date: null, created_at: '2024-03-02T00:00:00.000Z' }),
    ]);
    expect(sorted.map((entry) => entry.id)).toEqual(['c', 'b', 'd', 'a']);
  });

  it('has every label of the kinds and choices in both languages', () => {
    for (const tree of [translations.en, translations.de]) {
      const medical = tree.medical as Record<string, Record<string, string | Record<string, string>>>;
      const field = medical.field as Record<string, string | Record<string, string>>;
      for (const type of MEDICAL_TYPES) {
        for (const kindLabel of ['name', 'date', 'executing_person']) {
          expect((field[kindLabel] as Record<string, string>)[type]).toBeTruthy();
        }
        for (const [name] of MEDICAL_LAYOUT[type]) {
          if (!['name', 'date', 'executing_person'].includes(name)) expect(field[name]).toBeTruthy();
        }
      }
      for (const value of YES_NO) expect(medical.answer?.[value]).toBeTruthy();
      for (const value of SURGERY_TYPES) expect(medical.surgery?.[value]).toBeTruthy();
      for (const value of TAKING_SCHEDULE) expect(medical.schedule?.[value]).toBeTruthy();
    }
  });
});
