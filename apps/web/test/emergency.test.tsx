import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@pet/contract';
import { translations } from '@/lib/i18n';
import {
  apiError,
  installFakeApi,
  locationOf,
  makeProduct,
  makeUser,
  renderApp,
  type FakeApiOptions,
  type RecordedCall,
} from './helpers';

const en = translations.en as Record<string, string>;
const de = translations.de as Record<string, string>;

function pdf(): Response {
  // A text body: jsdom's Blob is not the Blob the fetch Response of Node reads.
  return new Response('%PDF-1.7 test', {
    status: 200,
    headers: { 'Content-Type': 'application/pdf' },
  });
}

function queryOf(call: RecordedCall | undefined): URLSearchParams {
  return new URL(call?.url ?? '', 'http://localhost').searchParams;
}

/** Records the names the page saves files under (the temporary <a download> clicks). */
let savedFiles: string[] = [];

beforeEach(() => {
  savedFiles = [];
  // Failed downloads are reported on the console (pet-data section 8); keep the output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn(() => 'blob:http://localhost/emergency'),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    savedFiles.push(this.download);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function signedIn(user: Partial<UserInfo>, options: Omit<FakeApiOptions, 'user'> = {}) {
  return installFakeApi({ ...options, user: makeUser(user) });
}

describe('/emergency-data (signed in)', () => {
  it('downloads the emergency file in German by default, then in English', async () => {
    const api = signedIn({}, { routes: { 'GET /v1/emergency': () => pdf() } });
    const { user } = renderApp('/emergency-data');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Emergency case files' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Anyone who finds your pet can download it/)).toHaveTextContent(
      'http://localhost:3000/notfall',
    );
    const language = screen.getByRole('combobox', { name: 'Language of the file' });
    expect(language).toHaveTextContent('German');

    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(
      await screen.findByText('The emergency file has been downloaded as Notfallakte.pdf.'),
    ).toBeInTheDocument();
    const [first] = api.callsTo('GET', '/v1/emergency');
    expect(queryOf(first).get('language')).toBe('de');
    expect(savedFiles).toEqual(['Notfallakte.pdf']);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);

    await user.click(language);
    await user.click(await screen.findByRole('option', { name: 'English' }));
    expect(screen.getByText('Saved as Emergency_File.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(
      await screen.findByText('The emergency file has been downloaded as Emergency_File.pdf.'),
    ).toBeInTheDocument();
    expect(queryOf(api.callsTo('GET', '/v1/emergency')[1]).get('language')).toBe('en');
    expect(savedFiles).toEqual(['Notfallakte.pdf', 'Emergency_File.pdf']);
  });

  it('shows the button busy while the file loads', async () => {
    let answer: (response: Response) => void = () => undefined;
    signedIn(
      {},
      { routes: { 'GET /v1/emergency': () => new Promise<Response>((resolve) => (answer = resolve)) } },
    );
    const { user } = renderApp('/emergency-data');
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    const busy = await screen.findByRole('button', { name: /Download/ });
    await waitFor(() => expect(busy).toBeDisabled());
    expect(busy).toHaveAttribute('aria-busy', 'true');
    answer(pdf());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled());
    expect(savedFiles).toEqual(['Notfallakte.pdf']);
  });

  it('reports a refused download with the translated message and the upgrade action', async () => {
    signedIn({}, { routes: { 'GET /v1/emergency': () => apiError(500, 'Download_Not_Allowed_Text') } });
    const { user } = renderApp('/emergency-data', { language: 'de' });
    await user.click(await screen.findByRole('button', { name: 'Herunterladen' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(de.Download_Not_Allowed_Text!);
    expect(within(alert).getByRole('link', { name: de.Upgrade_Text })).toHaveAttribute(
      'href',
      '/my-account/subscription',
    );
    expect(savedFiles).toEqual([]);
  });

  it('reports a network failure', async () => {
    signedIn({}, { routes: { 'GET /v1/emergency': () => Promise.reject(new TypeError('offline')) } });
    const { user } = renderApp('/emergency-data');
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.Server_Down_Text!);
  });

  it('shows the upgrade prompt on the free plan', async () => {
    const api = signedIn({
      product: makeProduct({ is_default: true, sequence: 0 }),
      activation_code_type: null,
    });
    renderApp('/emergency-data');
    expect(
      await screen.findByRole('heading', { level: 2, name: en.Download_Not_Allowed_Text }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade now' })).toHaveAttribute(
      'href',
      '/my-account/subscription',
    );
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/v1/emergency')).toHaveLength(0);
  });

  it('shows the upgrade prompt for a paid plan redeemed with a batch code', async () => {
    signedIn({ activation_code_type: 'batch' });
    renderApp('/emergency-data', { language: 'de' });
    expect(
      await screen.findByRole('heading', { level: 2, name: de.Download_Not_Allowed_Text }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: de.Upgrade_Text })).toHaveAttribute(
      'href',
      '/my-account/subscription',
    );
    expect(screen.queryByRole('button', { name: 'Herunterladen' })).not.toBeInTheDocument();
    expect(screen.getByText(/Wer Ihr Tier findet/)).toBeInTheDocument();
  });

  it('refuses sequence 0 on tier-fritz with Download_Not_Allowed_Text', async () => {
    signedIn({ product: makeProduct({ sequence: 0 }) }, { brand: 'tierfritz' });
    renderApp('/emergency-data');
    expect(
      await screen.findByRole('heading', { level: 2, name: en.Download_Not_Allowed_Text }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade now' })).not.toBeInTheDocument();
  });

  it('allows sequence 1 on tier-fritz', async () => {
    signedIn({ product: makeProduct({ sequence: 1 }) }, { brand: 'tierfritz' });
    renderApp('/emergency-data');
    expect(await screen.findByRole('button', { name: 'Download' })).toBeEnabled();
  });

  it('shows the no-pet text with a link to my pets', async () => {
    signedIn({ pets: [] });
    renderApp('/emergency-data', { language: 'de' });
    expect(await screen.findByText(de.No_Pet_Text!)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu meinen Tieren' })).toHaveAttribute(
      'href',
      '/dashboard/my-pets',
    );
    expect(screen.queryByRole('button', { name: 'Herunterladen' })).not.toBeInTheDocument();
  });

  it('fits a phone', async () => {
    window.innerWidth = 390;
    signedIn({});
    renderApp('/emergency-data');
    expect(await screen.findByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language of the file' })).toBeInTheDocument();
  });
});

describe('/notfall (public emergency download)', () => {
  function publicApi(answer: (call: RecordedCall) => Response | Promise<Response> = () => pdf()) {
    return installFakeApi({ user: null, routes: { 'GET /v1/emergency/public': answer } });
  }

  it('requires the emergency password', async () => {
    const api = publicApi();
    const { user } = renderApp('/notfall', { language: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notfallakte' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('Notfallpasswort ist erforderlich')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Notfallpasswort/ }), '   ');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(screen.getByText('Notfallpasswort ist erforderlich')).toBeInTheDocument();
    expect(api.callsTo('GET', '/v1/emergency/public')).toHaveLength(0);
  });

  it('sends the trimmed password with German by default and saves Notfallakte.pdf', async () => {
    const api = publicApi();
    const { user } = renderApp('/notfall', { language: 'de' });
    expect(await screen.findByRole('radio', { name: 'Deutsch' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Englisch' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: /App Store/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Google Play/ })).toBeInTheDocument();
    expect(screen.getByText(/Die Notfallakte enthält die Kontaktdaten/)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Notfallpasswort/ }), '  ABC-123  ');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(
      await screen.findByText('Die Notfallakte wurde als Notfallakte.pdf heruntergeladen.'),
    ).toBeInTheDocument();
    const [call] = api.callsTo('GET', '/v1/emergency/public');
    expect(queryOf(call).get('activation_code')).toBe('ABC-123');
    expect(queryOf(call).get('language')).toBe('de');
    expect(savedFiles).toEqual(['Notfallakte.pdf']);
  });

  it('follows the language choice for the file (English UI)', async () => {
    const api = publicApi();
    const { user } = renderApp('/notfall');
    await user.click(await screen.findByRole('radio', { name: 'English' }));
    await user.type(screen.getByRole('textbox', { name: /Emergency password/ }), 'CODE1');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('The emergency file has been downloaded as Emergency_File.pdf.'),
    ).toBeInTheDocument();
    const [call] = api.callsTo('GET', '/v1/emergency/public');
    expect(queryOf(call).get('activation_code')).toBe('CODE1');
    expect(queryOf(call).get('language')).toBe('en');
    expect(savedFiles).toEqual(['Emergency_File.pdf']);
  });

  it('shows the button busy while the file loads', async () => {
    let answer: (response: Response) => void = () => undefined;
    publicApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderApp('/notfall');
    await user.type(await screen.findByRole('textbox', { name: /Emergency password/ }), 'CODE1');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const busy = await screen.findByRole('button', { name: /Confirm/ });
    await waitFor(() => expect(busy).toBeDisabled());
    answer(pdf());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled());
  });

  it.each([
    [403, 'Forbidden_Text', 'Die Notfalldatei wird für dieses Abonnement nicht unterstützt'],
    [404, 'Not_Found_Text', 'Ungültiges Notfallpasswort'],
    [400, 'Bad_Request_Text', 'Ungültiges Notfallpasswort'],
    [500, 'Failure_Call_Text', 'Ungültiges Notfallpasswort'],
    [429, 'Too_Many_Requests_Text', de.Too_Many_Requests_Text!],
  ])('answers %i with its text', async (status, key, text) => {
    publicApi(() => apiError(status, key));
    const { user, router } = renderApp('/notfall', { language: 'de' });
    await user.type(await screen.findByRole('textbox', { name: /Notfallpasswort/ }), 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(savedFiles).toEqual([]);
    expect(locationOf(router)).toBe('/notfall');
  });

  it('stays on the page on a 401 answer (no sign-out hand-over)', async () => {
    publicApi(() => apiError(401, 'Session_Expired_Text'));
    const { user, router } = renderApp('/notfall');
    await user.type(await screen.findByRole('textbox', { name: /Emergency password/ }), 'X');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid emergency password');
    expect(locationOf(router)).toBe('/notfall');
  });

  it('fits a phone', async () => {
    window.innerWidth = 390;
    publicApi();
    renderApp('/notfall');
    expect(await screen.findByRole('textbox', { name: /Emergency password/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });

  it('sends a signed-in user away to /', async () => {
    installFakeApi();
    const { router } = renderApp('/notfall');
    await waitFor(() => expect(locationOf(router)).toBe('/'));
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });
});
