import { screen, waitFor, within } from '@testing-library/react';
import { addDays } from 'date-fns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRANDS, type Product, type UserInfo } from '@pet/contract';
import {
  cancelEntry,
  directEntry,
  familyName,
  isCancelPageHidden,
  isDowngradeBlocked,
} from '@/features/subscription/cancel/cancel-rules';
import { formatDate } from '@/lib/dates';
import { apiError, installFakeApi, json, locationOf, makeProduct, makeUser, renderApp } from './helpers';
import { BASIC, FREE, PREMIUM, PROMO, productList } from './subscription-fixtures';

/** Account-area sections 2 and 4: the cancel entry, the termination, its success page and the revoke. */

const END = 1_800_000_000;
// 2027-01-15 08:00 UTC is when the term ends: its last day is 14.01.2027 and the free plan starts
// 15.01.2027 (a period ends the day before the next begins, issue 33 item 8).
const endText = '14.01.2027';
const dayAfterEnd = '15.01.2027';

/** The dog brand's catalogue as the product list answers it. */
const dogPlans: Product[] = BRANDS.hundeschutz.plans.map((seed) =>
  makeProduct({
    ...seed,
    id: `dog-${seed.key}`,
    monthly_price_id: seed.monthly_price > 0 ? `price_${seed.key}_m` : null,
    yearly_price_id: seed.yearly_price > 0 ? `price_${seed.key}_y` : null,
  }),
);
const dogPlan = (key: string) => dogPlans.find((plan) => plan.id === `dog-${key}`)!;

function paidUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return makeUser({
    product: PREMIUM,
    stripe_price_id: 'price_premium_y',
    stripe_customer_id: 'cus_1',
    stripe_subscription_end: END,
    ...overrides,
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('cancel rules', () => {
  const standard = BRANDS.primepet;
  const dog = BRANDS.hundeschutz;

  it('sends the dog brand up to sequence 2 straight to the termination, whatever the status', () => {
    expect(directEntry(dog, { product: dogPlan('protect') })).toBe('confirm_Termination');
    expect(directEntry(dog, { product: dogPlan('protectplus') })).toBe('confirm_Termination');
    expect(cancelEntry(dog, { product: dogPlan('protectplus'), is_promo: false }, 'cancel')).toBe(
      'confirm_Termination',
    );
    expect(directEntry(dog, { product: dogPlan('premium') })).toBeNull();
    expect(directEntry(standard, { product: BASIC })).toBeNull();
  });

  it('opens cancel_Termination for a pending termination, the choice from sequence 2 unless promo, else the termination', () => {
    const premium = { product: PREMIUM, is_promo: false };
    expect(cancelEntry(standard, premium, 'cancel')).toBe('cancel_Termination');
    expect(cancelEntry(standard, premium, 'active')).toBe('choice');
    expect(cancelEntry(standard, premium, 'downgrade')).toBe('choice');
    expect(cancelEntry(standard, { ...premium, is_promo: true }, 'active')).toBe('confirm_Termination');
    expect(cancelEntry(standard, { product: BASIC, is_promo: false }, 'active')).toBe('confirm_Termination');
    expect(cancelEntry(standard, { product: BASIC, is_promo: false }, 'cancel')).toBe('cancel_Termination');
    expect(cancelEntry(dog, { product: dogPlan('premium'), is_promo: false }, 'active')).toBe('choice');
  });

  it('hides the page where the menu hides it: the dog brand on its promo plan', () => {
    expect(isCancelPageHidden(dog, { product: dogPlan('promo') })).toBe(true);
    expect(isCancelPageHidden(dog, { product: dogPlan('premium') })).toBe(false);
    expect(isCancelPageHidden(standard, { product: PROMO })).toBe(false);
  });

  it('names the family name as the last word of the name', () => {
    expect(familyName('Anna Muster')).toBe('Muster');
    expect(familyName('  Erika  von Mustermann ')).toBe('Mustermann');
    expect(familyName('Cher')).toBe('Cher');
  });

  it('blocks the downgrade for gift, promo, free and code plans', () => {
    const bought = { product: PREMIUM, is_gift: false, is_promo: false, stripe_price_id: 'price_premium_y' };
    expect(isDowngradeBlocked(bought)).toBe(false);
    expect(isDowngradeBlocked({ ...bought, is_gift: true })).toBe(true);
    expect(isDowngradeBlocked({ ...bought, is_promo: true })).toBe(true);
    expect(isDowngradeBlocked({ ...bought, product: FREE })).toBe(true);
    expect(isDowngradeBlocked({ ...bought, stripe_price_id: null })).toBe(true);
  });
});

describe('/my-account/cancel-subscription: the entry', () => {
  it('tells a free user that the free plan cannot be cancelled, with the support address', async () => {
    const api = installFakeApi({ user: makeUser({ product: FREE }) });
    renderApp('/my-account/cancel-subscription');
    const notice = await screen.findByTestId('cancel-free-plan');
    expect(within(notice).getByText(/The free plan cannot be cancelled/)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: /support@prime-pet\.de/ })).toHaveAttribute(
      'href',
      'mailto:support@prime-pet.de',
    );
    expect(api.callsTo('GET', '/v1/subscription/cancelat')).toHaveLength(0);
    expect(api.callsTo('POST', '/v1/subscription/cancel')).toHaveLength(0);
  });

  it('names the dog brand’s support address in German too, also with a process in the URL', async () => {
    installFakeApi({
      brand: 'hundeschutz',
      user: makeUser({ product: dogPlan('free'), language: 'German' }),
    });
    renderApp('/my-account/cancel-subscription?process=confirm_Termination', { language: 'de' });
    const notice = await screen.findByTestId('cancel-free-plan');
    expect(notice).toHaveTextContent('Der kostenlose Tarif kann nicht gekündigt werden');
    expect(within(notice).getByRole('link', { name: /service@hunde-schutz\.de/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kündigung bestätigen' })).not.toBeInTheDocument();
  });

  it('goes straight to the termination for a plan below sequence 2', async () => {
    installFakeApi({
      user: paidUser({ product: BASIC, stripe_price_id: 'price_y' }),
      routes: { 'GET /v1/subscription/cancelat': () => json({ status: 'active' }) },
    });
    const { router } = renderApp('/my-account/cancel-subscription');
    await waitFor(() =>
      expect(locationOf(router)).toBe('/my-account/cancel-subscription?process=confirm_Termination'),
    );
    expect(await screen.findByRole('button', { name: 'Confirm termination' })).toBeInTheDocument();
  });

  it('keeps a premium user on the choice page: downgrade or cancel', async () => {
    installFakeApi({
      user: paidUser(),
      routes: {
        'GET /v1/subscription/cancelat': () => json({ status: 'active' }),
        'GET /v1/subscription/product/list': productList(),
      },
    });
    const { router, user } = renderApp('/my-account/cancel-subscription');
    const downgrade = await screen.findByRole('region', { name: 'Switch to a smaller plan' });
    const cancel = screen.getByRole('region', { name: 'Cancel subscription' });
    expect(locationOf(router)).toBe('/my-account/cancel-subscription');
    expect(cancel).toHaveTextContent(`Premium ends on ${endText}.`);
    await user.click(within(downgrade).getByRole('button', { name: 'Choose a smaller plan' }));
    await waitFor(() => expect(locationOf(router)).toBe('/my-account/cancel-subscription?process=downgrade'));
    await screen.findByRole('article', { name: /^Basic/ });
    await router.navigate(-1);
    await user.click(
      within(await screen.findByRole('region', { name: 'Cancel subscription' })).getByRole('button', {
        name: 'Cancel subscription',
      }),
    );
    await waitFor(() =>
      expect(locationOf(router)).toBe('/my-account/cancel-subscription?process=confirm_Termination'),
    );
  });

  it('opens cancel_Termination when a termination is pending', async () => {
    installFakeApi({
      user: paidUser(),
      routes: {
        'GET /v1/subscription/cancelat': () => json({ status: 'cancel' }),
        'GET /v1/subscription/product/list': productList(),
      },
    });
    const { router } = renderApp('/my-account/cancel-subscription');
    await waitFor(() =>
      expect(locationOf(router)).toBe('/my-account/cancel-subscription?process=cancel_Termination'),
    );
    expect(await screen.findByRole('button', { name: 'Revoke cancellation' })).toBeEnabled();
  });

  it('sends a promo user of sequence 2 or more to the termination', async () => {
    installFakeApi({
      user: paidUser({ is_promo: true }),
      routes: { 'GET /v1/subscription/cancelat': () => json({ status: 'active' }) },
    });
    const { router } = renderApp('/my-account/cancel-subscription');
    await waitFor(() =>
      expect(locationOf(router)).toBe('/my-account/cancel-subscription?process=confirm_Termination'),
    );
  });

  it('the dog brand with sequence 2 goes to the termination without the entry asking the status', async () => {
    const api = installFakeApi({
      brand: 'hundeschutz',
      user: paidUser({ product: dogPlan('protectplus'), stripe_price_id: 'price_protectplus_y' }),
      routes: { 'GET /v1/subscription/cancelat': () => json({ status: 'active' }) },
    });
    const { router } = renderApp('/my-account/cancel-subscription');
    await waitFor(() =>
      expect(locationOf(router)).toBe('/my-account/cancel-subscription?process=confirm_Termination'),
    );
    await screen.findByRole('button', { name: 'Confirm termination' });
    // Only the termination step asks (an already pending termination shows its revoke instead).
    expect(api.callsTo('GET', '/v1/subscription/cancelat')).toHaveLength(1);
  });

  it('the dog brand with sequence 3 stays on the choice page', async () => {
    installFakeApi({
      brand: 'hundeschutz',
      user: paidUser({ product: dogPlan('premium'), stripe_price_id: 'price_premium_y' }),
      routes: { 'GET /v1/subscription/cancelat': () => json({ status: 'active' }) },
    });
    const { router } = renderApp('/my-account/cancel-subscription');
    await screen.findByRole('region', { name: 'Switch to a smaller plan' });
    expect(locationOf(router)).toBe('/my-account/cancel-subscription');
  });

  it('sends the dog brand’s promo plan (menu entry hidden) to the dashboard, without a call', async () => {
    const api = installFakeApi({
      brand: 'hundeschutz',
      user: makeUser({ product: dogPlan('promo'), is_promo: true }),
    });
    const { router } = renderApp('/my-account/cancel-subscription?process=confirm_Termination');
    await waitFor(() => expect(locationOf(router)).toBe('/dashboard'));
    expect(api.callsTo('GET', '/v1/subscription/cancelat')).toHaveLength(0);
  });

  it('drops an unknown process from the URL', async () => {
    installFakeApi({
      user: paidUser({ product: BASIC, stripe_price_id: 'price_y' }),
      routes: { 'GET /v1/subscription/cancelat': () => json({ status: 'active' }) },
    });
    const { router } = renderApp('/my-account/cancel-subscription?process=nonsense');
    await waitFor(() =>
      expect(locationOf(router)).toBe('/my-account/cancel-subscription?process=confirm_Termination'),
    );
  });

  it('offers a retry when the status cannot be loaded', async () => {
    let fail = true;
    installFakeApi({
      user: paidUser(),
      routes: {
        'GET /v1/subscription/cancelat': () =>
          fail ? apiError(500, 'Failure_Call_Text') : json({ status: 'active' }),
      },
    });
    const { user } = renderApp('/my-account/cancel-subscription');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('region', { name: 'Switch to a smaller plan' })).toBeInTheDocument();
  });
});

describe('?process=confirm_Termination and the success page', () => {
  function setupTermination(overrides: Partial<UserInfo> = {}) {
    let status: 'active' | 'cancel' = 'active';
    const api = installFakeApi({
      user: paidUser(overrides),
      routes: {
        'GET /v1/subscription/cancelat': () => json({ status }),
        'POST /v1/subscription/cancel': () => {
          status = 'cancel';
          return json({ current_phase: { end_date: END } });
        },
        'POST /v1/subscription/cancel/revoke': () => {
          status = 'active';
          return json({ message: 'Termination revoked', effective_date: null });
        },
      },
    });
    return api;
  }

  it('shows the plan, end date, yearly price incl. VAT and what happens', async () => {
    setupTermination();
    renderApp('/my-account/cancel-subscription?process=confirm_Termination');
    const card = await screen.findByRole('region', { name: 'Premium' });
    expect(within(card).getByText(endText)).toBeInTheDocument();
    expect(within(card).getByText('Price incl. VAT')).toBeInTheDocument();
    expect(within(card).getByText('59,99 € per year')).toBeInTheDocument();
    expect(card).toHaveTextContent(`Premium stays active with all its features until ${endText}.`);
    expect(card).toHaveTextContent('After that your account continues on the free plan');
    expect(card).toHaveTextContent(
      `Documents beyond the last 5 you uploaded are deleted 4 weeks after the end (${formatDate(
        addDays(new Date(END * 1000), 28),
      )}), unless you buy a plan again by then.`,
    );
  });

  it('asks in a dialog before the termination; Keep my plan changes nothing', async () => {
    const api = setupTermination();
    const { user } = renderApp('/my-account/cancel-subscription?process=confirm_Termination');
    await user.click(await screen.findByRole('button', { name: 'Confirm termination' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent(`Premium ends on ${endText}.`);
    await user.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/v1/subscription/cancel')).toHaveLength(0);
  });

  it('terminates after the confirmation, shows the end date and revokes with the family name', async () => {
    const api = setupTermination();
    const { user, router } = renderApp('/my-account/cancel-subscription?process=confirm_Termination');
    await user.click(await screen.findByRole('button', { name: 'Confirm termination' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm termination' }));

    const done = await screen.findByTestId('termination-confirmed');
    expect(locationOf(router)).toBe('/my-account/cancel-subscription/successful');
    expect(api.callsTo('POST', '/v1/subscription/cancel')).toHaveLength(1);
    // (find: the dialog's backdrop may still hide the page for a moment while it closes.)
    expect(await within(done).findByRole('heading', { level: 1 })).toHaveTextContent(
      'Your subscription has been cancelled',
    );
    expect(done).toHaveTextContent(`Premium stays active until ${endText}.`);

    await user.click(await within(done).findByRole('button', { name: 'Revoke cancellation' }));
    const revoked = await screen.findByTestId('termination-revoked');
    expect(api.callsTo('POST', '/v1/subscription/cancel/revoke')).toHaveLength(1);
    expect(within(revoked).getByTestId('revoke-message')).toHaveTextContent(
      'Thank you, Muster! Your cancellation has been revoked – we are glad you are staying with us.',
    );
  });

  it('shows the German revoke message with the family name', async () => {
    setupTermination({ name: 'Erika von Mustermann', language: 'German' });
    const { user } = renderApp('/my-account/cancel-subscription?process=confirm_Termination', {
      language: 'de',
    });
    await user.click(await screen.findByRole('button', { name: 'Kündigung bestätigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abonnement kündigen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Kündigung bestätigen' }));
    const done = await screen.findByTestId('termination-confirmed');
    await user.click(await within(done).findByRole('button', { name: 'Kündigung widerrufen' }));
    expect(await screen.findByTestId('revoke-message')).toHaveTextContent(
      'Vielen Dank, Mustermann! Ihre Kündigung wurde widerrufen – schön, dass Sie bei uns bleiben.',
    );
  });

  it('shows the free-plan message with the support address when the server refuses', async () => {
    installFakeApi({
      user: paidUser({ product: BASIC, stripe_price_id: 'price_y' }),
      routes: {
        'GET /v1/subscription/cancelat': () => json({ status: 'active' }),
        'POST /v1/subscription/cancel': () =>
          apiError(400, 'Cancel_Free_Plan_Text', 'The free plan cannot be cancelled.'),
      },
    });
    const { user } = renderApp('/my-account/cancel-subscription?process=confirm_Termination');
    await user.click(await screen.findByRole('button', { name: 'Confirm termination' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm termination' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The free plan cannot be cancelled.');
    expect(within(alert).getByRole('link', { name: /support@prime-pet\.de/ })).toBeInTheDocument();
  });

  it('shows an already pending termination with the way to revoke instead of the button', async () => {
    installFakeApi({
      user: paidUser({ product: BASIC, stripe_price_id: 'price_y' }),
      routes: { 'GET /v1/subscription/cancelat': () => json({ status: 'cancel' }) },
    });
    renderApp('/my-account/cancel-subscription?process=confirm_Termination');
    expect(
      await screen.findByText(`Your subscription is already cancelled and ends on ${endText}.`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm termination' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Revoke cancellation' })).toHaveAttribute(
      'href',
      '/my-account/cancel-subscription?process=cancel_Termination',
    );
  });

  it('the success page without a pending termination says so', async () => {
    installFakeApi({
      user: paidUser(),
      routes: { 'GET /v1/subscription/cancelat': () => json({ status: 'active' }) },
    });
    renderApp('/my-account/cancel-subscription/successful');
    expect(await screen.findByTestId('cancel-nothing-pending')).toHaveTextContent(
      'Premium is not cancelled and continues as usual.',
    );
  });
});

describe('?process=cancel_Termination: plan cards while a termination is pending', () => {
  it('offers Cancel termination on the current plan; sequence 1 or lower shows as downgrading', async () => {
    let status: 'active' | 'cancel' = 'cancel';
    const api = installFakeApi({
      user: paidUser(),
      routes: {
        'GET /v1/subscription/cancelat': () => json({ status }),
        'GET /v1/subscription/product/list': productList([FREE, BASIC, PREMIUM, PROMO]),
        'POST /v1/subscription/cancel/revoke': () => {
          status = 'active';
          return json({ message: 'Termination revoked', effective_date: null });
        },
      },
    });
    const { user } = renderApp('/my-account/cancel-subscription?process=cancel_Termination');
    const premium = await screen.findByRole('article', { name: /^Premium/ });
    expect(within(premium).getByText('Your plan')).toBeInTheDocument();
    // The plan the account changes to is scheduled; the other lower plan is only not orderable.
    for (const [name, label] of [
      ['Free', /Scheduled/],
      ['Basic', /Not available now/],
    ] as const) {
      const card = screen.getByRole('article', { name: new RegExp(`^${name}`) });
      expect(within(card).getByRole('button', { name: label })).toBeDisabled();
    }
    // The account changes to the free plan, from the day after the end date.
    const free = screen.getByRole('article', { name: /^Free/ });
    expect(within(free).getByText('Next plan')).toBeInTheDocument();
    expect(within(free).getByText(`Starts on ${dayAfterEnd}`)).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: /^Basic/ })).queryByText(/Starts on/),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /^Promo/ })).not.toBeInTheDocument();
    expect(screen.getByText(new RegExp(`It ends on ${endText.replace(/\./g, '\\.')}`))).toBeInTheDocument();

    await user.click(within(premium).getByRole('button', { name: 'Revoke cancellation' }));
    expect(await screen.findByTestId('revoke-message')).toHaveTextContent('Thank you, Muster!');
    expect(api.callsTo('POST', '/v1/subscription/cancel/revoke')).toHaveLength(1);
  });

  it('says when no termination is pending', async () => {
    installFakeApi({
      user: paidUser(),
      routes: {
        'GET /v1/subscription/cancelat': () => json({ status: 'active' }),
        'GET /v1/subscription/product/list': productList(),
      },
    });
    renderApp('/my-account/cancel-subscription?process=cancel_Termination');
    expect(await screen.findByText('No cancellation pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke cancellation' })).not.toBeInTheDocument();
  });

  it('shows Nothing_Pending_Text when the server has nothing to revoke', async () => {
    installFakeApi({
      user: paidUser(),
      routes: {
        'GET /v1/subscription/cancelat': () => json({ status: 'cancel' }),
        'GET /v1/subscription/product/list': productList(),
        'POST /v1/subscription/cancel/revoke': () => apiError(400, 'Nothing_Pending_Text'),
      },
    });
    const { user } = renderApp('/my-account/cancel-subscription?process=cancel_Termination');
    await user.click(await screen.findByRole('button', { name: 'Revoke cancellation' }));
    expect(await screen.findByText('There is no pending change to revoke or cancel.')).toBeInTheDocument();
  });
});
