import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HandoverLink, PetDocument } from '@pet/contract';
import { apiError, installFakeApi, json, makeProduct, makeUser, renderApp } from './helpers';

const DOCS: PetDocument[] = [
  {
    id: 'd1',
    document_type: 'Diagnoses',
    area: 'vet-findings',
    description: 'Blood work',
    doc_url: [JSON.stringify({ url: '/v1/document/file?file_id=f1', type: 'pdf' })],
    created_at: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 'd2',
    document_type: 'Insurance',
    area: 'document-safe',
    description: 'Policy',
    doc_url: [JSON.stringify({ url: '/v1/document/file?file_id=f2', type: 'docx' })],
    created_at: '2026-11-19T10:00:00.000Z',
  },
];

const LINK: HandoverLink = {
  id: 'l1',
  url: 'http://localhost/handover/AAAAAAAAAAAAAAAAAAAAAA',
  pet_id: 'p1',
  document_count: 1,
  created_at: '2026-11-25T10:00:00.000Z',
  expires_at: '2026-12-02T10:00:00.000Z',
  revoked_at: null,
  status: 'active',
  downloads: 0,
  last_download_at: null,
};

const pdfAnswer = () =>
  new Response('%PDF-1.7 test', {
    status: 200,
    headers: { 'Content-Type': 'application/pdf' },
  });

beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn(() => 'blob:http://localhost/pdf'),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('exports page', () => {
  it('downloads the record, builds a handover PDF and a share link from the chosen documents, and revokes a link after asking', async () => {
    let links: HandoverLink[] = [{ ...LINK, id: 'old', downloads: 3, status: 'expired' }];
    const api = installFakeApi({
      routes: {
        'GET /v1/document/mydocs': () => json(DOCS),
        'GET /v1/pet/handover/links': () => json(links),
        'GET /v1/pet/export/record': () => pdfAnswer(),
        'POST /v1/pet/handover': (call) => {
          const body = JSON.parse(call.body ?? '{}') as { mode: string };
          if (body.mode === 'pdf') return pdfAnswer();
          links = [LINK, ...links];
          return json(LINK, 201);
        },
        'DELETE /v1/pet/handover/link': () => {
          links = links.map((link) => (link.id === 'l1' ? { ...link, status: 'revoked' } : link));
          return json(links[0]);
        },
      },
    });
    const pet = makeUser().pets[0]!;
    const { user: actor } = renderApp(`/pet-details/${pet.name}/${pet.id}/exports`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Exports' })).toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Download PDF: Vaccination & medication record' }));
    await waitFor(() => expect(api.callsTo('GET', '/v1/pet/export/record')).toHaveLength(1));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));

    const handover = screen.getByRole('region', { name: 'Vet handover' });
    const blood = await within(handover).findByRole('checkbox', { name: 'Diagnoses: Blood work' });
    expect(within(handover).getByRole('checkbox', { name: /: Policy$/ })).not.toBeChecked();
    // The PDF's first page as its thumbnail.
    expect(within(handover).getAllByTestId('handover-thumbnail')[0]).toHaveAttribute(
      'src',
      '/v1/document/thumbnail?file_id=f1',
    );
    await actor.click(blood);
    expect(within(handover).getByText('1 document chosen')).toBeInTheDocument();
    await actor.click(within(handover).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/pet/handover')).toHaveLength(1));
    expect(JSON.parse(api.callsTo('POST', '/v1/pet/handover')[0]!.body!)).toEqual({
      pet_id: pet.id,
      document_ids: ['d1'],
      mode: 'pdf',
    });

    await actor.click(within(handover).getByRole('button', { name: 'Create share link' }));
    expect(await within(handover).findByDisplayValue(LINK.url)).toBeInTheDocument();
    expect(JSON.parse(api.callsTo('POST', '/v1/pet/handover')[1]!.body!)).toMatchObject({ mode: 'link' });
    expect(within(handover).getByRole('button', { name: 'Copy' })).toBeInTheDocument();

    const list = screen.getByRole('region', { name: 'Share links' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByText('3 downloads')).toBeInTheDocument();
    expect(within(list).getByText('Expired')).toBeInTheDocument();
    // Only the active link can be revoked, and only after confirming.
    const revokeButtons = within(list).getAllByRole('button', { name: 'Revoke' });
    expect(revokeButtons).toHaveLength(1);
    await actor.click(revokeButtons[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this share link?' });
    expect(api.callsTo('DELETE', '/v1/pet/handover/link')).toHaveLength(0);
    await actor.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/v1/pet/handover/link')).toHaveLength(1));
    expect(
      new URL(api.callsTo('DELETE', '/v1/pet/handover/link')[0]!.url, 'http://x').searchParams.get('id'),
    ).toBe('l1');
    expect(await within(list).findByText('Revoked')).toBeInTheDocument();
  });

  it('shows the empty states and the too-large answer in German', async () => {
    installFakeApi({
      user: makeUser({ language: 'German' } as never),
      routes: {
        'GET /v1/document/mydocs': () => json([]),
        'GET /v1/pet/handover/links': () => json([]),
        'POST /v1/pet/handover': () => apiError(400, 'Handover_Too_Large_Text'),
      },
    });
    const pet = makeUser().pets[0]!;
    const { user: actor } = renderApp(`/pet-details/${pet.name}/${pet.id}/exports`, { language: 'de' });
    expect(await screen.findByText(/noch keine Dokumente/)).toBeInTheDocument();
    expect(await screen.findByText('Noch keine Freigabe-Links.')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Freigabe-Link erstellen' }));
    expect(await screen.findByText(/zusammen zu groß/)).toBeInTheDocument();
  });

  // Issue 40.6: the upsell names the exports, not the calendar, in both languages.
  it.each([
    ['de', /^Exporte gehören zu den kostenpflichtigen Paketen/, /Kalender/],
    ['en', /^Exports are part of the paid plans/, /Calendar/],
  ] as const)(
    'on the free plan shows its own upsell (%s) and asks the server nothing',
    async (language, upsell, calendar) => {
      const api = installFakeApi({ user: makeUser({ product: makeProduct({ is_default: true }) }) });
      const pet = makeUser().pets[0]!;
      renderApp(`/pet-details/${pet.name}/${pet.id}/exports`, { language });
      const text = await screen.findByText(upsell);
      expect(text.closest('section')?.textContent).not.toMatch(calendar);
      expect(api.callsTo('GET', '/v1/document/mydocs')).toHaveLength(0);
      expect(api.callsTo('GET', '/v1/pet/handover/links')).toHaveLength(0);
    },
  );
});
