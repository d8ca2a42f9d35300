import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BRAND_IDS, BRANDS, type BrandId } from '@pet/contract';
import { ACCOUNT_MENU } from '@/app/shell/sidebar-menu';
import { translations } from '@/lib/i18n';

const { en } = translations;
import { installFakeApi, json, locationOf, makeProduct, makeUser, renderApp } from './helpers';

const ALL_ACCOUNT_LABELS = ACCOUNT_MENU.map(
  (entry) => (en.nav as Record<string, string>)[entry.labelKey.replace('nav.', '')] ?? entry.labelKey,
);

/**
 * The brand-hidden entries the spec names (account-area section 2, Shell); GPS trackers is there
 * only in the tracker brand (issue 14.21).
 */
const HIDDEN_BY_BRAND: Record<BrandId, string[]> = {
  primepet: ['GPS trackers'],
  hundeschutz: ['Bills', 'GPS trackers'],
  gpstracker: ['Bills', 'Update payment details'],
  tierfritz: ['GPS trackers'],
  petclub: ['GPS trackers'],
};

async function accountMenuLabels(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  const accountToggle = within(nav).getByRole('button', { name: 'My account' });
  expect(accountToggle).toHaveAttribute('aria-expanded', 'true');
  const list = document.getElementById(accountToggle.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('My account has no sub-list');
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('shell', () => {
  it.each(BRAND_IDS)('renders for %s with exactly its hidden My account items missing', async (brandId) => {
    installFakeApi({ brand: brandId });
    renderApp('/my-account/profile');

    const labels = await accountMenuLabels();
    const expected = ALL_ACCOUNT_LABELS.filter((label) => !HIDDEN_BY_BRAND[brandId].includes(label));
    expect(labels).toEqual(expected);

    // The pets of the user info are listed, each as an expandable entry.
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('button', { name: 'Bello' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('button', { name: 'Minka' })).toBeInTheDocument();
    // Brand logo links home; the tab shows the brand's name.
    expect(screen.getByRole('img', { name: BRANDS[brandId].name })).toHaveAttribute(
      'src',
      BRANDS[brandId].logo,
    );
    await waitFor(() => expect(document.title).toBe(BRANDS[brandId].name));
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  });

  it('hides Cancel subscription for the dog brand only when the product note is Promo', async () => {
    installFakeApi({
      brand: 'hundeschutz',
      user: makeUser({ product: makeProduct({ internal_note: 'Promo', name: 'Promo', sequence: 4 }) }),
    });
    renderApp('/my-account/profile');
    const labels = await accountMenuLabels();
    expect(labels).not.toContain('Cancel subscription');
    expect(labels).not.toContain('Bills');
    expect(labels).toContain('Delete account');
  });

  it('keeps Cancel subscription for Promo users of other brands', async () => {
    installFakeApi({
      brand: 'primepet',
      user: makeUser({ product: makeProduct({ internal_note: 'Promo', name: 'Promo', sequence: 4 }) }),
    });
    renderApp('/my-account/profile');
    expect(await accountMenuLabels()).toContain('Cancel subscription');
  });

  it('expands a pet into its five pages', async () => {
    installFakeApi();
    const { user } = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('button', { name: 'Bello' }));
    const links = ['My pet', 'Medical data', 'Document safe', 'Contacts', 'Findings'].map((name) =>
      within(nav).getByRole('link', { name }).getAttribute('href'),
    );
    expect(links).toEqual([
      '/pet-details/Bello/pet-1/my-pet',
      '/pet-details/Bello/pet-1/medical-data',
      '/pet-details/Bello/pet-1/document-safe',
      '/pet-details/Bello/pet-1/contacts',
      '/pet-details/Bello/pet-1/vet-findings',
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Events' })).toHaveAttribute(
      'href',
      '/dashboard/my-appointments',
    );
    expect(within(nav).getByRole('link', { name: 'Emergency case files' })).toHaveAttribute(
      'href',
      '/emergency-data',
    );
  });

  it('offers adding a first pet when the user has none', async () => {
    installFakeApi({ user: makeUser({ pets: [] }) });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Add your first pet' })).toHaveAttribute(
      'href',
      '/dashboard/new-pet',
    );
  });

  it('shows the dashboard with its four cards', async () => {
    installFakeApi();
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Anna Muster' }),
    ).toBeInTheDocument();
    const main = screen.getByRole('main');
    const cards = within(main)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(cards).toEqual([
      '/dashboard/my-pets',
      '/dashboard/my-appointments',
      '/emergency-data',
      '/my-account/profile',
      // The § 312k footer link ("Cancel contracts here") closes every page (issue 33.17).
      '/contract-cancellation',
    ]);
  });

  it('applies the brand wording over the translations', async () => {
    installFakeApi({ brand: 'hundeschutz' });
    const { i18n } = renderApp('/dashboard', { language: 'de' });
    await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    expect(i18n.t('Select_Pet_Text')).toBe('Ihr Hund');
    await i18n.changeLanguage('en');
    expect(i18n.t('Select_Pet_Text')).toBe('Your dog');
  });

  it('switches the language from the menu at once, remembers it and stores it in the account', async () => {
    const api = installFakeApi({
      routes: {
        'POST /v1/auth/modify': (call) => {
          api.state.user = { ...api.state.user!, ...(JSON.parse(call.body ?? '{}') as object) };
          return json(api.state.user);
        },
      },
    });
    const { user } = renderApp('/my-account/profile');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('button', { name: 'Change language' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deutsch' }));
    expect(await screen.findByRole('navigation', { name: 'Hauptnavigation' })).toBeInTheDocument();
    expect(localStorage.getItem('pet.language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    // One language (issue 14.4): the account's stored language follows.
    await waitFor(() => expect(api.callsTo('POST', '/v1/auth/modify')).toHaveLength(1));
    expect(JSON.parse(api.callsTo('POST', '/v1/auth/modify')[0]!.body!)).toEqual({ language: 'German' });
  });

  it('signs out from the profile menu and goes to /signin', async () => {
    const api = installFakeApi();
    const { user, router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account menu of Anna Muster' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(locationOf(router)).toBe('/signin'));
    expect(api.callsTo('POST', '/identity/sign-out')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('uses a drawer with a menu button on phones that closes after navigation', async () => {
    window.innerWidth = 375;
    installFakeApi();
    const { user, router } = renderApp('/dashboard');
    const menuButton = await screen.findByRole('button', { name: 'Open menu' });
    await user.click(menuButton);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Events' }));
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard/my-appointments'));
    await waitFor(() => expect(menuButton).toHaveAttribute('aria-expanded', 'false'));
  });

  it('renders without the sidebar for hidesidebar and with the page skeleton for hideall', async () => {
    installFakeApi();
    const first = renderApp('/my-account/activate-product', { productVisibility: 'hidesidebar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Activate product' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    first.unmount();

    installFakeApi();
    renderApp('/my-account/profile', { productVisibility: 'hideall' });
    // The shell is there (its top bar), and in place of the page it shows the skeleton. (Earlier
    // skeletons, while the config, the session and the shell's code load, come and go first.)
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument());
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('sends the dashboard to activation while the sidebar is hidden', async () => {
    installFakeApi({ brand: 'hundeschutz' });
    const { router } = renderApp('/dashboard', { productVisibility: 'hidesidebar' });
    await waitFor(() => expect(locationOf(router)).toBe('/my-account/activate-product'));
  });

  it('shows a retry screen when the configuration cannot be loaded', async () => {
    const api = installFakeApi({ configFails: true });
    const { user } = renderApp('/dashboard');
    // The config query retries twice on its own (about 3 s) before it gives up.
    expect(await screen.findByRole('alert', {}, { timeout: 20_000 })).toHaveTextContent(
      'The portal could not be loaded',
    );
    api.state.configFails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  }, 10_000);

  it('shows a 404 page with a link home for unknown paths', async () => {
    installFakeApi();
    renderApp('/no/such/page');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
