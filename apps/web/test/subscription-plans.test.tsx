import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BRANDS, type UserInfo } from '@pet/contract';
import {
  defaultPayType,
  hasIntervalChoice,
  isChoosable,
  planCardState,
  visiblePlans,
} from '@/features/subscription/plan-rules';
import { apiError, installFakeApi, json, locationOf, makeProduct, makeUser, renderApp } from './helpers';
import { BASIC, FREE, PREMIUM, PROMO, productList, queryOf } from './subscription-fixtures';

const standard = BRANDS.primepet;

describe('plan rules', () => {
  const user = makeUser({ product: BASIC, stripe_price_id: 'price_y' });

  it('gives each card its state, and only "choose" can be clicked', () => {
    expect(planCardState(BASIC, user, null)).toEqual({ kind: 'current', trialMonths: null });
    expect(planCardState(BASIC, { ...user, is_trial: true, trial_months: 3 }, null)).toEqual({
      kind: 'current',
      trialMonths: 3,
    });
    expect(planCardState(FREE, user, null)).toEqual({ kind: 'free' });
    expect(planCardState(PREMIUM, user, null)).toEqual({ kind: 'choose' });
    expect(planCardState(PREMIUM, user, PREMIUM.id)).toEqual({ kind: 'ordered' });
    expect(planCardState(FREE, user, PREMIUM.id)).toEqual({ kind: 'orderInProgress' });
    // A pending downgrade is scheduled, not an open order (issue 33 item 22).
    expect(planCardState(PREMIUM, { ...user, downgrading: { product: PREMIUM } }, null)).toEqual({
      kind: 'downgrading',
      startDate: null,
      next: true,
    });
    const noIds = makeProduct({ id: 'x', monthly_price_id: null, yearly_price_id: null });
    expect(planCardState(noIds, user, null)).toEqual({ kind: 'unavailable' });
    expect([planCardState(PREMIUM, user, null), planCardState(PREMIUM, null, null)].every(isChoosable)).toBe(
      true,
    );
    expect(isChoosable(planCardState(FREE, user, null))).toBe(false);
  });

  it('defaults to yearly when there is a yearly price and offers the choice only with both prices', () => {
    expect(defaultPayType(PREMIUM)).toBe('yearly');
    expect(defaultPayType(makeProduct({ yearly_price: 0, yearly_price_id: null }))).toBe('monthly');
    expect(hasIntervalChoice(PREMIUM, standard)).toBe(true);
    expect(hasIntervalChoice(PREMIUM, BRANDS.gpstracker)).toBe(false);
    expect(hasIntervalChoice(makeProduct({ monthly_price: 0 }), standard)).toBe(false);
  });

  it('shows a promo user the promo card and the medical plans, others no promo card', () => {
    const all = [FREE, BASIC, PREMIUM, PROMO];
    expect(visiblePlans(all, user, standard).map((plan) => plan.id)).toEqual([FREE.id, BASIC.id, PREMIUM.id]);
    const promoUser = makeUser({ product: PROMO, is_promo: true });
    expect(visiblePlans(all, promoUser, standard).map((plan) => plan.id)).toEqual([
      BASIC.id,
      PREMIUM.id,
      PROMO.id,
    ]);
  });
});

function card(name: string) {
  return screen.getByRole('article', { name: new RegExp(`^${name}`) });
}

