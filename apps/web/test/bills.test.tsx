import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ID_HEADER, type Order } from '@pet/contract';
import { setHeaderHiddenFor } from '@/lib/mobile-embedding';
import { apiError, identityHeaderOf, installFakeApi, json, locationOf, makeUser, renderApp } from './helpers';

/** Bills (account-area section 2): table, phone cards, PDF in a new tab, empty and error states, brands, embedding. */

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'order-2',
    order_number: 'PP-20261124-AAAA0002',
    order_date: '24.11.2026',
    product_name: 'Premium',
    paid_amount_eur_formatted: '59,99 €',
    date: '2026-11-24T10:00:00.000Z',
    type: 'yearly',
    payment_type: 'card',
    invoice_number: 'PP-2026-000002',
    invoice_url: '/v1/order/orderpdfweb?id=order-2',
    activation_code: null,
    kind: 'purchase',
    period_start: '24.11.2026',
    period_end: '24.11.2027',
    credit_note_number: null,
    credit_note_url: null,
    ...overrides,
  };
}

const ORDERS: Order[] = [
  order(),
  order({
    id: 'order-1',
    order_number: 'PP-20261001-AAAA0001',
    order_date: '01.10.2026',
    product_name: 'Basic',
    paid_amount_eur_formatted: '2,99 €',
    type: 'monthly',
    invoice_number: 'PP-2026-000001',
    invoice_url: '/v1/order/orderpdfweb?id=order-1',
    kind: 'renewal',
    period_start: '01.10.2026',
    period_end: '01.11.2026',
    credit_note_number: 'PP-G-2026-000001',
    credit_note_url: '/v1/order/orderpdfweb?id=order-1&document=credit_note',
  }),
];

