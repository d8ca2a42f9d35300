import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CARE_KEYS,
  type CareSettings,
  type Dose,
  type MedicalListItem,
  type Pet,
  type Schedule,
  type ScheduleRule,
  type VaccinationDue,
  type TodayResponse,
} from '@pet/contract';
import { scheduleInWords } from '@/features/care/schedule-words';
import { emptyScheduleForm, toScheduleBody, type ScheduleFormState } from '@/features/care/schedule-form';
import { createI18n } from '@/lib/i18n';
import {
  apiError,
  installFakeApi,
  json,
  makeProduct,
  makeUser,
  renderApp,
  type RecordedCall,
} from './helpers';

const SLOT_MORNING = '2026-03-10T07:00:00.000Z';
const SLOT_EVENING = '2026-03-10T19:00:00.000Z';

function dose(overrides: Partial<Dose> = {}): Dose {
  return {
    slot: SLOT_MORNING,
    local_time: '08:00',
    med_id: 'med-1',
    pet_id: 'pet-1',
    pet_name: 'Bello',
    medication_name: 'Rimadyl',
    dose_amount: 1,
    dose_unit: 'tablet',
    state: 'due',
    log_id: null,
    confirmed_at: null,
    confirmed_by: null,
    skip_reason: null,
    undo_until: null,
    ...overrides,
  };
}

function today(doses: Dose[], stock: TodayResponse['stock_warnings'] = []): TodayResponse {
  return { day: '2026-03-10', time_zone: 'Europe/Berlin', doses, stock_warnings: stock };
}

const query = (call: RecordedCall, name: string) =>
  new URL(call.url, 'http://localhost').searchParams.get(name);
const bodyOf = (call: RecordedCall | undefined) => JSON.parse(call?.body ?? '{}') as Record<string, unknown>;

/**
 * A small care server: /today answers the doses, POST /dose confirms a slot (409 when it is
 * already confirmed), DELETE /dose undoes it.
 */
function installTodayApi(initial: Dose[], options: { medical?: boolean; shared?: 'viewer' | 'carer' } = {}) {
  let doses = [...initial];
  let stock: TodayResponse['stock_warnings'] = [];
  const user = makeUser({
    product: makeProduct({ medical: options.medical ?? true }),
    ...(options.shared
      ? {
          pets: [],
          shared_pets: [
            {
              id: 'pet-1',
              name: 'Bello',
              image_url: null,
              type: 'Dog' as const,
              share_id: 'share-1',
              owner_name: 'Otto',
              role: options.shared,
              ends_at: null,
            },
          ],
        }
      : {}),
  });
  const fake = installFakeApi({
    user,
    routes: {
      'GET /v1/care/today': () => json(today(doses, stock)),
      'POST /v1/care/dose': (call) => {
        const body = bodyOf(call);
        const medId = query(call, 'med_id');
        const target = doses.find((entry) => entry.med_id === medId && entry.slot === body.slot);
        if (!target) return apiError(404, CARE_KEYS.noSuchSlot);
        if (target.log_id) return apiError(409, CARE_KEYS.alreadyConfirmed);
        if (body.action === 'skipped' && !body.skip_reason) return apiError(400, CARE_KEYS.skipReason);
        doses = doses.map((entry) =>
          entry === target
            ? {
                ...entry,
                state: body.action as 'given' | 'skipped',
                log_id: 'log-1',
                confirmed_at: '2026-03-10T07:05:00.000Z',
                confirmed_by: { id: 'user-1', name: 'Anna Muster' },
                skip_reason: (body.skip_reason as string | undefined) ?? null,
                undo_until: new Date(Date.now() + 5 * 60_000).toISOString(),
              }
            : entry,
        );
        return json({ id: 'log-1' }, 201);
      },
      'DELETE /v1/care/dose': (call) => {
        const id = query(call, 'id');
        doses = doses.map((entry) =>
          entry.log_id === id
            ? {
                ...entry,
                state: 'due',
                log_id: null,
                confirmed_at: null,
                confirmed_by: null,
                skip_reason: null,
                undo_until: null,
              }
            : entry,
        );
        return json({ message: 'ok' });
      },
    },
  });
  return {
    ...fake,
    setDoses: (next: Dose[]) => (doses = next),
    setStock: (next: TodayResponse['stock_warnings']) => (stock = next),
  };
}