describe('/my-account/subscription, step 1: plan cards', () => {
  it('shows prices with decimal comma, features and the button of each state', async () => {
    installFakeApi({
      user: makeUser({ product: BASIC, stripe_price_id: 'price_y', stripe_subscription_end: 1_800_000_000 }),
      routes: { 'GET /v1/subscription/product/list': productList() },
    });
    renderApp('/my-account/subscription');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Subscription management' }),
    ).toBeInTheDocument();
    const premium = await screen.findByRole('article', { name: /^Premium/ });
    expect(within(premium).getByText('59,99 €')).toBeInTheDocument();
    expect(within(premium).getByText('per year')).toBeInTheDocument();
    expect(within(premium).getByText('or 5,99 € per month')).toBeInTheDocument();
    expect(within(premium).getByText('Up to 10 pets')).toBeInTheDocument();
    expect(within(premium).getByText('Unlimited documents in the document safe')).toBeInTheDocument();
    expect(within(premium).getByText('GPS tracking')).toBeInTheDocument();
    expect(within(premium).getByRole('button', { name: 'Choose plan' })).toBeEnabled();

    const basic = card('Basic');
    expect(within(basic).getByText('Your plan')).toBeInTheDocument();
    expect(within(basic).getByText('You pay yearly')).toBeInTheDocument();
    expect(within(basic).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(within(basic).getByText('Unlimited documents in the document safe')).toBeInTheDocument();
    expect(within(basic).getByText('GPS tracking (not included)')).toBeInTheDocument();

    const free = card('Free');
    expect(within(free).getByText('5 documents in the document safe')).toBeInTheDocument();
    expect(within(free).getByText('1 pet')).toBeInTheDocument();
    expect(within(free).getByRole('button', { name: 'Choose plan' })).toBeDisabled();
    expect(within(free).queryByRole('group')).not.toBeInTheDocument();

    // The status card: plan, interval, end of the term (epoch seconds x 1000, dd.MM.yyyy).
    const status = screen.getByRole('region', { name: 'Your current plan' });
    expect(within(status).getByText('Yearly')).toBeInTheDocument();
    expect(within(status).getByText(/Current term until \d{2}\.\d{2}\.2027/)).toBeInTheDocument();
  });

  it('asks the plans of the brand', async () => {
    const api = installFakeApi({ routes: { 'GET /v1/subscription/product/list': productList() } });
    renderApp('/my-account/subscription');
    await screen.findByRole('article', { name: /^Premium/ });
    expect(queryOf(api.callsTo('GET', '/v1/subscription/product/list')[0]).get('partner_id')).toBe(
      'primepet',
    );
  });

  it('labels a trial with its months', async () => {
    installFakeApi({
      user: makeUser({ product: BASIC, is_trial: true, trial_months: 3 }),
      routes: { 'GET /v1/subscription/product/list': productList() },
    });
    renderApp('/my-account/subscription');
    expect(await screen.findByRole('button', { name: 'Trial: 3 months' })).toBeDisabled();
  });

  it('disables every card while an order is placed: the ordered one says so', async () => {
    installFakeApi({
      user: makeUser({ product: FREE }),
      routes: { 'GET /v1/subscription/product/list': productList(undefined, PREMIUM.id) },
    });
    renderApp('/my-account/subscription');
    const premium = await screen.findByRole('article', { name: /^Premium/ });
    expect(within(premium).getByRole('button', { name: 'Already ordered' })).toBeDisabled();
    expect(within(card('Basic')).getByRole('button', { name: 'Order in progress' })).toBeDisabled();
    expect(screen.getByTestId('order-in-progress')).toHaveTextContent(
      'Your order for Premium is being processed',
    );
  });

  it('shows a promo user the promo card and the medical plans', async () => {
    installFakeApi({
      user: makeUser({ product: PROMO, is_promo: true }),
      routes: { 'GET /v1/subscription/product/list': productList([FREE, BASIC, PREMIUM, PROMO]) },
    });
    renderApp('/my-account/subscription');
    const promo = await screen.findByRole('article', { name: /^Promo/ });
    expect(within(promo).getByText('Included')).toBeInTheDocument();
    expect(within(promo).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(
      screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent),
    ).toEqual(['Basic', 'Premium', 'Promo']);
  });

  it('chooses a plan with the interval of its card: the step goes into the URL', async () => {
    installFakeApi({
      user: makeUser({ product: FREE }),
      routes: {
        'GET /v1/subscription/product/list': productList(),
        'POST /v1/subscription/prices': () => apiError(500, 'Failure_Call_Text'),
      },
    });
    const { user, router } = renderApp('/my-account/subscription?tokenX=1');
    const premium = await screen.findByRole('article', { name: /^Premium/ });
    const interval = within(premium).getByRole('group', { name: 'Billing interval of Premium' });
    expect(within(interval).getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(interval).getByRole('button', { name: 'Monthly' }));
    expect(within(premium).getByText('5,99 €')).toBeInTheDocument();
    expect(within(premium).getByText('or 59,99 € per year')).toBeInTheDocument();
    await user.click(within(premium).getByRole('button', { name: 'Choose plan' }));
    await waitFor(() =>
      expect(locationOf(router)).toBe(
        '/my-account/subscription?tokenX=1&product_id=plan-premium&pay_type=monthly',
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Your order' })).toBeInTheDocument();
  });

  it('says why a plan in the URL cannot be bought', async () => {
    installFakeApi({
      user: makeUser({ product: BASIC }),
      routes: { 'GET /v1/subscription/product/list': productList() },
    });
    renderApp('/my-account/subscription?product_id=plan-basic&pay_type=yearly');
    expect(await screen.findByTestId('plan-not-available')).toHaveTextContent(
      'This is already your current plan.',
    );
    expect(screen.queryByRole('heading', { name: 'Your order' })).not.toBeInTheDocument();
  });

  it('offers a retry when the plans cannot be loaded', async () => {
    let fail = true;
    installFakeApi({
      routes: {
        'GET /v1/subscription/product/list': () =>
          fail ? apiError(500, 'Failure_Call_Text') : productList()(),
      },
    });
    const { user } = renderApp('/my-account/subscription');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The plans could not be loaded');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: /^Premium/ })).toBeInTheDocument();
  });

  it('shows the empty state without plans', async () => {
    installFakeApi({ routes: { 'GET /v1/subscription/product/list': productList([]) } });
    renderApp('/my-account/subscription', { language: 'de' });
    expect(await screen.findByText('Keine Tarife verfügbar')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@prime-pet.de' })).toHaveAttribute(
      'href',
      'mailto:support@prime-pet.de',
    );
  });
});

describe('/my-account/subscription: subscription status', () => {
  it('shows a pending downgrade with its date and cancels it after confirmation', async () => {
    let downgrading: UserInfo['downgrading'] = { product: BASIC, date: 1_800_000_000 };
    const api = installFakeApi({
      routes: {
        'GET /v1/subscription/product/list': productList(),
        'GET /v1/subscription/cancelat': () => json({ status: 'downgrade' }),
        'GET /v1/auth/myinfo': () => json(makeUser({ product: PREMIUM, downgrading })),
        'POST /v1/subscription/cancel/downgrade': () => {
          downgrading = false;
          return json({ message: 'cancelled', effective_date: null });
        },
      },
    });
    const { user } = renderApp('/my-account/subscription');
    const status = await screen.findByRole('region', { name: 'Your current plan' });
    expect(
      await within(status).findByText(/Your plan changes to Basic on \d{2}\.\d{2}\.2027\./),
    ).toBeInTheDocument();
    // The target of the downgrade cannot be ordered meanwhile; it is scheduled, not an order.
    expect(within(card('Basic')).getByRole('button', { name: 'Scheduled' })).toBeDisabled();
    expect(screen.queryByTestId('order-in-progress')).not.toBeInTheDocument();

    await user.click(within(status).getByRole('button', { name: 'Cancel downgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the downgrade?' });
    expect(dialog).toHaveTextContent('You keep Premium');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel downgrade' }));
    expect(
      await screen.findByText('The downgrade has been cancelled. You keep your current plan.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/subscription/cancel/downgrade')).toHaveLength(1);
    await waitFor(() => expect(within(status).queryByText(/Your plan changes to/)).not.toBeInTheDocument());
  });

  it('shows a pending termination with the way to revoke it', async () => {
    installFakeApi({
      user: makeUser({ product: PREMIUM, stripe_subscription_end: 1_800_000_000 }),
      routes: {
        'GET /v1/subscription/product/list': productList(),
        'GET /v1/subscription/cancelat': () => json({ status: 'cancel' }),
      },
    });
    renderApp('/my-account/subscription', { language: 'de' });
    const status = await screen.findByRole('region', { name: 'Ihr aktueller Tarif' });
    expect(await within(status).findByText('Gekündigt')).toBeInTheDocument();
    expect(within(status).getByText(/Endet am \d{2}\.\d{2}\.2027/)).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: 'Kündigung widerrufen' })).toHaveAttribute(
      'href',
      '/my-account/cancel-subscription?process=cancel_Termination',
    );
  });
});

