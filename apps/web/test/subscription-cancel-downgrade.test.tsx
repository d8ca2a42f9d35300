import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRANDS, type Product, type UserInfo } from '@pet/contract';
import { downgradeModeCards, downgradeTargets } from '@/features/subscription/cancel/cancel-rules';
import { apiError, installFakeApi, json, makeProduct, makeUser, renderApp } from './helpers';
import { BASIC, FREE, PREMIUM, PROMO, bodyOf, productList } from './subscription-fixtures';

/** Account-area section 4: plan cards in downgrade mode, the allowed targets and their price ids. */

const END = 1_800_000_000;
// 2027-01-15 08:00 UTC: the term's last day is 14.01.2027, the next plan starts 15.01.2027 (a
// period ends the day before the next begins, issue 33 item 8).
const dayAfterEnd = '15.01.2027';

/** A plan above Premium (sequence 3) and one above that, both with monthly and yearly prices. */
const PLUS = makeProduct({
  id: 'plan-plus',
  name: 'Plus',
  sequence: 3,
  monthly_price: 7.99,
  yearly_price: 79.99,
  monthly_price_id: 'price_plus_m',
  yearly_price_id: 'price_plus_y',
});
const TOP = makeProduct({
  id: 'plan-top',
  name: 'Top',
  sequence: 4,
  monthly_price: 9.99,
  yearly_price: 99.99,
  monthly_price_id: 'price_top_m',
  yearly_price_id: 'price_top_y',
});
/** Lower sequence but a higher yearly price: not a downgrade. */
const PRICEY = makeProduct({
  id: 'plan-pricey',
  name: 'Pricey',
  sequence: 1,
  monthly_price: 19.99,
  yearly_price: 199.99,
  monthly_price_id: 'price_pricey_m',
  yearly_price_id: 'price_pricey_y',
});

const trackerPlans: Product[] = BRANDS.gpstracker.plans.map((seed) =>
  makeProduct({
    ...seed,
    id: `gps-${seed.key}`,
    monthly_price_id: seed.monthly_price > 0 ? `price_${seed.key}_m` : null,
    yearly_price_id: seed.yearly_price > 0 ? `price_${seed.key}_y` : null,
  }),
);

function paidUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return makeUser({
    product: PREMIUM,
    stripe_price_id: 'price_premium_y',
    stripe_customer_id: 'cus_1',
    stripe_subscription_end: END,
    ...overrides,
  });
}

const ids = (targets: ReturnType<typeof downgradeTargets>) =>
  targets.map((target) => [target.plan.id, target.priceId]);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('downgrade targets (mirroring the server)', () => {
  const all = [FREE, BASIC, PRICEY, PREMIUM, PLUS, TOP, PROMO];

  it('offers lower plans with a yearly price above 0 and a price not above the active one', () => {
    expect(ids(downgradeTargets(PREMIUM, 'yearly', all))).toEqual([[BASIC.id, 'price_y']]);
    expect(ids(downgradeTargets(BASIC, 'yearly', all))).toEqual([]);
    // Pricey has a lower sequence but costs more than Top: not a downgrade.
    expect(ids(downgradeTargets(TOP, 'yearly', all))).toEqual([
      [BASIC.id, 'price_y'],
      [PREMIUM.id, 'price_premium_y'],
      [PLUS.id, 'price_plus_y'],
    ]);
  });

  it('uses the monthly price id only for a monthly payer and a target sequence above 2', () => {
    expect(ids(downgradeTargets(TOP, 'monthly', all))).toEqual([
      [BASIC.id, 'price_y'],
      [PREMIUM.id, 'price_premium_y'],
      [PLUS.id, 'price_plus_m'],
    ]);
    expect(ids(downgradeTargets(TOP, null, all)).at(-1)).toEqual([PLUS.id, 'price_plus_y']);
  });

  it('compares durations in the tracker brand and skips plans without a yearly price', () => {
    const [, basis1, basis12, basis24] = trackerPlans;
    expect(ids(downgradeTargets(basis24!, 'yearly', trackerPlans))).toEqual([
      [basis12!.id, 'price_basis12_y'],
    ]);
    expect(ids(downgradeTargets(basis12!, 'yearly', trackerPlans))).toEqual([]);
    expect(ids(downgradeTargets(basis1!, 'monthly', trackerPlans))).toEqual([]);
  });

  it('shows the pending target as downgrading from the day after the end date', () => {
    const user = paidUser({
      product: TOP,
      downgrading: { product: PREMIUM, date: END, starts_on: dayAfterEnd },
    });
    const cards = downgradeModeCards(user, [FREE, BASIC, PREMIUM, TOP]);
    expect(cards.map((card) => [card.plan.id, card.state.kind])).toEqual([
      [BASIC.id, 'downgrade'],
      [PREMIUM.id, 'downgrading'],
      [TOP.id, 'current'],
    ]);
    expect(cards[1]!.state).toEqual({ kind: 'downgrading', startDate: dayAfterEnd, next: true });
  });
});

