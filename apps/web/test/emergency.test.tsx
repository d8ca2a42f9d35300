import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@pet/contract';
import { translations } from '@/lib/i18n';
import {
  apiError,
  installFakeApi,
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
