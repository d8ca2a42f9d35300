import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { myDocsRoute } from './documents-helpers';
import { installFakeApi, locationOf, renderApp } from './helpers';

// Whole-app renders are slow in jsdom on a busy machine.
const T = 30_000;
// makeUser's pets: pet-1 Bello (Dog), pet-2 Minka (Cat).
const DOG_SAFE = '/pet-details/Bello/pet-1/document-safe';
const CAT_SAFE = '/pet-details/Minka/pet-2/document-safe';

describe('Dog taxes belong to dogs (issue 14.21)', () => {
  it(
    "offers no Dog taxes category in a cat's document safe",
    async () => {
      installFakeApi({ routes: { 'GET /v1/document/mydocs': myDocsRoute({}) } });
      renderApp(CAT_SAFE);
      const list = await screen.findByRole('list', { name: 'Categories' }, { timeout: T });
      await within(list).findByRole('link', { name: /Insurances/ });
      expect(within(list).queryByRole('link', { name: /Dog taxes/ })).not.toBeInTheDocument();
      expect(within(list).getAllByRole('link')).toHaveLength(5);
    },
    T,
  );

  it(
    "keeps it in a dog's document safe",
    async () => {
      installFakeApi({ routes: { 'GET /v1/document/mydocs': myDocsRoute({}) } });
      renderApp(DOG_SAFE);
      const list = await screen.findByRole('list', { name: 'Categories' }, { timeout: T });
      expect(await within(list).findByRole('link', { name: /Dog taxes/ })).toHaveAttribute(
        'href',
        `${DOG_SAFE}/dog-taxes`,
      );
    },
    T,
  );

  it.each([
    `${CAT_SAFE}/dog-taxes`,
    `${CAT_SAFE}/dog-taxes/add-dog-tax`,
    `${CAT_SAFE}/dog-taxes/document?doc_id=d`,
  ])(
    'sends the typed URL %s of a cat to its document safe',
    async (path) => {
      installFakeApi({ routes: { 'GET /v1/document/mydocs': myDocsRoute({}) } });
      const { router } = renderApp(path);
      await waitFor(() => expect(locationOf(router)).toBe(CAT_SAFE), { timeout: T });
      expect(await screen.findByRole('list', { name: 'Categories' }, { timeout: T })).toBeInTheDocument();
    },
    T,
  );
});
