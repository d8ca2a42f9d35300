import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { encodeDocUrl, MAX_FILE_BYTES } from '@pet/contract';
import { apiError, installFakeApi, json, locationOf, makeProduct, makeUser, renderApp } from './helpers';
import { fileOfSize, installFakeXhr, makeDocument, myDocsRoute } from './documents-helpers';

const SAFE = '/pet-details/Bello/pet-1/document-safe';
const FINDINGS = '/pet-details/Bello/pet-1/vet-findings';
const FREE = makeProduct({
  id: 'plan-free',
  name: 'Free',
  is_default: true,
  documents_limit: 5,
  gps_tracking: false,
});
const PREMIUM = makeProduct({ id: 'plan-premium', name: 'Premium', documents_limit: 10, gps_tracking: true });

const T = 30_000;

describe('documents overview', () => {
  it(
    'shows the count of each category and links to its list',
    async () => {
      installFakeApi({
        routes: {
          'GET /v1/document/mydocs': myDocsRoute({
            'pet-1': [
              makeDocument({ id: 'a', document_type: 'Insurance' }),
              makeDocument({ id: 'b', document_type: 'Insurance' }),
              makeDocument({ id: 'c', document_type: 'Bills' }),
              makeDocument({ id: 'd', document_type: 'X-rays' }),
            ],
          }),
        },
      });
      renderApp(SAFE);
      const list = await screen.findByRole('list', { name: 'Categories' }, { timeout: T });
      const insurances = await within(list).findByRole('link', { name: 'Insurances: 2 documents' });
      expect(insurances).toHaveAttribute('href', `${SAFE}/insurances`);
      expect(within(list).getByRole('link', { name: 'Bills: 1 document' })).toHaveAttribute(
        'href',
        `${SAFE}/bill`,
      );
      expect(within(list).getAllByRole('link')).toHaveLength(6);
      expect(screen.getByTestId('count-others')).toHaveTextContent('No documents yet');
      // X-rays are vet findings: not counted in the document safe.
      expect(screen.getByText('3 documents')).toBeInTheDocument();
    },
    T,
  );

  it(
    'lists the seven vet-findings categories in German',
    async () => {
      installFakeApi({
        routes: {
          'GET /v1/document/mydocs': myDocsRoute({
            // Both areas' last category is stored as "Others"; only the vet findings' one counts here.
            'pet-1': [
              makeDocument({ id: 'd', document_type: 'Others', area: 'vet-findings' }),
              makeDocument({ id: 'e', document_type: 'Others', area: 'document-safe' }),
            ],
          }),
        },
      });
      renderApp(FINDINGS, { language: 'de' });
      const list = await screen.findByRole('list', { name: 'Kategorien' }, { timeout: T });
      await within(list).findByRole('link', { name: 'Sonstige Befunde: 1 Dokument' });
      expect(within(list).getAllByRole('link')).toHaveLength(7);
      expect(within(list).getByRole('link', { name: /^Röntgenbilder/ })).toHaveAttribute(
        'href',
        `${FINDINGS}/xrays`,
      );
    },
    T,
  );
});

