import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PET_BASE, ROUTES } from '@/app/route-table';
import { buildCrumbs } from '@/app/shell/breadcrumbs';
import { installFakeApi, makeUser, renderApp } from './helpers';

async function trail(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: /You are here|Sie sind hier/ });
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '')
    .filter(Boolean);
}

describe('breadcrumbs', () => {
  it('shows Login on /signin', async () => {
    installFakeApi({ user: null });
    renderApp('/signin');
    expect(await trail()).toEqual(['Login']);
  });

  it('translates every segment, shows the pet name and skips the pet id (German)', async () => {
    installFakeApi();
    renderApp('/pet-details/Bello/pet-1/medical-data/allergies/add-allergy', { language: 'de' });
    expect(await trail()).toEqual([
      'Startseite',
      'Meine Tiere',
      'Bello',
      'Medizinische Daten',
      'Allergien',
      'Allergie hinzufügen',
    ]);
    const nav = screen.getByRole('navigation', { name: 'Sie sind hier' });
    expect(within(nav).queryByText('pet-1')).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Bello' })).toHaveAttribute(
      'href',
      '/pet-details/Bello/pet-1',
    );
    expect(within(nav).getByRole('link', { name: 'Allergien' })).toHaveAttribute(
      'href',
      '/pet-details/Bello/pet-1/medical-data/allergies',
    );
    expect(within(nav).getByText('Allergie hinzufügen')).toHaveAttribute('aria-current', 'page');
  });

  it('shows the current pet name even when the link carries an old one', async () => {
    installFakeApi({
      user: makeUser({ pets: [{ id: 'pet-1', name: 'Bello der Zweite', image_url: null, type: 'Dog' }] }),
    });
    renderApp('/pet-details/Bello/pet-1/contacts');
    expect(await trail()).toEqual(['Home', 'My pets', 'Bello der Zweite', 'Contacts']);
  });

  it('decodes names with spaces and umlauts', () => {
    const crumbs = buildCrumbs('/pet-details/K%C3%A4the%20M%C3%BCller/p9/vet-findings/xrays', {
      withHome: true,
    });
    expect(crumbs.map((crumb) => ('text' in crumb ? crumb.text : crumb.labelKey))).toEqual([
      'breadcrumb.dashboard',
      'breadcrumb.pet-details',
      'Käthe Müller',
      'route.vetFindings',
      'route.documentsXrays',
    ]);
  });

  it('calls the crumb of every screen by the screen title (its h1)', () => {
    for (const route of ROUTES) {
      const path = route.path.replace(':name', 'Bello').replace(':id', 'p1');
      // Home (its greeting is the h1) and the pet's dashboard (the pet's name) aside.
      if (path === '/' || path === '/dashboard' || route.path === PET_BASE) continue;
      const last = buildCrumbs(path, { withHome: true }).at(-1)!;
      expect('labelKey' in last && last.labelKey, path).toBe(route.titleKey);
    }
  });

  it('shows an alias of the next screen once (/my-account is the profile)', () => {
    const labels = (path: string) =>
      buildCrumbs(path, { withHome: true }).map((crumb) => ('text' in crumb ? crumb.text : crumb.labelKey));
    expect(labels('/my-account/profile')).toEqual(['breadcrumb.dashboard', 'route.profile']);
    expect(labels('/my-account/profile/settings')).toEqual([
      'breadcrumb.dashboard',
      'route.profile',
      'route.settings',
    ]);
  });

  it('starts at Home in the shell without repeating it for /dashboard paths', async () => {
    installFakeApi();
    renderApp('/dashboard/my-appointments/add-appointment');
    expect(await trail()).toEqual(['Home', 'Events', 'Add appointment']);
    const nav = screen.getByRole('navigation', { name: 'You are here' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
  });

  it('links only segments that are routes of their own', () => {
    const crumbs = buildCrumbs('/my-account/payment-update/failed', { withHome: true });
    expect(crumbs.map((crumb) => crumb.to)).toEqual([
      '/dashboard',
      '/my-account',
      undefined,
      '/my-account/payment-update/failed',
    ]);
  });
});
