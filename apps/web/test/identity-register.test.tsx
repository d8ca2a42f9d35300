import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, installFakeApi, json, makeProduct, renderApp, type RecordedCall } from './helpers';
import { enter, field, type User } from './identity-helpers';

// Lazy routes load slowly in jsdom on a busy machine: wait up to 5 s for what should appear.

function registerApi(routes: Record<string, (call: RecordedCall) => Response | Promise<Response>> = {}) {
  return installFakeApi({
    user: null,
    routes: {
      'POST /v1/auth/signup': (call) => {
        const body = JSON.parse(call.body!) as { email: string };
        return json({ message: 'USER CREATED', user_id: 'u-1', email: body.email }, 201);
      },
      ...routes,
    },
  });
}

async function fillAccount(user: User, values: { name?: string; email?: string; password?: string } = {}) {
  await enter(user, field('Name'), values.name ?? 'Emma Walker');
  await enter(user, field('E-mail address'), values.email ?? 'emma@example.com');
  await enter(user, field('Password'), values.password ?? 'secret-123');
  await enter(user, field('Confirm password'), values.password ?? 'secret-123');
}

describe('registration', () => {
  it('offers the brand code choices: yes, no, without; the tracker brand yes and no', async () => {
    registerApi();
    const view = renderApp('/register');
    const group = await screen.findByRole('radiogroup');
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['yes', 'no', 'without']);
    view.unmount();
    installFakeApi({ user: null, brand: 'gpstracker' });
    renderApp('/register');
    const trackerGroup = await screen.findByRole('radiogroup');
    expect(
      within(trackerGroup)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['yes', 'no']);
  });

  it('without a code: the fields appear at once, validate on blur and the signup is sent', async () => {
    const fake = registerApi();
    const { user } = renderApp('/register', { language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Register' });
    expect(screen.getByLabelText(/^Name/)).not.toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Continue without activation code' }));

    fireEvent.blur(field('Name'));
    expect(await screen.findByText('Please enter a name.')).toBeInTheDocument();
    await enter(user, field('Name'), 'Em');
    fireEvent.blur(field('Name'));
    expect(await screen.findByText('The name must have 3 to 30 characters.')).toBeInTheDocument();
    await enter(user, field('Password'), 'secret-123');
    await enter(user, field('Confirm password'), 'secret-12');
    fireEvent.blur(field('Confirm password'));
    expect(await screen.findByText('Password does not match')).toBeInTheDocument();
    // The counter of the 30-character password.
    expect(screen.getAllByText('10/30').length).toBeGreaterThan(0);
    expect(field('Password')).toHaveAttribute('maxlength', '30');

    await user.clear(field('Name'));
    await user.clear(field('Password'));
    await user.clear(field('Confirm password'));
    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for registering!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('We have sent a confirmation link to emma@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/');
    expect(JSON.parse(fake.callsTo('POST', '/v1/auth/signup')[0]!.body!)).toEqual({
      name: 'Emma Walker',
      email: 'emma@example.com',
      password: 'secret-123',
      activation_code: null,
      tracker_ids: [],
      language: 'en',
      product_associated: 'without',
      // Issue 36: the browser's zone becomes the account's.
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('links terms, privacy and the products page', async () => {
    registerApi();
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('radio', { name: 'No, I do not have an activation code' }));
    expect(screen.getByRole('link', { name: /Our products/ })).toHaveAttribute(
      'href',
      'https://www.prime-pet.de/#preise',
    );
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
      'href',
      'https://www.prime-pet.de/conditions',
    );
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      'https://www.prime-pet.de/dataprotectionpdf',
    );
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/signin');
  });

  it('checks the code on OK: required, longer than 1 character, the answers of the check', async () => {
    const answers: Response[] = [
      json({ isvalid: false, message: 'CODE IS INVALID', product: null }),
      json({ isvalid: false, message: 'CODE HAS ALREADY BEEN REDEEMED', product: null }),
      json({ isvalid: true, message: 'CODE IS VALID', product: makeProduct({ name: 'Premium' }) }),
    ];
    const fake = registerApi({ 'POST /v1/auth/checkcode': () => answers.shift()! });
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('radio', { name: 'Yes, I have an activation code' }));
    const ok = screen.getByRole('button', { name: 'OK' });

    // An empty code on OK: the registration's own No_Code (account-area section 5).
    await user.click(ok);
    expect(await screen.findByText('Please enter your activation code.')).toBeInTheDocument();
    await enter(user, field('Activation code'), 'X');
    await user.click(ok);
    expect(await screen.findByText('This code is not valid.')).toBeInTheDocument();
    expect(fake.callsTo('POST', '/v1/auth/checkcode')).toHaveLength(0);

    await user.clear(field('Activation code'));
    await enter(user, field('Activation code'), 'WRONG-CODE');
    await user.click(ok);
    expect(await screen.findByText('This code is not valid.')).toBeInTheDocument();
    await user.click(ok);
    expect(await screen.findByText('This code has already been redeemed.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).not.toBeVisible();

    await user.click(ok);
    expect(
      await screen.findByText('Your code is valid: Premium will be activated with your account.'),
    ).toBeInTheDocument();
    expect(JSON.parse(fake.callsTo('POST', '/v1/auth/checkcode')[2]!.body!)).toEqual({ code: 'WRONG-CODE' });
    await waitFor(() => expect(field('Name')).toBeVisible());
    // The name is the next field: focus moves there once the fields have appeared.
    await waitFor(() => expect(field('Name')).toHaveFocus());

    // A changed code must be checked again.
    await enter(user, field('Activation code'), 'X');
    await waitFor(() => expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument());
  });

  it('registers with the checked code', async () => {
    const fake = registerApi({
      'POST /v1/auth/checkcode': () =>
        json({ isvalid: true, message: 'CODE IS VALID', product: makeProduct() }),
    });
    const { user } = renderApp('/register', { language: 'de' });
    await user.click(await screen.findByRole('radio', { name: 'Ja, ich habe einen Aktivierungscode' }));
    await enter(user, field('Aktivierungscode'), 'ABCD-EFGH-JKLM');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await screen.findByText(/Ihr Code ist gültig/);
    await waitFor(() => expect(field('Name')).toHaveFocus());
    await enter(user, field('Name'), 'Jürgen Größe');
    await enter(user, field('E-Mail-Adresse'), 'juergen@example.com');
    await enter(user, field('Passwort'), 'geheim-123');
    await enter(user, field('Passwort bestätigen'), 'geheim-123');
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Registrierung!' });
    expect(JSON.parse(fake.callsTo('POST', '/v1/auth/signup')[0]!.body!)).toMatchObject({
      activation_code: 'ABCD-EFGH-JKLM',
      tracker_ids: [],
      language: 'de',
      product_associated: 'yes',
    });
  });

  it('the tracker brand asks the tracker id: required, wrong tracker, taken, malformed', async () => {
    const answers: Array<() => Response> = [
      () => json({ isvalid: false, message: 'CODE IS NOT VALID FOR THIS TRACKER ID', product: null }),
      () => apiError(409, 'GPS_Tracker_Already_Exist'),
      () => apiError(400, 'Bad_Request_Text'),
      () => json({ isvalid: true, message: 'CODE IS VALID', product: makeProduct({ name: 'BASIS 12' }) }),
    ];
    const fake = installFakeApi({
      user: null,
      brand: 'gpstracker',
      routes: {
        'POST /v1/auth/checkcode': () => answers.shift()!(),
        'POST /v1/auth/signup': () => json({ message: 'ok', user_id: 'u', email: 'tina@example.com' }, 201),
      },
    });
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('radio', { name: 'Yes, I have an activation code' }));
    await enter(user, field('Activation code'), 'TRACK-CODE');
    const ok = screen.getByRole('button', { name: 'OK' });
    await user.click(ok);
    expect(await screen.findByText('Please enter your GPS tracker ID.')).toBeInTheDocument();

    await enter(user, field('GPS tracker ID'), 'TRK-2');
    await user.click(ok);
    expect(await screen.findByText('This GPS tracker ID does not match the code.')).toBeInTheDocument();
    await user.click(ok);
    expect(await screen.findByText('This GPS tracker is already registered.')).toBeInTheDocument();
    await user.click(ok);
    expect(await screen.findByText('This code is not valid.')).toBeInTheDocument();
    expect(screen.getByText('This GPS tracker ID does not match the code.')).toBeInTheDocument();
    await user.click(ok);
    await screen.findByText('Your code is valid: BASIS 12 will be activated with your account.');
    await waitFor(() => expect(field('Name')).toHaveFocus());
    expect(JSON.parse(fake.callsTo('POST', '/v1/auth/checkcode')[0]!.body!)).toEqual({
      code: 'TRACK-CODE',
      tracker_id: 'TRK-2',
    });

    await fillAccount(user, { email: 'tina@example.com' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('heading', { level: 1, name: 'Thank you for registering!' });
    expect(JSON.parse(fake.callsTo('POST', '/v1/auth/signup')[0]!.body!)).toMatchObject({
      activation_code: 'TRACK-CODE',
      tracker_ids: ['TRK-2'],
      product_associated: 'yes',
    });
  });

  it('shows the signup refusals: existing user on the e-mail, another platform in a message', async () => {
    const answers = [
      () => apiError(409, 'User_Already_Exists', 'User already exists'),
      () => apiError(403, 'PrimePet_Merging_Services', 'The account exists on another platform'),
    ];
    registerApi({ 'POST /v1/auth/signup': () => answers.shift()!() });
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('radio', { name: 'No, I do not have an activation code' }));
    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('An account with this e-mail address already exists.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We are merging our services');
  });

  it('status=successfully-ordered shows the order message instead of the code choice', async () => {
    registerApi();
    renderApp('/register?status=successfully-ordered&email=paid%40example.com');
    expect(await screen.findByText(/Thank you for your order!/)).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(field('E-mail address')).toHaveValue('paid@example.com');
  });

  it('disables Register while the signup runs', async () => {
    let release: (response: Response) => void = () => undefined;
    registerApi({ 'POST /v1/auth/signup': () => new Promise<Response>((resolve) => (release = resolve)) });
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('radio', { name: 'No, I do not have an activation code' }));
    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled());
    release(json({ message: 'ok', user_id: 'u', email: 'emma@example.com' }, 201));
    await screen.findByRole('heading', { level: 1, name: 'Thank you for registering!' });
  });
});