describe('document list', () => {
  it(
    'shows the entries with description, date and file types, and the add entry with the limit flag',
    async () => {
      installFakeApi({
        user: makeUser({ product: FREE }),
        routes: {
          'GET /v1/document/mydocs': myDocsRoute({
            'pet-1': [
              makeDocument({
                id: 'doc-1',
                description: 'Liability insurance 2025',
                files: [
                  { id: 'f1', type: 'pdf' },
                  { id: 'f2', type: 'png' },
                ],
              }),
            ],
            'pet-2': [makeDocument({ id: 'doc-2', document_type: 'Bills' })],
          }),
        },
      });
      renderApp(`${SAFE}/insurances`);
      const entry = await screen.findByRole(
        'link',
        { name: 'Open document Liability insurance 2025' },
        { timeout: T },
      );
      expect(entry).toHaveAttribute('href', `${SAFE}/insurances/document?doc_id=doc-1`);
      expect(within(entry).getByText('12.03.2025')).toBeInTheDocument();
      expect(within(entry).getByText('2 files')).toBeInTheDocument();
      expect(within(entry).getByText('PDF')).toBeInTheDocument();
      expect(within(entry).getByText('PNG')).toBeInTheDocument();
      expect(
        screen.getByRole('link', { name: 'Edit the description of Liability insurance 2025' }),
      ).toHaveAttribute('href', `${SAFE}/insurances/document?doc_id=doc-1&edit=1`);
      expect(screen.getByRole('link', { name: 'Add document' })).toHaveAttribute(
        'href',
        `${SAFE}/insurances/add-insurance`,
      );
      // Two documents over both pets, of five on the free plan.
      expect(await screen.findByText('2 of 5 documents of your plan used')).toBeInTheDocument();
    },
    T,
  );

  it(
    'shows the empty-state prompt with a big add button',
    async () => {
      installFakeApi({ routes: { 'GET /v1/document/mydocs': myDocsRoute({}) } });
      renderApp(`${FINDINGS}/photos`);
      expect(
        await screen.findByRole('heading', { name: 'No documents yet' }, { timeout: T }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Add document' })).toHaveAttribute(
        'href',
        `${FINDINGS}/photos/add-photo`,
      );
      // A plan of 100 or more documents is unlimited: no flag.
      expect(screen.queryByTestId('document-quota')).not.toBeInTheDocument();
    },
    T,
  );

  it(
    "replaces the add entry with the plan's limit message and its action at the limit",
    async () => {
      const docs = (pet: string, count: number) =>
        Array.from({ length: count }, (_, index) => makeDocument({ id: `${pet}-${index}` }));
      installFakeApi({
        user: makeUser({ product: FREE }),
        routes: { 'GET /v1/document/mydocs': myDocsRoute({ 'pet-1': docs('a', 3), 'pet-2': docs('b', 2) }) },
      });
      const view = renderApp(`${SAFE}/insurances`);
      const notice = await screen.findByTestId('document-limit', {}, { timeout: T });
      expect(notice).toHaveTextContent('Your document safe is full.');
      expect(within(notice).getByRole('link', { name: 'View plans' })).toHaveAttribute(
        'href',
        '/my-account/subscription',
      );
      expect(screen.queryByRole('link', { name: 'Add document' })).not.toBeInTheDocument();
      view.unmount();

      installFakeApi({
        user: makeUser({ product: PREMIUM }),
        routes: { 'GET /v1/document/mydocs': myDocsRoute({ 'pet-1': docs('a', 10) }) },
      });
      renderApp(`${SAFE}/insurances/add-insurance`);
      expect(await screen.findByTestId('document-limit', {}, { timeout: T })).toHaveTextContent(
        'You have reached the document limit of your premium plan.',
      );
      expect(screen.queryByRole('button', { name: 'Upload document' })).not.toBeInTheDocument();
    },
    T,
  );
});

describe('add document', () => {
  const ADD = `${SAFE}/insurances/add-insurance`;

  async function openForm(language: 'en' | 'de' = 'en') {
    const view = renderApp(ADD, { language });
    const user = userEvent.setup({ applyAccept: false });
    const submit = await screen.findByRole(
      'button',
      { name: language === 'en' ? 'Upload document' : 'Dokument hochladen' },
      { timeout: T },
    );
    const input = screen.getByLabelText<HTMLInputElement>(
      language === 'en' ? 'Choose files' : 'Dateien auswählen',
    );
    return { ...view, user, submit, input };
  }

  it(
    'shows every error of section 5 before sending anything',
    async () => {
      const fake = installFakeApi({ routes: { 'GET /v1/document/mydocs': myDocsRoute({}) } });
      const uploads = installFakeXhr(() => ({ status: 201, body: { doc_url: [] } }));
      const { user, submit, input } = await openForm();

      // The description is checked when the field is left.
      await user.click(screen.getByRole('textbox', { name: 'Description' }));
      await user.tab();
      expect(await screen.findByText('Please enter a description.')).toBeInTheDocument();

      // Nothing chosen: both keys on submit.
      await user.click(submit);
      expect(await screen.findByText('Please add at least one file.')).toBeInTheDocument();

      // A file over 25 MB and a type not on the list show on their rows at once.
      await user.upload(input, [
        fileOfSize('scan.pdf', 1000),
        fileOfSize('huge.png', MAX_FILE_BYTES + 1),
        fileOfSize('tool.exe', 10),
      ]);
      const chosen = screen.getByRole('list', { name: 'Chosen files' });
      expect(within(chosen).getAllByRole('listitem')).toHaveLength(3);
      expect(within(chosen).getByText('Each file may be at most 25 MB.')).toBeInTheDocument();
      expect(within(chosen).getByText(/This file type is not supported/)).toBeInTheDocument();
      expect(screen.queryByText('Please add at least one file.')).not.toBeInTheDocument();

      // Six files: too many.
      await user.upload(
        input,
        [1, 2, 3].map((n) => fileOfSize(`page-${n}.jpg`, 100)),
      );
      expect(await screen.findByText('You can upload at most 5 files at once.')).toBeInTheDocument();

      await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Insurance policy');
      await user.click(submit);
      expect(uploads).toHaveLength(0);
      expect(fake.callsTo('POST', '/v1/document')).toHaveLength(0);

      // Removing the offending files clears the errors.
      await user.click(screen.getByRole('button', { name: 'Remove huge.png' }));
      await user.click(screen.getByRole('button', { name: 'Remove tool.exe' }));
      await waitFor(() =>
        expect(screen.queryByText('You can upload at most 5 files at once.')).not.toBeInTheDocument(),
      );
      expect(screen.queryByText('Each file may be at most 25 MB.')).not.toBeInTheDocument();
    },
    T,
  );

  it(
    'uploads the files with progress, creates the document and goes to the list',
    async () => {
      const fake = installFakeApi({
        routes: {
          'GET /v1/document/mydocs': myDocsRoute({}),
          'POST /v1/document': (call) =>
            json({ ...makeDocument({ id: 'new' }), ...JSON.parse(call.body ?? '{}') }, 201),
        },
      });
      const docUrl = encodeDocUrl([
        { url: '/v1/document/file?file_id=f1', type: 'pdf' },
        { url: '/v1/document/file?file_id=f2', type: 'png' },
      ]);
      const uploads = installFakeXhr(() => ({ status: 201, body: { doc_url: docUrl } }));
      const { user, submit, input, router } = await openForm();

      await user.type(screen.getByRole('textbox', { name: 'Description' }), '  Policy 2025  ');
      const drop = screen.getByTestId('file-drop-zone');
      // Drag and drop adds files like the button does.
      const dropped = new File(['%PDF-1.4'], 'policy.pdf', { type: 'application/pdf' });
      const { fireEvent } = await import('@testing-library/react');
      fireEvent.drop(drop, { dataTransfer: { files: [dropped], types: ['Files'] } });
      await user.upload(input, new File(['png'], 'photo.png', { type: 'image/png' }));
      expect(
        within(screen.getByRole('list', { name: 'Chosen files' })).getAllByRole('listitem'),
      ).toHaveLength(2);

      await user.click(submit);
      expect(await screen.findByRole('progressbar', { name: 'Total upload progress' })).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Upload progress of policy.pdf' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Uploading …' })).toBeDisabled();

      await waitFor(() => expect(locationOf(router)).toBe(`${SAFE}/insurances`));
      expect(uploads).toHaveLength(1);
      expect(uploads[0]!.url).toBe('/v1/upload/document?file_for=pet&pet_id=pet-1');
      expect(uploads[0]!.files.map((file) => file.name)).toEqual(['policy.pdf', 'photo.png']);
      const [create] = fake.callsTo('POST', '/v1/document');
      expect(create!.url).toBe('/v1/document?pet_id=pet-1');
      expect(JSON.parse(create!.body ?? '')).toEqual({
        document_type: 'Insurance',
        // The category's area goes along: it tells the two "Others" apart.
        area: 'document-safe',
        description: 'Policy 2025',
        doc_url: docUrl,
      });
      expect(await screen.findByText('The document has been saved.')).toBeInTheDocument();
    },
    T,
  );

  it(
    'stops a running upload on request and stays on the form',
    async () => {
      const fake = installFakeApi({ routes: { 'GET /v1/document/mydocs': myDocsRoute({}) } });
      installFakeXhr(() => ({ status: 201, body: { doc_url: [] } }), { delayMs: 400 });
      const { user, submit, input, router } = await openForm();
      await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Policy');
      await user.upload(input, new File(['x'], 'a.pdf'));
      await user.click(submit);
      await user.click(await screen.findByRole('button', { name: 'Stop upload' }));
      expect(await screen.findByRole('button', { name: 'Upload document' })).toBeEnabled();
      expect(screen.queryByRole('progressbar', { name: 'Total upload progress' })).not.toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(fake.callsTo('POST', '/v1/document')).toHaveLength(0);
      expect(locationOf(router)).toBe(ADD);
      expect(screen.queryByRole('alert', { name: /could not be uploaded/ })).not.toBeInTheDocument();
    },
    T,
  );

  it(
    "shows the server's limit refusal with its action, and other refusals with their key",
    async () => {
      installFakeApi({ routes: { 'GET /v1/document/mydocs': myDocsRoute({}) } });
      let answer = {
        status: 500,
        body: { statusCode: 500, error: 'x', message: 'x', key: 'Basic_Document_Limit_Reached_Message' },
      };
      installFakeXhr(() => answer);
      const { user, submit, input, router } = await openForm('de');
      await user.type(screen.getByRole('textbox', { name: 'Beschreibung' }), 'Police');
      await user.upload(input, new File(['x'], 'a.pdf'));
      await user.click(submit);
      const notice = await screen.findByTestId('document-limit');
      expect(within(notice).getByRole('link', { name: 'Tarife ansehen' })).toHaveAttribute(
        'href',
        '/my-account/subscription',
      );
      expect(locationOf(router)).toBe(ADD);

      answer = {
        status: 400,
        body: { statusCode: 400, error: 'x', message: 'x', key: 'File_Type_Error_Text' },
      };
      await user.click(submit);
      const alert = await screen.findByText(
        'Das Dokument konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut.',
      );
      expect(alert.closest('[role="alert"]')).toHaveTextContent(/Der Inhalt einer Datei/);
    },
    T,
  );
});

