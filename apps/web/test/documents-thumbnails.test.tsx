import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, makeProduct, makeUser, renderApp } from './helpers';
import { makeDocument, myDocsRoute } from './documents-helpers';

const SAFE = '/pet-details/Bello/pet-1/document-safe';
const T = 30_000;

describe('document thumbnails in the lists (issue 14.24)', () => {
  it(
    "shows the first file's thumbnail lazily, the type icon for types without one and when it cannot load",
    async () => {
      installFakeApi({
        user: makeUser({ product: makeProduct({ documents_limit: 100 }) }),
        routes: {
          'GET /v1/document/mydocs': myDocsRoute({
            'pet-1': [
              makeDocument({ id: 'doc-pdf', description: 'Scan', files: [{ id: 'f-pdf', type: 'pdf' }] }),
              makeDocument({
                id: 'doc-docx',
                description: 'Letter',
                files: [{ id: 'f-docx', type: 'docx' }],
              }),
              makeDocument({ id: 'doc-jpg', description: 'Photo', files: [{ id: 'f jpg', type: 'jpg' }] }),
            ],
          }),
        },
      });
      renderApp(`${SAFE}/insurances`);
      const scan = await screen.findByRole('link', { name: 'Open document Scan' }, { timeout: T });
      const pdfThumb = within(scan).getByTestId('document-thumbnail');
      expect(pdfThumb).toHaveAttribute('src', '/v1/document/thumbnail?file_id=f-pdf');
      expect(pdfThumb).toHaveAttribute('loading', 'lazy');
      expect(pdfThumb).toHaveAttribute('alt', '');

      const letter = screen.getByRole('link', { name: 'Open document Letter' });
      expect(within(letter).queryByTestId('document-thumbnail')).toBeNull();
      expect(letter.querySelector('[data-file-type="docx"]')).not.toBeNull();

      const photo = screen.getByRole('link', { name: 'Open document Photo' });
      const jpgThumb = within(photo).getByTestId('document-thumbnail');
      expect(jpgThumb).toHaveAttribute('src', '/v1/document/thumbnail?file_id=f%20jpg');
      // A thumbnail that cannot be loaded (none made, network) falls back to the type icon.
      fireEvent.error(jpgThumb);
      expect(within(photo).queryByTestId('document-thumbnail')).toBeNull();
      expect(photo.querySelector('[data-file-type="jpg"]')).not.toBeNull();
    },
    T,
  );
});