const todayCard = async () => screen.findByRole('region', { name: 'Today' });

describe('Today on the dashboard', () => {
  it('groups the doses by time and shows state, pet and amount', async () => {
    installTodayApi([
      dose({ slot: SLOT_EVENING, local_time: '20:00', dose_amount: 2 }),
      dose(),
      dose({
        med_id: 'med-2',
        medication_name: 'Vetmedin',
        dose_unit: 'ml',
        dose_amount: 2.5,
        state: 'overdue',
      }),
    ]);
    renderApp('/dashboard');
    const card = await todayCard();
    const morning = await within(card).findByRole('region', { name: '08:00' });
    const evening = within(card).getByRole('region', { name: '20:00' });
    expect(
      within(morning)
        .getAllByRole('listitem')
        .map((row) => row.getAttribute('aria-label')),
    ).toEqual(['Rimadyl – Bello', 'Vetmedin – Bello']);
    expect(within(morning).getByText('Bello · 1 tablet')).toBeInTheDocument();
    expect(within(morning).getByText('Bello · 2.5 ml')).toBeInTheDocument();
    expect(within(morning).getByText('Overdue')).toBeInTheDocument();
    expect(within(evening).getByText('Bello · 2 tablets')).toBeInTheDocument();
  });

  it('marks a dose given, shows who and when, and undoes it within the window', async () => {
    const api = installTodayApi([dose()]);
    const { user } = renderApp('/dashboard');
    const card = await todayCard();
    const row = await within(card).findByRole('listitem', { name: 'Rimadyl – Bello' });
    await user.click(within(row).getByRole('button', { name: 'Given' }));

    const [post] = api.callsTo('POST', '/v1/care/dose');
    expect(query(post!, 'med_id')).toBe('med-1');
    expect(bodyOf(post)).toEqual({ slot: SLOT_MORNING, action: 'given' });
    // 07:05 UTC is 08:05 in Berlin (CET in March before the change).
    expect(await within(card).findByText('Given by Anna Muster at 08:05')).toBeInTheDocument();
    const undo = within(card).getByRole('button', { name: /^Undo \((5:00|4:5\d)\)$/ });
    expect(within(card).queryByRole('button', { name: 'Given' })).not.toBeInTheDocument();

    await user.click(undo);
    await waitFor(() => expect(api.callsTo('DELETE', '/v1/care/dose')).toHaveLength(1));
    expect(query(api.callsTo('DELETE', '/v1/care/dose')[0]!, 'id')).toBe('log-1');
    expect(await within(card).findByRole('button', { name: 'Given' })).toBeInTheDocument();
    expect(within(card).queryByText(/Given by/)).not.toBeInTheDocument();
  });

  it('offers no undo once undo_until has passed', async () => {
    installTodayApi([
      dose({
        state: 'given',
        log_id: 'log-9',
        confirmed_at: '2026-03-10T07:01:00.000Z',
        confirmed_by: { id: 'user-2', name: 'Tom' },
        undo_until: new Date(Date.now() - 1000).toISOString(),
      }),
    ]);
    renderApp('/dashboard');
    const card = await todayCard();
    expect(await within(card).findByText('Given by Tom at 08:01')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Undo/ })).not.toBeInTheDocument();
  });

  it('asks for a reason before skipping and sends it', async () => {
    const api = installTodayApi([dose()]);
    const { user } = renderApp('/dashboard');
    const card = await todayCard();
    const row = await within(card).findByRole('listitem', { name: 'Rimadyl – Bello' });
    await user.click(within(row).getByRole('button', { name: 'Skip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skip Rimadyl for Bello?' });
    await user.click(within(dialog).getByRole('button', { name: 'Skip dose' }));
    expect(
      await within(dialog).findByText('Please give a reason for skipping the dose.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/care/dose')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Vomited after breakfast');
    await user.click(within(dialog).getByRole('button', { name: 'Skip dose' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/care/dose')).toHaveLength(1));
    expect(bodyOf(api.callsTo('POST', '/v1/care/dose')[0])).toEqual({
      slot: SLOT_MORNING,
      action: 'skipped',
      skip_reason: 'Vomited after breakfast',
    });
    expect(
      await within(card).findByText('Skipped by Anna Muster at 08:05: Vomited after breakfast'),
    ).toBeInTheDocument();
  });

  it('shows the 409 clearly when someone else confirmed the dose first', async () => {
    const api = installTodayApi([dose()]);
    const { user } = renderApp('/dashboard');
    const card = await todayCard();
    const row = await within(card).findByRole('listitem', { name: 'Rimadyl – Bello' });
    // Meanwhile Tom gave it: the server has the log entry, the screen does not know yet.
    api.setDoses([
      dose({
        state: 'given',
        log_id: 'log-tom',
        confirmed_at: '2026-03-10T07:02:00.000Z',
        confirmed_by: { id: 'user-2', name: 'Tom' },
      }),
    ]);
    await user.click(within(row).getByRole('button', { name: 'Given' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'This dose has already been confirmed by someone else. The list now shows who.',
    );
    expect(await within(card).findByText('Given by Tom at 08:02')).toBeInTheDocument();
  });

  it('shows the undo-too-late 409 as well', async () => {
    const api = installTodayApi([
      dose({
        state: 'given',
        log_id: 'log-1',
        confirmed_at: '2026-03-10T07:05:00.000Z',
        confirmed_by: { id: 'user-1', name: 'Anna Muster' },
        undo_until: new Date(Date.now() + 60_000).toISOString(),
      }),
    ]);
    const { user } = renderApp('/dashboard');
    const card = await todayCard();
    const undo = await within(card).findByRole('button', { name: /^Undo/ });
    const routes = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'DELETE' ? apiError(409, CARE_KEYS.undoTooLate) : routes(input, init),
    );
    await user.click(undo);
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'This can no longer be undone: the 10 minutes are over.',
    );
  });

  it('shows stock warnings', async () => {
    const api = installTodayApi([dose()]);
    api.setStock([
      { med_id: 'med-1', pet_id: 'pet-1', pet_name: 'Bello', medication_name: 'Rimadyl', days_left: 3 },
    ]);
    renderApp('/dashboard');
    const card = await todayCard();
    expect(await within(card).findByText('Running low')).toBeInTheDocument();
    expect(within(card).getByText('Rimadyl for Bello: lasts 3 more days')).toBeInTheDocument();
  });

  it('says when no doses are due and links to the medication list to set one up', async () => {
    installTodayApi([]);
    renderApp('/dashboard');
    const card = await todayCard();
    expect(await within(card).findByText('No doses today.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Set up a schedule' })).toHaveAttribute(
      'href',
      '/pet-details/Bello/pet-1/medical-data/medications',
    );
  });

  it('shows the loading state, then a load error with retry', async () => {
    let fail = true;
    installFakeApi({
      routes: {
        'GET /v1/care/today': () => (fail ? apiError(500, 'Something_Went_Wrong_Text') : json(today([]))),
      },
    });
    const { user } = renderApp('/dashboard');
    const card = await todayCard();
    expect(within(card).getByRole('status', { name: "Loading today's doses" })).toBeInTheDocument();
    expect(await within(card).findByText(/Today's doses could not be loaded\./)).toBeInTheDocument();
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('No doses today.')).toBeInTheDocument();
  });

  it('shows the upsell to a free user and asks nothing', async () => {
    const api = installTodayApi([dose()], { medical: false });
    renderApp('/dashboard');
    const card = await todayCard();
    expect(await within(card).findByRole('link', { name: 'Activate a plan' })).toHaveAttribute(
      'href',
      '/my-account/subscription',
    );
    expect(api.callsTo('GET', '/v1/care/today')).toHaveLength(0);
  });

  it('lets a viewer read but not confirm, and a carer confirm', async () => {
    installTodayApi([dose()], { shared: 'viewer' });
    const viewer = renderApp('/dashboard');
    let card = await todayCard();
    await within(card).findByRole('listitem', { name: 'Rimadyl – Bello' });
    expect(within(card).queryByRole('button', { name: 'Given' })).not.toBeInTheDocument();
    viewer.unmount();

    installTodayApi([dose()], { shared: 'carer' });
    renderApp('/dashboard');
    card = await todayCard();
    const row = await within(card).findByRole('listitem', { name: 'Rimadyl – Bello' });
    expect(within(row).getByRole('button', { name: 'Given' })).toBeInTheDocument();
  });
});

describe('schedule form', () => {
  const base = (patch: Partial<ScheduleFormState>): ScheduleFormState => ({
    ...emptyScheduleForm('2026-03-10'),
    ...patch,
  });
  const common = {
    dose_amount: 1,
    dose_unit: 'tablet',
    starts_on: '2026-03-10',
    ends_on: null,
    stock_units: null,
    stock_warn_days: null,
  };

  it('sends each kind with its own fields only', () => {
    const cases: [Partial<ScheduleFormState>, unknown][] = [
      [
        { kind: 'daily', times: ['20:00', '08:00'] },
        { kind: 'daily', times: ['08:00', '20:00'] },
      ],
      [
        { kind: 'every_hours', hours: '8', first_time: '06:00' },
        { kind: 'every_hours', hours: 8, first_time: '06:00' },
      ],
      [
        { kind: 'weekdays', weekdays: [5, 1], times: ['09:00'] },
        { kind: 'weekdays', weekdays: [1, 5], times: ['09:00'] },
      ],
      [
        { kind: 'every_days', days: '3', times: ['07:30'] },
        { kind: 'every_days', days: 3, times: ['07:30'] },
      ],
      [
        { kind: 'monthly', day_of_month: '31', times: ['10:00'] },
        { kind: 'monthly', day_of_month: 31, times: ['10:00'] },
      ],
      [
        { kind: 'course', days: '10', times: ['08:00'] },
        { kind: 'course', days: 10, times: ['08:00'] },
      ],
      [{ kind: 'as_needed' }, { kind: 'as_needed' }],
    ];
    for (const [patch, rule] of cases) {
      const result = toScheduleBody(base(patch));
      expect(result).toEqual({ ok: true, body: { ...common, rule } });
    }
  });

  it('sends amount, unit, dates and stock as numbers', () => {
    const result = toScheduleBody(
      base({
        dose_amount: '2,5',
        dose_unit: 'ml',
        ends_on: '2026-04-01',
        stock_units: '100',
        stock_warn_days: '5',
      }),
    );
    expect(result).toEqual({
      ok: true,
      body: {
        ...common,
        rule: { kind: 'daily', times: ['08:00'] },
        dose_amount: 2.5,
        dose_unit: 'ml',
        ends_on: '2026-04-01',
        stock_units: 100,
        stock_warn_days: 5,
      },
    });
  });

  it('names the field of each error with the care keys', () => {
    expect(toScheduleBody(base({ times: [] }))).toEqual({ ok: false, errors: { times: CARE_KEYS.schedule } });
    expect(toScheduleBody(base({ times: ['08:00', '08:00'] }))).toEqual({
      ok: false,
      errors: { times: CARE_KEYS.schedule },
    });
    expect(toScheduleBody(base({ kind: 'weekdays', weekdays: [] }))).toEqual({
      ok: false,
      errors: { weekdays: CARE_KEYS.schedule },
    });
    expect(toScheduleBody(base({ kind: 'every_hours', hours: '0' }))).toEqual({
      ok: false,
      errors: { hours: CARE_KEYS.schedule },
    });
    expect(toScheduleBody(base({ kind: 'every_days', days: '1' }))).toEqual({
      ok: false,
      errors: { days: CARE_KEYS.schedule },
    });
    expect(toScheduleBody(base({ ends_on: '2026-03-01' }))).toEqual({
      ok: false,
      errors: { ends_on: CARE_KEYS.window },
    });
    expect(toScheduleBody(base({ dose_amount: '0' }))).toEqual({
      ok: false,
      errors: { dose_amount: CARE_KEYS.schedule },
    });
    expect(toScheduleBody(base({ dose_amount: 'x' })).ok).toBe(false);
  });

  it('puts a schedule into words in both languages', () => {
    const en = createI18n('en');
    const de = createI18n('de');
    const rule: ScheduleRule = { kind: 'daily', times: ['20:00', '08:00'] };
    expect(scheduleInWords(rule, en.t, 'en')).toBe('twice daily at 08:00 and 20:00');
    expect(scheduleInWords(rule, de.t, 'de')).toBe('zweimal täglich um 08:00 und 20:00');
    expect(scheduleInWords({ kind: 'every_hours', hours: 8, first_time: '06:00' }, en.t, 'en')).toBe(
      'every 8 hours from 06:00',
    );
    expect(scheduleInWords({ kind: 'weekdays', weekdays: [5, 1], times: ['09:00'] }, en.t, 'en')).toBe(
      'once on Monday and Friday at 09:00',
    );
    expect(scheduleInWords({ kind: 'as_needed' }, en.t, 'en')).toBe('as needed');
  });
});

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

const MEDICATION: MedicalListItem = {
  id: 'med-1',
  pet_id: 'pet-1',
  user_id: 'user-1',
  job_id: null,
  created_at: '2024-05-01T10:00:00.000Z',
  medical_name: 'Rimadyl',
  medical_date: null,
  medical_medical_type: 'medication',
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
};

describe('schedule on a medication', () => {
  it('sets a twice-daily schedule, then shows it in words in the list', async () => {
    let stored: Schedule | null = null;
    const api = installFakeApi({
      routes: {
        'GET /v1/pet': () => json(PET),
        'GET /v1/medical/mypetmedicals': () => json([MEDICATION]),
        'GET /v1/care/schedule': () => (stored ? json(stored) : apiError(404, 'Not_Found_Text')),
        'PUT /v1/care/schedule': (call) => {
          stored = {
            ...(bodyOf(call) as unknown as Schedule),
            med_id: 'med-1',
            pet_id: 'pet-1',
            medication_name: 'Rimadyl',
            time_zone: 'Europe/Berlin',
            stock_days_left: 15,
            stock_low: false,
            updated_at: '2026-03-10T07:00:00.000Z',
          };
          return json(stored);
        },
        'GET /v1/care/doses': () =>
          json([
            {
              id: 'log-1',
              med_id: 'med-1',
              slot: SLOT_MORNING,
              action: 'given',
              skip_reason: null,
              confirmed_at: '2026-03-10T07:05:00.000Z',
              confirmed_by: { id: 'user-2', name: 'Tom' },
            },
          ]),
      },
    });
    const { user } = renderApp('/pet-details/Bello/pet-1/medical-data/medications');
    await user.click(await screen.findByRole('button', { name: /Rimadyl/ }));
    const section = await screen.findByRole('region', { name: 'Schedule' });
    expect(await within(section).findByText('No schedule yet.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Set up a schedule' }));

    const dialog = await screen.findByRole('dialog', { name: 'Schedule for Rimadyl' });
    await user.click(within(dialog).getByRole('button', { name: 'Add a time' }));
    const second = within(dialog).getByLabelText('Time 2');
    await user.type(second, '20:00');
    await user.clear(within(dialog).getByLabelText(/^Starts on/));
    await user.type(within(dialog).getByLabelText(/^Starts on/), '2026-03-10');
    await user.type(within(dialog).getByRole('textbox', { name: 'Units on hand (optional)' }), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));

    await waitFor(() => expect(api.callsTo('PUT', '/v1/care/schedule')).toHaveLength(1));
    const [put] = api.callsTo('PUT', '/v1/care/schedule');
    expect(query(put!, 'med_id')).toBe('med-1');
    expect(bodyOf(put)).toEqual({
      rule: { kind: 'daily', times: ['08:00', '20:00'] },
      dose_amount: 1,
      dose_unit: 'tablet',
      starts_on: '2026-03-10',
      ends_on: null,
      stock_units: 30,
      stock_warn_days: null,
    });
    expect(await within(section).findByText('twice daily at 08:00 and 20:00 · 1 tablet')).toBeInTheDocument();
    expect(within(section).getByText('Stock lasts 15 more days')).toBeInTheDocument();
    // The row's summary says it too.
    expect(screen.getAllByText('twice daily at 08:00 and 20:00').length).toBeGreaterThan(0);

    await user.click(await within(section).findByRole('button', { name: 'Dose log' }));
    const log = await within(section).findByRole('list', { name: 'Dose log' });
    expect(log).toHaveTextContent(/given by Tom/);
  });

  it('shows the field error and sends nothing for a schedule that ends before it starts', async () => {
    const api = installFakeApi({
      routes: {
        'GET /v1/pet': () => json(PET),
        'GET /v1/medical/mypetmedicals': () => json([MEDICATION]),
        'GET /v1/care/schedule': () => json(null),
      },
    });
    const { user } = renderApp('/pet-details/Bello/pet-1/medical-data/medications');
    await user.click(await screen.findByRole('button', { name: /Rimadyl/ }));
    const section = await screen.findByRole('region', { name: 'Schedule' });
    await user.click(await within(section).findByRole('button', { name: 'Set up a schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule for Rimadyl' });
    await user.clear(within(dialog).getByLabelText(/^Starts on/));
    await user.type(within(dialog).getByLabelText(/^Starts on/), '2026-03-10');
    await user.type(within(dialog).getByLabelText('Ends on (optional)'), '2026-03-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await within(dialog).findByText('The schedule cannot end before it starts.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/v1/care/schedule')).toHaveLength(0);
  });

  it('hides the schedule buttons from a carer', async () => {
    installFakeApi({
      user: makeUser({
        pets: [],
        shared_pets: [
          {
            id: 'pet-1',
            name: 'Bello',
            image_url: null,
            type: 'Dog',
            share_id: 's',
            owner_name: 'Otto',
            role: 'carer',
            ends_at: null,
          },
        ],
      }),
      routes: {
        'GET /v1/pet': () => json(PET),
        'GET /v1/medical/mypetmedicals': () => json([MEDICATION]),
        'GET /v1/care/schedule': () => json(null),
      },
    });
    const { user } = renderApp('/pet-details/Bello/pet-1/medical-data/medications');
    await user.click(await screen.findByRole('button', { name: /Rimadyl/ }));
    const section = await screen.findByRole('region', { name: 'Schedule' });
    expect(await within(section).findByText('No schedule yet.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Set up a schedule' })).not.toBeInTheDocument();
  });
});

describe('time zone and reminders in settings', () => {
  const SETTINGS: CareSettings = {
    time_zone: 'Europe/Berlin',
    doses: { mail: true, push: false },
    vaccinations: { mail: true, push: false },
    appointments: { mail: true, push: false },
    stock: { mail: true, push: false },
    missed_dose_repeat_minutes: 30,
    ical_doses: false,
  };

  it('loads the settings and saves the changed switches, repeat and zone', async () => {
    const api = installFakeApi({
      routes: {
        'GET /v1/care/settings': () => json(SETTINGS),
        'PUT /v1/care/settings': (call) => json({ ...SETTINGS, ...bodyOf(call) }),
      },
    });
    const { user } = renderApp('/my-account/profile/settings');
    const section = await screen.findByRole('region', { name: 'Time zone and reminders' });
    const zone = await within(section).findByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Europe/Berlin');
    await user.click(within(section).getByRole('switch', { name: 'Doses by Push' }));
    await user.click(within(section).getByRole('switch', { name: 'Stock running low by Mail' }));
    const repeat = within(section).getByRole('spinbutton', { name: 'Repeat a missed dose after (minutes)' });
    await user.clear(repeat);
    await user.type(repeat, '45');
    await user.click(within(section).getByRole('switch', { name: 'Doses in my calendar feed' }));
    await user.clear(zone);
    await user.type(zone, 'America/New_Y');
    await user.click(await screen.findByRole('option', { name: 'America/New_York' }));
    await user.click(within(section).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT', '/v1/care/settings')).toHaveLength(1));
    expect(bodyOf(api.callsTo('PUT', '/v1/care/settings')[0])).toEqual({
      ...SETTINGS,
      time_zone: 'America/New_York',
      doses: { mail: true, push: true },
      stock: { mail: false, push: false },
      missed_dose_repeat_minutes: 45,
      ical_doses: true,
    });
    expect(await screen.findByText('Reminder settings saved.')).toBeInTheDocument();
  });

  it('refuses a repeat out of range without sending', async () => {
    const api = installFakeApi({ routes: { 'GET /v1/care/settings': () => json(SETTINGS) } });
    const { user } = renderApp('/my-account/profile/settings');
    const section = await screen.findByRole('region', { name: 'Time zone and reminders' });
    const repeat = await within(section).findByRole('spinbutton', {
      name: 'Repeat a missed dose after (minutes)',
    });
    await user.clear(repeat);
    await user.type(repeat, '500');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter minutes from 0 to 240.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/v1/care/settings')).toHaveLength(0);
  });
});

describe('vaccinations due on the pet dashboard', () => {
  const due = (overrides: Partial<VaccinationDue>): VaccinationDue => ({
    id: 'v1',
    pet_id: 'pet-1',
    name: 'Rabies',
    due_on: '2026-03-20',
    source: null,
    state: 'due_soon',
    done_on: null,
    ...overrides,
  });

  function installVaccinationApi(initial: VaccinationDue[]) {
    let list = [...initial];
    const fake = installFakeApi({
      routes: {
        'GET /v1/pet': () => json(PET),
        'GET /v1/care/vaccinations': () => json(list),
        'GET /v1/care/notices': () =>
          json([
            {
              id: 'n1',
              kind: 'weight_outside_goal',
              pet_id: 'pet-1',
              pet_name: 'Bello',
              params: { min_kg: 20, max_kg: 25 },
              created_at: '2026-03-10T07:00:00.000Z',
            },
          ]),
        'POST /v1/care/notice/dismiss': () => json({ message: 'ok' }),
        'GET /v1/appointment/mypetappointments': () => json([]),
        'POST /v1/care/vaccination': (call) => {
          const created = due({ id: 'v-new', ...bodyOf(call), state: 'later' } as Partial<VaccinationDue>);
          list = [...list, created];
          return json(created, 201);
        },
        'POST /v1/care/vaccination/done': (call) => {
          list = list.map((entry) =>
            entry.id === query(call, 'id') ? { ...entry, state: 'done', done_on: '2026-03-10' } : entry,
          );
          return json({ message: 'ok' });
        },
        'DELETE /v1/care/vaccination': (call) => {
          list = list.filter((entry) => entry.id !== query(call, 'id'));
          return json({ message: 'ok' });
        },
      },
    });
    return fake;
  }

  it('shows due soon and overdue badges, marks one done and deletes one after confirming', async () => {
    const api = installVaccinationApi([
      due({ id: 'v1', name: 'Rabies', state: 'due_soon' }),
      due({ id: 'v2', name: 'Leptospirosis', due_on: '2026-02-01', state: 'overdue' }),
      due({ id: 'v3', name: 'Kennel cough', due_on: '2026-12-01', state: 'later' }),
    ]);
    const { user } = renderApp('/pet-details/Bello/pet-1');
    const card = await screen.findByRole('region', { name: 'Vaccinations due' });
    const rabies = await within(card).findByRole('listitem', { name: 'Rabies' });
    expect(within(rabies).getByText('Due soon')).toBeInTheDocument();
    const lepto = within(card).getByRole('listitem', { name: 'Leptospirosis' });
    expect(within(lepto).getByText('Overdue')).toBeInTheDocument();
    const kennel = within(card).getByRole('listitem', { name: 'Kennel cough' });
    expect(within(kennel).queryByText(/Due soon|Overdue/)).not.toBeInTheDocument();

    await user.click(within(lepto).getByRole('button', { name: 'Mark done' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/care/vaccination/done')).toHaveLength(1));
    expect(query(api.callsTo('POST', '/v1/care/vaccination/done')[0]!, 'id')).toBe('v2');
    expect(
      await within(within(card).getByRole('listitem', { name: 'Leptospirosis' })).findByText('Done'),
    ).toBeInTheDocument();

    await user.click(within(kennel).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the due date of Kennel cough?' });
    expect(api.callsTo('DELETE', '/v1/care/vaccination')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/v1/care/vaccination')).toHaveLength(1));
    await waitFor(() =>
      expect(within(card).queryByRole('listitem', { name: 'Kennel cough' })).not.toBeInTheDocument(),
    );
  });

  it('adds a due date and shows the weight notice, which can be dismissed', async () => {
    const api = installVaccinationApi([]);
    const { user } = renderApp('/pet-details/Bello/pet-1');
    const notice = await screen.findByText("Bello's last 3 weights are outside the target band.");
    const card = await screen.findByRole('region', { name: 'Vaccinations due' });
    expect(await within(card).findByText('No vaccinations due.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Add due date' }));
    const dialog = await screen.findByRole('dialog', { name: 'New due date' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a name.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Vaccination/ }), 'Rabies');
    await user.type(within(dialog).getByLabelText(/^Due on/), '2027-01-15');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/care/vaccination')).toHaveLength(1));
    const [post] = api.callsTo('POST', '/v1/care/vaccination');
    expect(query(post!, 'pet_id')).toBe('pet-1');
    expect(bodyOf(post)).toEqual({ name: 'Rabies', due_on: '2027-01-15', appointment_id: null });
    expect(await within(card).findByRole('listitem', { name: 'Rabies' })).toBeInTheDocument();

    await user.click(within(notice.closest('li')!).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/care/notice/dismiss')).toHaveLength(1));
    expect(query(api.callsTo('POST', '/v1/care/notice/dismiss')[0]!, 'id')).toBe('n1');
    await waitFor(() =>
      expect(
        screen.queryByText("Bello's last 3 weights are outside the target band."),
      ).not.toBeInTheDocument(),
    );
  });
});

describe('weight goal on My Animal', () => {
  it('draws the stored band with the chart and saves a new one', async () => {
    let goal: { pet_id: string; min_kg: number; max_kg: number; outside_in_a_row: number } | null = {
      pet_id: 'pet-1',
      min_kg: 20,
      max_kg: 25,
      outside_in_a_row: 0,
    };
    const api = installFakeApi({
      routes: {
        'GET /v1/pet': () =>
          json({
            ...PET,
            weights: [
              { weight: 22, date: '01.03.2026' },
              { weight: 23, date: '01.02.2026' },
            ],
          }),
        'GET /v1/care/weight-goal': () => json(goal),
        'PUT /v1/care/weight-goal': (call) => {
          goal = {
            pet_id: 'pet-1',
            outside_in_a_row: 0,
            ...(bodyOf(call) as { min_kg: number; max_kg: number }),
          };
          return json(goal);
        },
      },
    });
    const { user } = renderApp('/pet-details/Bello/pet-1/my-pet');
    const chart = await screen.findByRole('figure', { name: 'Weight curve' }, { timeout: 5000 });
    // On the chart's line and in its caption.
    expect(await within(chart).findAllByText('Target 20–25 kg')).toHaveLength(2);

    const section = await screen.findByRole('region', { name: 'Target weight' });
    const min = within(section).getByRole('textbox', { name: 'From (kg)' });
    const max = within(section).getByRole('textbox', { name: 'To (kg)' });
    expect(min).toHaveValue('20');
    await user.clear(max);
    await user.type(max, '19');
    await user.click(within(section).getByRole('button', { name: 'Save target' }));
    expect(
      await within(section).findByText('The lower weight must be below the upper weight (up to 500 kg).'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT', '/v1/care/weight-goal')).toHaveLength(0);

    await user.clear(max);
    await user.type(max, '24,5');
    await user.click(within(section).getByRole('button', { name: 'Save target' }));
    await waitFor(() => expect(api.callsTo('PUT', '/v1/care/weight-goal')).toHaveLength(1));
    expect(query(api.callsTo('PUT', '/v1/care/weight-goal')[0]!, 'pet_id')).toBe('pet-1');
    expect(bodyOf(api.callsTo('PUT', '/v1/care/weight-goal')[0])).toEqual({ min_kg: 20, max_kg: 24.5 });
    expect(await within(chart).findAllByText('Target 20–24.5 kg')).toHaveLength(2);
  });
});