describe('document view', () => {
  const docs = [
    makeDocument({
      id: 'doc-1',
      description: 'Policy 2025',
      files: [
        { id: 'img', type: 'png' },
        { id: 'pdf', type: 'pdf' },
        { id: 'word', type: 'docx' },
      ],
    }),
  ];

  it(
    'previews images and PDFs in the app and offers downloads for every file',
    async () => {
      installFakeApi({ routes: { 'GET /v1/document/mydocs': myDocsRoute({ 'pet-1': docs }) } });
      renderApp(`${SAFE}/insurances/document?doc_id=doc-1`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Policy 2025' }, { timeout: T }),
      ).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Picture 1 of “Policy 2025”' })).toHaveAttribute(
        'src',
        '/v1/document/file?file_id=img&inline=1',
      );
      expect(screen.getByTitle('PDF 2 of “Policy 2025”')).toHaveAttribute(
        'src',
        '/v1/document/file?file_id=pdf&inline=1',
      );
      expect(
        screen.getByText('DOCX files cannot be shown here. Download the file to open it.'),
      ).toBeInTheDocument();
      const downloads = screen.getAllByRole('link', { name: 'Download' });
      expect(downloads.map((link) => link.getAttribute('href'))).toEqual([
        '/v1/document/file?file_id=img',
        '/v1/document/file?file_id=pdf',
        '/v1/document/file?file_id=word',
      ]);
      expect(screen.getAllByRole('link', { name: 'Open' })).toHaveLength(2);
    },
    T,
  );

  it(
    'changes only the description in edit mode',
    async () => {
      const fake = installFakeApi({
        routes: {
          'GET /v1/document/mydocs': myDocsRoute({ 'pet-1': docs }),
          'PUT /v1/document': (call) => json({ ...docs[0], ...JSON.parse(call.body ?? '{}') }),
        },
      });
      const { router } = renderApp(`${SAFE}/insurances/document?doc_id=doc-1`);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: T }));
      expect(locationOf(router)).toBe(`${SAFE}/insurances/document?doc_id=doc-1&edit=1`);
      const field = screen.getByRole('textbox', { name: 'Description' });
      expect(field).toHaveValue('Policy 2025');
      // Only the description can change: there is no file picker here.
      expect(screen.queryByLabelText('Choose files')).not.toBeInTheDocument();

      await user.clear(field);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Please enter a description.')).toBeInTheDocument();
      expect(fake.callsTo('PUT', '/v1/document')).toHaveLength(0);

      await user.type(field, 'Policy 2026');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(fake.callsTo('PUT', '/v1/document')).toHaveLength(1));
      const [put] = fake.callsTo('PUT', '/v1/document');
      expect(put!.url).toBe('/v1/document?doc_id=doc-1');
      expect(JSON.parse(put!.body ?? '')).toEqual({ description: 'Policy 2026' });
      await waitFor(() => expect(locationOf(router)).toBe(`${SAFE}/insurances/document?doc_id=doc-1`));
    },
    T,
  );

  it(
    'deletes after confirmation and returns to the document-safe overview',
    async () => {
      let current = docs;
      const fake = installFakeApi({
        routes: {
          'GET /v1/document/mydocs': (call) => myDocsRoute({ 'pet-1': current })(call),
          'DELETE /v1/document': () => {
            current = [];
            return json({ message: 'Document deleted' });
          },
        },
      });
      const { router } = renderApp(`${SAFE}/insurances/document?doc_id=doc-1`);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Delete' }, { timeout: T }));
      const dialog = screen.getByRole('dialog', { name: 'Delete document?' });
      expect(dialog).toHaveTextContent('“Policy 2025” and its 3 files will be deleted permanently.');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(fake.callsTo('DELETE', '/v1/document')).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Delete' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
      // Pet-data section 4: back to the overview, not to the category's list (issue 14.19).
      await waitFor(() => expect(locationOf(router)).toBe(SAFE));
      expect(fake.callsTo('DELETE', '/v1/document')[0]!.url).toBe('/v1/document?doc_id=doc-1');
      expect(await screen.findByRole('heading', { level: 1, name: 'Document safe' })).toBeInTheDocument();
    },
    T,
  );

  it(
    'says so when the document does not exist, and reports a failed delete',
    async () => {
      installFakeApi({
        routes: {
          'GET /v1/document/mydocs': myDocsRoute({ 'pet-1': docs }),
          'DELETE /v1/document': () => apiError(502, 'Server_Down_Text'),
        },
      });
      const view = renderApp(`${SAFE}/insurances/document?doc_id=nope`);
      expect(
        await screen.findByRole('heading', { name: 'This document could not be found' }, { timeout: T }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute(
        'href',
        `${SAFE}/insurances`,
      );
      view.unmount();

      renderApp(`${SAFE}/insurances/document?doc_id=doc-1`);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Delete' }, { timeout: T }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText(/The server cannot be reached/)).toBeInTheDocument();
    },
    T,
  );
});