function pdf(): Response {
  return new Response('%PDF-1.7 test', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
}

/** The blank tab the page opens on click (then points at the PDF, or closes on failure). */
let tab: { opener: unknown; closed: boolean; close: ReturnType<typeof vi.fn>; location: { href: string } };

beforeEach(() => {
  tab = { opener: 'portal', closed: false, close: vi.fn(), location: { href: 'about:blank' } };
  vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn(() => 'blob:http://localhost/invoice'),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
});

afterEach(() => {
  setHeaderHiddenFor(null);
  vi.restoreAllMocks();
});

describe('/my-account/bills', () => {
  it('shows the bills as a table with the spec’s columns, newest first', async () => {
    const api = installFakeApi({ routes: { 'GET /v1/order/myorders': () => json(ORDERS) } });
    renderApp('/my-account/bills');
    const table = await screen.findByRole('table', { name: 'Your bills' });
    expect(screen.getByRole('heading', { level: 1, name: 'Bills' })).toBeInTheDocument();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Invoice number',
      'Bill date',
      'Product name',
      'Bill period',
      'Order amount',
      'PDF',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(first.slice(0, 5)).toEqual([
      'PP-2026-000002',
      '24.11.2026',
      'Premium',
      '24.11.2026 – 24.11.2027Yearly',
      '59,99 €',
    ]);
    expect(within(rows[1]!).getByText('Renewal')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Refunded')).toBeInTheDocument();
    expect(
      within(rows[1]!).getByRole('button', { name: 'Open invoice correction PP-G-2026-000001 as PDF' }),
    ).toBeEnabled();
    expect(identityHeaderOf(api.callsTo('GET', '/v1/order/myorders')[0])).toBe('user-1');
  });

  it('opens the invoice PDF in a new tab, fetched with the app id header', async () => {
    const api = installFakeApi({
      routes: { 'GET /v1/order/myorders': () => json(ORDERS), 'GET /v1/order/orderpdfweb': () => pdf() },
    });
    const { user } = renderApp('/my-account/bills');
    await user.click(await screen.findByRole('button', { name: 'Open invoice PP-2026-000002 as PDF' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/invoice'));
    // The tab is opened within the click (no popup blocker), without a way back to the portal.
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    const [call] = api.callsTo('GET', '/v1/order/orderpdfweb');
    const url = new URL(call!.url, 'http://localhost');
    expect(url.searchParams.get('id')).toBe('order-2');
    expect(url.searchParams.has('document')).toBe(false);
    expect(call!.headers.get(APP_ID_HEADER)).toBe('web');
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('application/pdf');

    // The credit note of the refunded order.
    await user.click(screen.getByRole('button', { name: 'Open invoice correction PP-G-2026-000001 as PDF' }));
    await waitFor(() => expect(api.callsTo('GET', '/v1/order/orderpdfweb')).toHaveLength(2));
    const creditUrl = new URL(api.callsTo('GET', '/v1/order/orderpdfweb')[1]!.url, 'http://localhost');
    expect(creditUrl.searchParams.get('id')).toBe('order-1');
    expect(creditUrl.searchParams.get('document')).toBe('credit_note');
  });

  it('a PDF that fails closes the tab again and shows the API error message', async () => {
    installFakeApi({
      routes: {
        'GET /v1/order/myorders': () => json(ORDERS),
        'GET /v1/order/orderpdfweb': () => apiError(404, 'Not_Found_Text'),
      },
    });
    const { user, i18n } = renderApp('/my-account/bills');
    await user.click(await screen.findByRole('button', { name: 'Open invoice PP-2026-000002 as PDF' }));
    expect(await screen.findByText(i18n.t('Not_Found_Text'))).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    // The button works again.
    expect(screen.getByRole('button', { name: 'Open invoice PP-2026-000002 as PDF' })).toBeEnabled();
  });

  it('a server that cannot be reached shows its catalogue text for the PDF', async () => {
    installFakeApi({
      routes: {
        'GET /v1/order/myorders': () => json(ORDERS),
        'GET /v1/order/orderpdfweb': () => Promise.reject(new TypeError('Failed to fetch')),
      },
    });
    const { user, i18n } = renderApp('/my-account/bills');
    await user.click(await screen.findByRole('button', { name: 'Open invoice PP-2026-000002 as PDF' }));
    expect(await screen.findByText(i18n.t('Server_Down_Text'))).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });

  it('shows No_Orders_Text when there are no orders (204)', async () => {
    installFakeApi({ routes: { 'GET /v1/order/myorders': () => new Response(null, { status: 204 }) } });
    const { i18n } = renderApp('/my-account/bills');
    expect(await screen.findByText(i18n.t('No_Orders_Text'))).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the list fails', async () => {
    let fail = true;
    const api = installFakeApi({
      routes: {
        'GET /v1/order/myorders': () => (fail ? apiError(500, 'Failure_Call_Text') : json(ORDERS)),
      },
    });
    const { user, i18n } = renderApp('/my-account/bills');
    expect(await screen.findByText('Your bills could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText(i18n.t('Failure_Call_Text'))).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: i18n.t('app.retry') }));
    expect(await screen.findByRole('table', { name: 'Your bills' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/v1/order/myorders')).toHaveLength(2);
  });

  it('shows cards on a phone, in German', async () => {
    window.innerWidth = 390;
    installFakeApi({
      user: makeUser({ language: 'German' }),
      routes: { 'GET /v1/order/myorders': () => json(ORDERS), 'GET /v1/order/orderpdfweb': () => pdf() },
    });
    const { user } = renderApp('/my-account/bills', { language: 'de' });
    const list = await screen.findByRole('list', { name: 'Ihre Rechnungen' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'PP-2026-000002' })).toBeInTheDocument();
    expect(first.getByText('Rechnungsdatum')).toBeInTheDocument();
    expect(first.getByText('24.11.2026 – 24.11.2027 · Jährlich')).toBeInTheDocument();
    expect(first.getByText('59,99 €')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Verlängerung')).toBeInTheDocument();
    await user.click(first.getByRole('button', { name: 'Rechnung PP-2026-000002 als PDF öffnen' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/invoice'));
  });

  it.each(['hundeschutz', 'gpstracker'] as const)(
    'is hidden in the %s brand: the URL leads to the dashboard and no call is made',
    async (brand) => {
      const api = installFakeApi({ brand, routes: { 'GET /v1/order/myorders': () => json(ORDERS) } });
      const { router } = renderApp('/my-account/bills');
      await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
      expect(api.callsTo('GET', '/v1/order/myorders')).toHaveLength(0);
    },
  );

  it('inside the mobile app (?tokenI=): no header, the bills and the PDF work', async () => {
    const api = installFakeApi({
      routes: {
        'POST /v1/auth/mobiletoken/check': () => json({ valid: true }),
        'GET /v1/order/myorders': () => json(ORDERS),
        'GET /v1/order/orderpdfweb': () => pdf(),
      },
    });
    const { user } = renderApp('/my-account/bills?tokenI=app-token');
    const table = await screen.findByRole('table', { name: 'Your bills' });
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Open invoice PP-2026-000002 as PDF' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/invoice'));
    expect(api.callsTo('GET', '/v1/order/orderpdfweb')[0]!.headers.get(APP_ID_HEADER)).toBe('web');
  });

  it('inside the mobile app with a token that is not the stored one (?tokenA=): signs out to /signin', async () => {
    const api = installFakeApi({
      routes: {
        'POST /v1/auth/mobiletoken/check': () => json({ valid: false }),
        'GET /v1/order/myorders': () => json(ORDERS),
      },
    });
    const { router } = renderApp('/my-account/bills?tokenA=stolen');
    await waitFor(() => expect(locationOf(router)).toBe('/signin'));
    expect(api.callsTo('POST', '/identity/sign-out')).toHaveLength(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
