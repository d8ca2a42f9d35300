import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  browserTimeZoneOffsetHours,
  formatDdMmYyyy,
  type AppointmentListItem,
  type BrandId,
  type Pet,
  type UserInfo,
} from '@pet/contract';
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

const BASE = '/pet-details/Bello/pet-1/appointments';
const ALL = '/dashboard/my-appointments';

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

/** dd.MM.yyyy of today plus `days`. */
function day(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return formatDdMmYyyy(date);
}

/** An appointment as the list calls answer it: every field with the appointment_ prefix. */
function item(overrides: Partial<AppointmentListItem> = {}): AppointmentListItem {
  return {
    appointment_id: 'appt-1',
    appointment_pet_id: 'pet-1',
    appointment_pet_name: 'Bello',
    appointment_user_id: 'user-1',
    appointment_job_id: null,
    appointment_created_at: '2024-05-01T10:00:00.000Z',
    appointment_address: null,
    appointment_city: null,
    appointment_country: null,
    appointment_zip: null,
    appointment_phone: null,
    appointment_email: null,
    appointment_type: 'Examination',
    appointment_reason: 'Check-up',
    appointment_date: day(3),
    appointment_time: '09:30',
    appointment_medication: null,
    appointment_comments: null,
    appointment_vet_name: null,
    appointment_vaccination_type: null,
    appointment_reminder_date: null,
    appointment_reminder_time: null,
    appointment_reminder_time_zone: 1,
    ...overrides,
  };
}

/** The appointment as POST and PUT answer it (unprefixed). */
function answerOf(listItem: AppointmentListItem) {
  return Object.fromEntries(
    Object.entries(listItem).map(([key, value]) => [
      ['appointment_date', 'appointment_time', 'appointment_type'].includes(key)
        ? key
        : key.slice('appointment_'.length),
      value,
    ]),
  );
}

function installAppointmentsApi(
  initial: AppointmentListItem[] = [],
  options: {
    brand?: BrandId;
    appointments?: boolean;
    user?: Partial<UserInfo>;
    createAnswer?: () => Response;
  } = {},
) {
  let list = [...initial];
  const bodyOf = (call: RecordedCall) => JSON.parse(call.body ?? '{}') as Record<string, unknown>;
  const query = (call: RecordedCall, name: string) =>
    new URL(call.url, 'http://localhost').searchParams.get(name) ?? '';
  const user = makeUser({
    product: makeProduct({ appointments: options.appointments ?? true }),
    ...options.user,
  });
  const petName = (id: string) => user.pets.find((pet) => pet.id === id)?.name ?? '';
  const fake = installFakeApi({
    brand: options.brand,
    user,
    routes: {
      'GET /v1/pet': () => json(PET),
      'GET /v1/appointment/myappointments': () => json(list),
      'GET /v1/appointment/mypetappointments': (call) =>
        json(list.filter((entry) => entry.appointment_pet_id === query(call, 'pet_id'))),
      'POST /v1/appointment': (call) => {
        if (options.createAnswer) return options.createAnswer();
        const petId = query(call, 'pet_id');
        const body = bodyOf(call);
        const created = item({
          ...Object.fromEntries(
            Object.entries(body).map(([key, value]) => [
              key.startsWith('appointment_') ? key : `appointment_${key}`,
              value,
            ]),
          ),
          appointment_id: 'appt-new',
          appointment_pet_id: petId,
          appointment_pet_name: petName(petId),
        } as Partial<AppointmentListItem>);
        list = [...list, created];
        return json(answerOf(created), 201);
      },
      'PUT /v1/appointment': (call) => {
        const id = query(call, 'appt_id');
        const body = bodyOf(call);
        list = list.map((entry) =>
          entry.appointment_id === id
            ? item({
                ...entry,
                ...Object.fromEntries(
                  Object.entries(body).map(([key, value]) => [
                    key.startsWith('appointment_') ? key : `appointment_${key}`,
                    value,
                  ]),
                ),
              })
            : entry,
        );
        return json(answerOf(list.find((entry) => entry.appointment_id === id)!));
      },
      'DELETE /v1/appointment': (call) => {
        list = list.filter((entry) => entry.appointment_id !== query(call, 'appt_id'));
        return json({ message: 'Appointment deleted' });
      },
    },
  });
  return { ...fake, bodyOf };
}