describe('/my-account/subscription in the tracker brand', () => {
  const trackerPlans = BRANDS.gpstracker.plans.map((seed, index) =>
    makeProduct({
      ...seed,
      id: `plan-${seed.key}`,
      monthly_price_id: seed.monthly_price > 0 ? `price_${seed.key}_m` : null,
      yearly_price_id: seed.yearly_price > 0 ? `price_${seed.key}_y` : null,
      sequence: index,
    }),
  );

  it('shows the plans by duration without interval choice and adds the tracker price for a user without tracker', async () => {
    installFakeApi({
      brand: 'gpstracker',
      user: makeUser({ product: trackerPlans[0]!, tracker_ids: [] }),
      routes: { 'GET /v1/subscription/product/list': productList([...trackerPlans].reverse()) },
    });
    renderApp('/my-account/subscription');
    const basis24 = await screen.findByRole('article', { name: /^BASIS 24/ });
    expect(
      screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent),
    ).toEqual(['Free', 'BASIS 1', 'BASIS 12', 'BASIS 24']);
    expect(within(basis24).getByText('Term: 24 months')).toBeInTheDocument();
    expect(within(basis24).getByText('89,99 €')).toBeInTheDocument();
    expect(within(basis24).getByText('every 2 years')).toBeInTheDocument();
    expect(within(basis24).getByText('+ 49,99 € one-time for the GPS tracker')).toBeInTheDocument();
    const basis1 = screen.getByRole('article', { name: /^BASIS 1\b/ });
    expect(within(basis1).getByText('Term: 1 month')).toBeInTheDocument();
    expect(within(basis1).getByText('per month')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Billing interval/ })).not.toBeInTheDocument();
  });

  it('leaves the tracker price out for a user with a tracker', async () => {
    installFakeApi({
      brand: 'gpstracker',
      user: makeUser({ product: trackerPlans[0]!, tracker_ids: ['TR-1'] }),
      routes: { 'GET /v1/subscription/product/list': productList(trackerPlans) },
    });
    renderApp('/my-account/subscription');
    await screen.findByRole('article', { name: /^BASIS 24/ });
    expect(screen.queryByText(/one-time for the GPS tracker/)).not.toBeInTheDocument();
  });

  it('leaves the tracker price out for a user who paid for one (tracker_owned), and names BASIS 24 every 2 years', async () => {
    installFakeApi({
      brand: 'gpstracker',
      user: makeUser({
        product: trackerPlans[3]!,
        stripe_price_id: trackerPlans[3]!.yearly_price_id,
        stripe_subscription_end: Math.floor(Date.now() / 1000) + 700 * 86_400,
        tracker_ids: [],
        tracker_owned: true,
      }),
      routes: { 'GET /v1/subscription/product/list': productList(trackerPlans) },
    });
    renderApp('/my-account/subscription');
    const basis24 = await screen.findByRole('article', { name: /^BASIS 24/ });
    expect(screen.queryByText(/one-time for the GPS tracker/)).not.toBeInTheDocument();
    expect(within(basis24).getByText('You pay every 2 years')).toBeInTheDocument();
    const status = screen.getByRole('region', { name: 'Your current plan' });
    expect(within(status).getByText('Every 2 years')).toBeInTheDocument();
    expect(screen.queryByText('Yearly')).not.toBeInTheDocument();
  });
});