describe('/my-account/cancel-subscription?process=downgrade', () => {
  function setup(user: UserInfo, plans: Product[] = [FREE, BASIC, PREMIUM, PROMO], extra = {}) {
    let current = user;
    const api = installFakeApi({
      routes: {
        'GET /v1/auth/myinfo': () => json(current),
        'GET /v1/subscription/cancelat': () => json({ status: current.downgrading ? 'downgrade' : 'active' }),
        'GET /v1/subscription/product/list': productList(plans),
        'POST /v1/subscription/downgrade': (call) => {
          const target = plans.find(
            (plan) =>
              plan.yearly_price_id === bodyOf(call).price_id ||
              plan.monthly_price_id === bodyOf(call).price_id,
          )!;
          current = { ...current, downgrading: { product: target, date: END, starts_on: dayAfterEnd } };
          return json({ message: 'Downgrade scheduled', effective_date: END, effective_on: dayAfterEnd });
        },
        'POST /v1/subscription/cancel/downgrade': () => {
          current = { ...current, downgrading: false };
          return json({ message: 'Downgrade cancelled', effective_date: null });
        },
        ...extra,
      },
    });
    return api;
  }

  it('shows the lower plans with Downgrade and the current plan disabled; asks before it downgrades', async () => {
    const api = setup(paidUser());
    const { user } = renderApp('/my-account/cancel-subscription?process=downgrade');
    const basic = await screen.findByRole('article', { name: /^Basic/ });
    const premium = screen.getByRole('article', { name: /^Premium/ });
    expect(within(premium).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(screen.queryByRole('article', { name: /^Free/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /^Promo/ })).not.toBeInTheDocument();
    // The price the downgrade bills (yearly), without an interval choice.
    expect(within(basic).getByText('29,99 €')).toBeInTheDocument();
    expect(within(basic).queryByRole('group')).not.toBeInTheDocument();

    await user.click(within(basic).getByRole('button', { name: 'Downgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Basic?' });
    expect(dialog).toHaveTextContent(`From ${dayAfterEnd} you will have Basic for 29,99 € per year.`);
    await user.click(within(dialog).getByRole('button', { name: 'Downgrade' }));

    await waitFor(() => expect(api.callsTo('POST', '/v1/subscription/downgrade')).toHaveLength(1));
    expect(bodyOf(api.callsTo('POST', '/v1/subscription/downgrade')[0])).toEqual({ price_id: 'price_y' });
    expect(await screen.findByText(`Done: Basic starts on ${dayAfterEnd}.`)).toBeInTheDocument();
    const pending = await screen.findByRole('article', { name: /^Basic/ });
    await within(pending).findByText(`Starts on ${dayAfterEnd}`);
    expect(within(pending).getByRole('button', { name: /Scheduled/ })).toBeDisabled();
  });

  it('sends the monthly price id for a monthly payer and a target above sequence 2', async () => {
    const api = setup(paidUser({ product: TOP, stripe_price_id: 'price_top_m' }), [
      FREE,
      BASIC,
      PREMIUM,
      PLUS,
      TOP,
    ]);
    const { user } = renderApp('/my-account/cancel-subscription?process=downgrade');
    const plus = await screen.findByRole('article', { name: /^Plus/ });
    expect(within(plus).getByText('7,99 €')).toBeInTheDocument();
    // Premium (sequence 2) bills yearly.
    expect(
      within(screen.getByRole('article', { name: /^Premium/ })).getByText('59,99 €'),
    ).toBeInTheDocument();
    await user.click(within(plus).getByRole('button', { name: 'Downgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Plus?' });
    expect(dialog).toHaveTextContent('Plus for 7,99 € per month');
    await user.click(within(dialog).getByRole('button', { name: 'Downgrade' }));
    await waitFor(() =>
      expect(bodyOf(api.callsTo('POST', '/v1/subscription/downgrade')[0])).toEqual({
        price_id: 'price_plus_m',
      }),
    );
  });

  it('shows the pending target with its start date and cancels the downgrade after confirmation', async () => {
    const api = setup(paidUser({ product: TOP, downgrading: { product: PREMIUM, date: END } }), [
      FREE,
      BASIC,
      PREMIUM,
      TOP,
    ]);
    const { user } = renderApp('/my-account/cancel-subscription?process=downgrade');
    const premium = await screen.findByRole('article', { name: /^Premium/ });
    expect(within(premium).getByText('Next plan')).toBeInTheDocument();
    expect(within(premium).getByText(`Starts on ${dayAfterEnd}`)).toBeInTheDocument();
    expect(within(premium).getByRole('button', { name: /Scheduled/ })).toBeDisabled();
    expect(
      within(screen.getByRole('article', { name: /^Top/ })).getByRole('button', { name: 'Current plan' }),
    ).toBeDisabled();

    await user.click(within(premium).getByRole('button', { name: 'Cancel downgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the downgrade?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel downgrade' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/subscription/cancel/downgrade')).toHaveLength(1));
    expect(
      await within(await screen.findByRole('article', { name: /^Premium/ })).findByRole('button', {
        name: 'Downgrade',
      }),
    ).toBeEnabled();
  });

  it('shows the popup to a gift user instead of downgrading', async () => {
    const api = setup(paidUser({ is_gift: true }));
    const { user } = renderApp('/my-account/cancel-subscription?process=downgrade');
    const basic = await screen.findByRole('article', { name: /^Basic/ });
    await user.click(within(basic).getByRole('button', { name: 'Downgrade' }));
    const popup = await screen.findByRole('dialog', { name: 'Downgrade not possible' });
    expect(popup).toHaveTextContent('Your plan is a gift, a promotion or free of charge');
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(api.callsTo('POST', '/v1/subscription/downgrade')).toHaveLength(0);
  });

  it('shows the popup when the server refuses with 403', async () => {
    setup(paidUser(), undefined, {
      'POST /v1/subscription/downgrade': () => apiError(403, 'Downgrade_Not_Allowed_Text'),
    });
    const { user } = renderApp('/my-account/cancel-subscription?process=downgrade');
    await user.click(
      within(await screen.findByRole('article', { name: /^Basic/ })).getByRole('button', {
        name: 'Downgrade',
      }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Downgrade' }));
    expect(await screen.findByRole('dialog', { name: 'Downgrade not possible' })).toBeInTheDocument();
  });

  it('shows the popup on the choice page for a gift user', async () => {
    setup(paidUser({ is_gift: true }));
    const { user } = renderApp('/my-account/cancel-subscription');
    const region = await screen.findByRole('region', { name: 'Switch to a smaller plan' });
    await user.click(within(region).getByRole('button', { name: 'Choose a smaller plan' }));
    expect(await screen.findByRole('dialog', { name: 'Downgrade not possible' })).toBeInTheDocument();
  });

  it('says when there is no smaller plan and offers the cancellation instead', async () => {
    setup(paidUser({ product: BASIC, stripe_price_id: 'price_y' }));
    renderApp('/my-account/cancel-subscription?process=downgrade');
    expect(await screen.findByText('No smaller plan available')).toBeInTheDocument();
    // (The menu has a Cancel subscription link of its own.)
    expect(
      screen.getAllByRole('link', { name: 'Cancel subscription' }).map((link) => link.getAttribute('href')),
    ).toContain('/my-account/cancel-subscription?process=confirm_Termination');
  });
});