/** Types a date or time into an MUI picker field by its label (the hidden input takes the text). */
function typeInto(scope: HTMLElement, label: string, text: string) {
  const group = within(scope).getByRole('group', { name: new RegExp(`^${label}( \\*)?$`) });
  const input = group.parentElement?.querySelector('input');
  if (!input) throw new Error(`no input in the field ${label}`);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

const textField = (scope: HTMLElement, label: string) =>
  within(scope).getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) });

async function choose(
  user: ReturnType<typeof renderApp>['user'],
  scope: HTMLElement,
  label: string,
  option: string,
) {
  await user.click(within(scope).getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const rowTitles = (section: HTMLElement) =>
  within(section)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('appointment lists', () => {
  it('shows upcoming appointments soonest first, then the passed ones newest first', async () => {
    const api = installAppointmentsApi([
      item({ appointment_id: 'a', appointment_reason: 'Later', appointment_date: day(10) }),
      item({ appointment_id: 'b', appointment_reason: 'Old', appointment_date: day(-30) }),
      item({
        appointment_id: 'c',
        appointment_reason: 'Today',
        appointment_date: day(0),
        appointment_type: 'Vaccination',
        appointment_time: '14:05',
      }),
      item({ appointment_id: 'd', appointment_reason: 'Recent', appointment_date: day(-1) }),
      item({ appointment_id: 'e', appointment_reason: 'Other pet', appointment_pet_id: 'pet-2' }),
    ]);
    renderApp(BASE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointments' })).toBeInTheDocument();
    const upcoming = await screen.findByRole('region', { name: 'Upcoming appointments' });
    expect(rowTitles(upcoming)).toEqual([
      `VaccinationTodayDate: ${day(0)}Time: 14:05`,
      `ExaminationLaterDate: ${day(10)}Time: 09:30`,
    ]);
    const passed = screen.getByRole('region', { name: 'Passed appointments' });
    expect(rowTitles(passed)).toEqual([
      `ExaminationRecentDate: ${day(-1)}Time: 09:30`,
      `ExaminationOldDate: ${day(-30)}Time: 09:30`,
    ]);
    expect(screen.queryByText('Other pet')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/v1/appointment/mypetappointments')[0]?.url).toContain('pet_id=pet-1');
    expect(screen.getByRole('link', { name: 'Add appointment' })).toHaveAttribute(
      'href',
      `${BASE}/add-appointment`,
    );
    // The pet header, as on the medical pages.
    expect(await screen.findByRole('region', { name: 'Bello' })).toHaveTextContent('Dog · Labrador');
  });

  it('lists every pet’s appointments with the pet name on the all-pets page', async () => {
    const api = installAppointmentsApi([
      item({ appointment_id: 'a', appointment_reason: 'Teeth' }),
      item({
        appointment_id: 'b',
        appointment_reason: 'Worms',
        appointment_type: 'Deworming',
        appointment_pet_id: 'pet-2',
        appointment_pet_name: 'Minka',
        appointment_date: day(1),
      }),
    ]);
    renderApp(ALL);
    const upcoming = await screen.findByRole('region', { name: 'Upcoming appointments' });
    expect(rowTitles(upcoming)).toEqual([
      `DewormingWormsPet: MinkaDate: ${day(1)}Time: 09:30`,
      `ExaminationTeethPet: BelloDate: ${day(3)}Time: 09:30`,
    ]);
    expect(screen.queryByRole('region', { name: 'Passed appointments' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/v1/appointment/myappointments')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Add appointment' })).toHaveAttribute(
      'href',
      `${ALL}/add-appointment`,
    );
  });

  it('shows the empty state with the big plus button', async () => {
    installAppointmentsApi();
    renderApp(BASE);
    expect(await screen.findByText('No appointments yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add appointment' })).toHaveAttribute(
      'href',
      `${BASE}/add-appointment`,
    );
  });

  it('shows the paid-service prompt instead of the add action on the free plan', async () => {
    installAppointmentsApi([item({ appointment_reason: 'Earlier booking' })], { appointments: false });
    renderApp(ALL);
    expect(
      await screen.findByRole('heading', { name: 'Appointments with reminders are part of our paid plans.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Activate now' })).toHaveAttribute(
      'href',
      '/my-account/subscription',
    );
    expect(await screen.findByText('Earlier booking')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add appointment' })).not.toBeInTheDocument();
  });

  it('treats a plan with appointments but without medical allowance as not allowed', async () => {
    const api = installAppointmentsApi([], {
      user: { product: makeProduct({ appointments: true, medical: false }) },
    });
    renderApp(ALL);
    expect(
      await screen.findByRole('heading', { name: 'Appointments with reminders are part of our paid plans.' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add appointment' })).not.toBeInTheDocument();
    const { router } = renderApp(`${BASE}/add-appointment`);
    await waitFor(() => expect(locationOf(router)).toBe('/not-allowed'));
    expect(api.callsTo('POST', '/v1/appointment')).toHaveLength(0);
  });

  it('sends a free-plan user from the add page to the not-allowed route', async () => {
    const api = installAppointmentsApi([], { appointments: false });
    const { router } = renderApp(`${BASE}/add-appointment`);
    await waitFor(() => expect(locationOf(router)).toBe('/not-allowed'));
    expect(api.callsTo('POST', '/v1/appointment')).toHaveLength(0);
  });

  it('refuses appointments in the tier-fritz brand without any link to the subscription page', async () => {
    installAppointmentsApi([], { brand: 'tierfritz', appointments: false });
    renderApp(ALL);
    const prompt = await screen.findByRole('region', {
      name: 'Appointments with reminders are part of our paid plans.',
    });
    expect(within(prompt).queryByRole('link')).not.toBeInTheDocument();
    cleanup();
    const { router } = renderApp(`${BASE}/add-appointment`);
    await waitFor(() => expect(locationOf(router)).toBe('/not-allowed'));
    expect(await screen.findByRole('link', { name: 'Go to the home page' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View plans' })).not.toBeInTheDocument();
  });

  it('leads other brands from the not-allowed route to the plans', async () => {
    installAppointmentsApi([], { appointments: false });
    const { router } = renderApp(`${BASE}/add-appointment`);
    await waitFor(() => expect(locationOf(router)).toBe('/not-allowed'));
    expect(await screen.findByRole('link', { name: 'View plans' })).toHaveAttribute(
      'href',
      '/my-account/subscription',
    );
  });

  it('edits an appointment in its row: the type is read-only, the row updates and closes', async () => {
    const api = installAppointmentsApi([
      item({
        appointment_id: 'appt-7',
        appointment_type: 'Vaccination',
        appointment_vaccination_type: 'Rabies',
        appointment_reason: 'Booster',
        appointment_vet_name: 'Dr. Weber',
        appointment_country: 'AT',
      }),
    ]);
    const { user } = renderApp(BASE);
    await user.click(await screen.findByRole('button', { name: /Booster/ }));
    const form = await screen.findByRole('form', { name: `Edit Vaccination on ${day(3)}` });
    expect(textField(form, 'Type of appointment')).toHaveAttribute('readonly');
    expect(textField(form, 'Vaccination')).toHaveValue('Rabies');
    expect(textField(form, 'Vet')).toHaveValue('Dr. Weber');
    expect(within(form).getByRole('combobox', { name: 'Country' })).toHaveValue('Austria');
    await user.clear(textField(form, 'Reason'));
    await user.type(textField(form, 'Reason'), 'Second booster');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: /Second booster/ })).toBeInTheDocument();
    const [put] = api.callsTo('PUT', '/v1/appointment');
    expect(put?.url).toContain('appt_id=appt-7');
    const body = api.bodyOf(put!);
    expect(body).toMatchObject({
      reason: 'Second booster',
      vaccination_type: 'Rabies',
      vet_name: 'Dr. Weber',
      country: 'AT',
      appointment_date: day(3),
      appointment_time: '09:30',
    });
    expect(body).not.toHaveProperty('appointment_type');
    expect(body).not.toHaveProperty('reminder_time_zone');
  });

  it('discards cancelled edits at once, also while the row is still folding away', async () => {
    installAppointmentsApi([item({ appointment_id: 'appt-8', appointment_reason: 'Check-up' })]);
    const { user } = renderApp(BASE);
    await user.click(await screen.findByRole('button', { name: /Check-up/ }));
    const form = await screen.findByRole('form');
    const reason = textField(form, 'Reason');
    await user.clear(reason);
    await user.type(reason, 'Something else');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    // Reopened before it unmounts, the same form would show again: it must be reset.
    await waitFor(() => expect(reason).toHaveValue('Check-up'));
  });

  it('deletes an appointment after confirmation and removes its row', async () => {
    const api = installAppointmentsApi([
      item({ appointment_id: 'appt-1', appointment_reason: 'Check-up' }),
      item({ appointment_id: 'appt-2', appointment_reason: 'Teeth', appointment_date: day(5) }),
    ]);
    const { user } = renderApp(BASE);
    await user.click(await screen.findByRole('button', { name: /Check-up/ }));
    const form = await screen.findByRole('form', { name: `Edit Examination on ${day(3)}` });
    await user.click(within(form).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: `Delete Examination on ${day(3)}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Check-up/ })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/v1/appointment')[0]?.url).toContain('appt_id=appt-1');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Teeth/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('is German in German', async () => {
    installAppointmentsApi([
      item({ appointment_type: 'Surgery', appointment_reason: 'Knie' }),
      item({ appointment_id: 'x', appointment_type: 'Deworming', appointment_date: day(-3) }),
    ]);
    renderApp(BASE, { language: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Termine' })).toBeInTheDocument();
    const upcoming = await screen.findByRole('region', { name: 'Anstehende Termine' });
    expect(within(upcoming).getByRole('button', { name: /Knie/ })).toHaveTextContent('Operation');
    const passed = screen.getByRole('region', { name: 'Vergangene Termine' });
    expect(within(passed).getByRole('button')).toHaveTextContent('Entwurmung');
    expect(screen.getByRole('link', { name: 'Termin hinzufügen' })).toBeInTheDocument();
  });
});

describe('adding an appointment', () => {
  it('checks every field with the spec keys before sending anything', async () => {
    const api = installAppointmentsApi();
    const { user } = renderApp(`${BASE}/add-appointment`);
    const form = await screen.findByRole('form', { name: 'New appointment' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Please choose the type of appointment.')).toBeInTheDocument();
    expect(within(form).getByText('Please enter the reason.')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a date.')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a time.')).toBeInTheDocument();

    typeInto(form, 'Date', day(-1));
    expect(await within(form).findByText('The date cannot be in the past.')).toBeInTheDocument();

    await user.type(textField(form, 'E-mail'), 'not-an-address');
    await user.tab();
    expect(await within(form).findByText('Please enter a valid e-mail address.')).toBeInTheDocument();

    // A reminder needs both date and time.
    await user.clear(textField(form, 'E-mail'));
    await choose(user, form, 'Type of appointment', 'Examination');
    await user.type(textField(form, 'Reason'), 'Check');
    typeInto(form, 'Date', day(1));
    typeInto(form, 'Time', '10:00');
    typeInto(form, 'Reminder time', '08:00');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Please enter the reminder date as well.')).toBeInTheDocument();
    expect(within(form).queryByText('The date cannot be in the past.')).not.toBeInTheDocument();

    expect(within(form).getByText('0/100')).toBeInTheDocument();
    await user.type(textField(form, 'Comments'), 'Fasting');
    expect(within(form).getByText('7/100')).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/appointment')).toHaveLength(0);
  });

  it('shows the vaccination field only for a vaccination', async () => {
    installAppointmentsApi();
    const { user } = renderApp(`${BASE}/add-appointment`);
    const form = await screen.findByRole('form', { name: 'New appointment' });
    expect(within(form).queryByRole('textbox', { name: 'Vaccination' })).not.toBeInTheDocument();
    await choose(user, form, 'Type of appointment', 'Vaccination');
    expect(textField(form, 'Vaccination')).toBeInTheDocument();
    await choose(user, form, 'Type of appointment', 'Deworming');
    expect(within(form).queryByRole('textbox', { name: 'Vaccination' })).not.toBeInTheDocument();
  });

  it('posts the appointment with the browser time zone and goes to the pet’s list', async () => {
    const api = installAppointmentsApi();
    const { user, router } = renderApp(`${BASE}/add-appointment`);
    const form = await screen.findByRole('form', { name: 'New appointment' });
    await choose(user, form, 'Type of appointment', 'Vaccination');
    await user.type(textField(form, 'Vaccination'), 'Rabies');
    await user.type(textField(form, 'Reason'), ' Yearly booster ');
    typeInto(form, 'Date', day(7));
    typeInto(form, 'Time', '16:45');
    await user.type(textField(form, 'Vet'), 'Dr. Weber');
    await user.type(textField(form, 'E-mail'), 'praxis@example.com');
    await user.click(within(form).getByRole('combobox', { name: 'Country' }));
    await user.type(within(form).getByRole('combobox', { name: 'Country' }), 'Germ');
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    typeInto(form, 'Reminder date', day(6));
    typeInto(form, 'Reminder time', '08:00');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(locationOf(router)).toBe(BASE));
    const [post] = api.callsTo('POST', '/v1/appointment');
    expect(post?.url).toContain('pet_id=pet-1');
    expect(api.bodyOf(post!)).toEqual({
      appointment_type: 'Vaccination',
      vaccination_type: 'Rabies',
      reason: 'Yearly booster',
      appointment_date: day(7),
      appointment_time: '16:45',
      vet_name: 'Dr. Weber',
      address: null,
      zip: null,
      city: null,
      country: 'DE',
      phone: null,
      email: 'praxis@example.com',
      medication: null,
      comments: null,
      reminder_date: day(6),
      reminder_time: '08:00',
      reminder_time_zone: browserTimeZoneOffsetHours() + 0,
    });
    // The new appointment is read back from the prefixed list form.
    const row = await screen.findByRole('button', { name: /Yearly booster/ });
    expect(row).toHaveTextContent(`Vaccination`);
    expect(row).toHaveTextContent(day(7));
    expect(row).toHaveTextContent('16:45');
  });

  it('lets the user choose the pet on the all-pets add page and goes to that pet’s list', async () => {
    const api = installAppointmentsApi();
    const { user, router } = renderApp(`${ALL}/add-appointment`);
    const form = await screen.findByRole('form', { name: 'New appointment' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Please choose a pet.')).toBeInTheDocument();
    await choose(user, form, 'Pet', 'Minka');
    await choose(user, form, 'Type of appointment', 'Examination');
    await user.type(textField(form, 'Reason'), 'Limping');
    typeInto(form, 'Date', day(0));
    typeInto(form, 'Time', '07:15');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(locationOf(router)).toBe('/pet-details/Minka/pet-2/appointments'));
    expect(api.callsTo('POST', '/v1/appointment')[0]?.url).toContain('pet_id=pet-2');
    expect(api.bodyOf(api.callsTo('POST', '/v1/appointment')[0]!)).toMatchObject({
      vaccination_type: null,
      reminder_date: null,
      reminder_time: null,
    });
  });

  it('preselects the only pet in the tier-fritz brand', async () => {
    installAppointmentsApi([], {
      brand: 'tierfritz',
      user: { pets: [{ id: 'pet-1', name: 'Bello', image_url: null, type: 'Dog' }] },
    });
    renderApp(`${ALL}/add-appointment`);
    const form = await screen.findByRole('form', { name: 'New appointment' });
    expect(within(form).getByRole('combobox', { name: /^Pet/ })).toHaveTextContent('Bello');
  });

  it('asks for a pet first when the user has none', async () => {
    installAppointmentsApi([], { user: { pets: [] } });
    renderApp(`${ALL}/add-appointment`);
    expect(await screen.findByText('Please add a pet first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a pet' })).toHaveAttribute('href', '/dashboard/new-pet');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  async function submitValid(user: ReturnType<typeof renderApp>['user'], form: HTMLElement) {
    await choose(user, form, 'Type of appointment', 'Examination');
    await user.type(textField(form, 'Reason'), 'Check');
    typeInto(form, 'Date', day(2));
    typeInto(form, 'Time', '10:00');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
  }

  it('shows the appointment limit with the way to the subscription page', async () => {
    installAppointmentsApi([], {
      createAnswer: () => apiError(500, 'Appointment_Limit_Reached_Message', 'limit'),
    });
    const { user, router } = renderApp(`${BASE}/add-appointment`);
    const form = await screen.findByRole('form', { name: 'New appointment' });
    await submitValid(user, form);
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('You cannot add more appointments with your current plan.');
    expect(within(alert).getByRole('link', { name: 'Activate now' })).toHaveAttribute(
      'href',
      '/my-account/subscription',
    );
    expect(locationOf(router)).toBe(`${BASE}/add-appointment`);
  });

  it('has no subscription link in the limit message of the tier-fritz brand', async () => {
    installAppointmentsApi([], {
      brand: 'tierfritz',
      createAnswer: () => apiError(500, 'Appointment_Limit_Reached_Message', 'limit'),
    });
    const { user } = renderApp(`${BASE}/add-appointment`);
    const form = await screen.findByRole('form', { name: 'New appointment' });
    await submitValid(user, form);
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('You cannot add more appointments');
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  });

  it('offers the types with German labels in German', async () => {
    installAppointmentsApi();
    const { user } = renderApp(`${BASE}/add-appointment`, { language: 'de' });
    const form = await screen.findByRole('form', { name: 'Neuer Termin' });
    await user.click(within(form).getByRole('combobox', { name: /^Art des Termins/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Untersuchung', 'Impfung', 'Operation', 'Entwurmung']);
    await user.click(screen.getByRole('option', { name: 'Impfung' }));
    expect(textField(form, 'Impfung gegen')).toBeInTheDocument();
    expect(textField(form, 'Grund')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Speichern' })).toBeInTheDocument();
  });
});

describe('a shared pet’s appointments (issue 35)', () => {
  const shared = (role: 'carer' | 'viewer' | 'co_owner') => ({
    pets: [],
    shared_pets: [
      {
        id: 'pet-1',
        name: 'Bello',
        image_url: null,
        type: 'Dog' as const,
        share_id: 'share-1',
        owner_name: 'Olga Owner',
        role,
        ends_at: null,
      },
    ],
  });

  it('a carer notes an appointment: only the comments are editable, the PUT carries only them, no delete', async () => {
    const api = installAppointmentsApi(
      [item({ appointment_id: 'appt-5', appointment_reason: 'Check-up', appointment_vet_name: 'Dr. Weber' })],
      { user: shared('carer') },
    );
    const { user } = renderApp(BASE);
    await user.click(await screen.findByRole('button', { name: /Check-up/ }));
    const form = await screen.findByRole('form', { name: `Edit Examination on ${day(3)}` });
    expect(
      within(form).getByText(
        'As a carer you can add a note to this appointment; the other fields are read-only.',
      ),
    ).toBeInTheDocument();
    expect(textField(form, 'Reason')).toBeDisabled();
    expect(textField(form, 'Vet')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const comments = textField(form, 'Comments');
    expect(comments).toBeEnabled();
    await user.type(comments, 'Fed at 8, a bit tired');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/v1/appointment')).toHaveLength(1));
    const put = api.callsTo('PUT', '/v1/appointment')[0]!;
    expect(put.url).toContain('appt_id=appt-5');
    expect(api.bodyOf(put)).toEqual({ comments: 'Fed at 8, a bit tired' });
  });

  it('a viewer gets the form read-only, comments included', async () => {
    installAppointmentsApi([item({ appointment_id: 'appt-6', appointment_reason: 'Check-up' })], {
      user: shared('viewer'),
    });
    const { user } = renderApp(BASE);
    await user.click(await screen.findByRole('button', { name: /Check-up/ }));
    const form = await screen.findByRole('form');
    expect(textField(form, 'Comments')).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('a co-owner edits every field and may delete', async () => {
    installAppointmentsApi([item({ appointment_id: 'appt-7', appointment_reason: 'Check-up' })], {
      user: shared('co_owner'),
    });
    const { user } = renderApp(BASE);
    await user.click(await screen.findByRole('button', { name: /Check-up/ }));
    const form = await screen.findByRole('form');
    expect(textField(form, 'Reason')).toBeEnabled();
    expect(within(form).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(within(form).queryByText(/As a carer/)).not.toBeInTheDocument();
  });
});

describe('Ein geteiltes Tier (issue 35)', () => {
  it('zeigt der Betreuerin den Hinweis auf Deutsch', async () => {
    installAppointmentsApi([item({ appointment_id: 'appt-5', appointment_reason: 'Kontrolle' })], {
      user: {
        pets: [],
        shared_pets: [
          {
            id: 'pet-1',
            name: 'Bello',
            image_url: null,
            type: 'Dog' as const,
            share_id: 'share-1',
            owner_name: 'Olga',
            role: 'carer',
            ends_at: null,
          },
        ],
      },
    });
    const { user } = renderApp(BASE, { language: 'de' });
    await user.click(await screen.findByRole('button', { name: /Kontrolle/ }));
    expect(
      await screen.findByText(/Als Betreuer:in können Sie diesem Termin eine Notiz hinzufügen/),
    ).toBeInTheDocument();
  });
});
