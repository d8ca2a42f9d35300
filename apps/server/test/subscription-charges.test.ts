import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_MESSAGES, couponMessageKey } from '@pet/contract';
import { runAdmin } from '../src/admin/commands.ts';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { registeredUser, v1 } from './identity-helpers.ts';
import { as } from './support/owners.ts';
import {
  advanceDays,
  confirmWith,
  createCoupon,
  myInfo,
  ordersOf,
  placeOrder,
  planOf,
  requestPayment,
  runJobs,
  type Buyer,
} from './support/buying.ts';

/**
 * Issue 33, "Charges and amounts": the tracker paid for is owned (never charged twice), a coupon
 * that leaves less than the minimum payment answers 480, the spec's proration rule for lower
 * packages, the interval change monthly -> yearly of the same plan, and the new-customer coupon.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const GPS = 'gpstracker.localhost';

async function prices(user: Buyer, body: Record<string, unknown>, host?: string) {
  return v1(t.app, 'POST', '/v1/subscription/prices', body, { ...as(user), ...(host ? { host } : {}) });
}

/** Buys a plan by card and lets the webhook deliveries run: the plan is active afterwards. */
async function buy(user: Buyer, options: Parameters<typeof placeOrder>[2]) {
  const { orderId, secret } = await placeOrder(t.app, user, options);
  const confirmed = await confirmWith(t.app, secret, { card: '4242424242424242' });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  await runJobs(t.app);
  return orderId;
}

async function checkCoupon(user: Buyer & { email: string }, code: string, plan: string, duration = 'yearly') {
  const product = await planOf(t.app, plan);
  return v1(
    t.app,
    'POST',
    '/v1/coupon/isvalid',
    { code_name: code, email: user.email, duration, product_id: product.id, coupon_for: 'existing_customer' },
    as(user),
  );
}

/** The operator command, in process, on the test app's database. */
async function admin(line: string) {
  const err: string[] = [];
  const env = {
    NODE_ENV: 'test',
    DATA_DIR: t.config.dataDir,
    ...(t.config.database.kind === 'postgres' ? { DATABASE_URL: t.config.database.url } : {}),
  };
  const code = await runAdmin(line.split(' '), { out: () => {}, err: (l) => err.push(l) }, env);
  expect(code, err.join('\n')).toBe(0);
}

describe(`charges and amounts (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  it('33.1: a tracker paid with BASIS 12 is owned: BASIS 24 is priced and charged without it', async () => {
    const user = await registeredUser(t.app, {}, { host: GPS });
    const firstOrder = await buy(user, { plan: 'basis12', partnerId: 'gpstracker', host: GPS });
    const [first] = await ordersOf(t.app, user.id);
    // The order records the tracker it sold and its price.
    expect(first).toMatchObject({ id: firstOrder, status: 'paid', tracker_cents: 4999, amount_cents: 9998 });
    expect(
      (await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { ...as(user), host: GPS })).json(),
    ).toMatchObject({ tracker_ids: [], tracker_owned: true });

    const basis24 = await planOf(t.app, 'basis24', 'gpstracker');
    const quoted = await prices(user, { pay_type: 'yearly', product_id: basis24.id }, GPS);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const body = quoted.json();
    expect(body.tracker_price).toBe(0);
    expect(body.other_price).toBe(89.99);
    // BASIS 12 (49.99) was just paid: nearly all of it is credited, and nothing for a tracker.
    expect(body.proration).toBeLessThan(-49.9);
    expect(body.total_price_discounted).toBeCloseTo(89.99 + body.proration, 2);
    expect(body.total_price_discounted).toBeLessThan(40.1);

    const secondOrder = await buy(user, { plan: 'basis24', partnerId: 'gpstracker', host: GPS });
    const second = (await ordersOf(t.app, user.id)).find((o) => o.id === secondOrder)!;
    expect(second).toMatchObject({ status: 'paid', tracker_cents: 0 });
    expect(second.amount_cents).toBe(Math.round(body.total_price_discounted * 100));

    // A tracker-brand user who has bought nothing yet still pays it once.
    const newcomer = await registeredUser(t.app, {}, { host: GPS });
    expect(
      (await prices(newcomer, { pay_type: 'yearly', product_id: basis24.id }, GPS)).json(),
    ).toMatchObject({
      tracker_price: 49.99,
      total_price_discounted: 139.98,
    });
    expect(
      (await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { ...as(newcomer), host: GPS })).json(),
    ).toMatchObject({ tracker_owned: false });
  });

  it('33.2: a 100 % coupon from the operator command is valid, and the amount answers 480', async () => {
    await admin('coupon create --code FREE100 --percent-off 100 --brand primepet');
    const user = await registeredUser(t.app);
    const checked = await checkCoupon(user, 'FREE100', 'premium');
    expect(checked.statusCode, checked.body).toBe(200);
    const couponId = checked.json().codes[0].coupon_id as string;
    const premium = await planOf(t.app, 'premium');
    const quoted = await prices(user, { pay_type: 'yearly', product_id: premium.id, coupon_id: couponId });
    expect(quoted.statusCode, quoted.body).toBe(480);
    expect(quoted.json().key).toBe('Amount_Less_Error');
    const order = await requestPayment(t.app, user, { plan: 'premium', couponId });
    expect(order.statusCode, order.body).toBe(480);
    expect(order.json().key).toBe('Amount_Less_Error');
    // 99 % of 29.99 leaves 0.30: under the minimum too, also 480 and never 476.
    const almost = await createCoupon(t.app, { percent_off: 99 });
    const small = await requestPayment(t.app, user, { plan: 'basic', couponId: almost.id });
    expect(small.statusCode, small.body).toBe(480);
    expect(await ordersOf(t.app, user.id)).toHaveLength(0);
    // With a credit for the current period the total falls below zero: still the minimum payment
    // (480), not a negative proration.
    await buy(user, { plan: 'premium', payType: 'monthly' });
    const upgrade = await prices(user, { pay_type: 'yearly', product_id: premium.id, coupon_id: couponId });
    expect(upgrade.statusCode, upgrade.body).toBe(480);
    expect((await requestPayment(t.app, user, { plan: 'premium', couponId })).json().key).toBe(
      'Amount_Less_Error',
    );
  });

  it('33.3: Premium monthly -> Basic yearly is refused with the spec’s own message, no order', async () => {
    const user = await registeredUser(t.app);
    await buy(user, { plan: 'premium', payType: 'monthly' });
    const basic = await planOf(t.app, 'basic');
    const quoted = await prices(user, { pay_type: 'yearly', product_id: basic.id });
    expect(quoted.statusCode, quoted.body).toBe(400);
    expect(quoted.json()).toMatchObject({
      key: 'Proration_Downgrade_Error_Text',
      message: 'Cannot upgrade from a monthly to a lower yearly package',
    });
    const order = await requestPayment(t.app, user, { plan: 'basic', payType: 'yearly' });
    expect(order.statusCode).toBe(400);
    expect(order.json().key).toBe('Proration_Downgrade_Error_Text');
    expect(await ordersOf(t.app, user.id)).toHaveLength(1);
  });

  it('33.3: Premium yearly -> Basic monthly is a downgrade (its own message); the downgrade is offered', async () => {
    const user = await registeredUser(t.app);
    await buy(user, { plan: 'premium', payType: 'yearly' });
    const basic = await planOf(t.app, 'basic');
    const quoted = await prices(user, { pay_type: 'monthly', product_id: basic.id });
    expect(quoted.statusCode, quoted.body).toBe(400);
    expect(quoted.json().key).toBe('Lower_Plan_Is_Downgrade_Text');
    expect((await requestPayment(t.app, user, { plan: 'basic', payType: 'monthly' })).json().key).toBe(
      'Lower_Plan_Is_Downgrade_Text',
    );
    // The way the message names: Basic (its yearly price, section 4) at the end of the period.
    const downgrade = await v1(
      t.app,
      'POST',
      '/v1/subscription/downgrade',
      { price_id: basic.yearly_price_id },
      as(user),
    );
    expect(downgrade.statusCode, downgrade.body).toBe(200);
    // Premium yearly -> Premium monthly: the credit exceeds the price, described as such.
    const premium = await planOf(t.app, 'premium');
    const monthly = await prices(user, { pay_type: 'monthly', product_id: premium.id });
    expect(monthly.statusCode).toBe(400);
    expect(monthly.json().key).toBe('Proration_Credit_Exceeds_Price_Text');
  });

  it('33.4: Premium monthly -> Premium yearly is bought with the unused month credited', async () => {
    const user = await registeredUser(t.app);
    await buy(user, { plan: 'premium', payType: 'monthly' });
    await advanceDays(t.app, 10);
    const premium = await planOf(t.app, 'premium');
    const quoted = await prices(user, { pay_type: 'yearly', product_id: premium.id });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const before = await myInfo(t.app, user);
    const periodEnd = before.stripe_subscription_end! * 1000;
    const now = new Date((await t.app.inject({ method: 'GET', url: '/dev/clock' })).json().now as string);
    const [paid] = await ordersOf(t.app, user.id);
    const total = new Date(paid!.period_end!).getTime() - new Date(paid!.period_start!).getTime();
    const credit = Math.floor((599 * (periodEnd - now.getTime())) / total);
    expect(quoted.json()).toMatchObject({ other_price: 59.99, proration: -credit / 100 });
    expect(quoted.json().total_price_discounted).toBe((5999 - credit) / 100);

    const orderId = await buy(user, { plan: 'premium', payType: 'yearly' });
    const order = (await ordersOf(t.app, user.id)).find((o) => o.id === orderId)!;
    expect(order).toMatchObject({ status: 'paid', proration_cents: credit, amount_cents: 5999 - credit });
    const after = await myInfo(t.app, user);
    expect(after.product?.name).toBe('Premium');
    expect(after.stripe_price_id).toBe(premium.yearly_price_id);
    expect(after.stripe_subscription_end! - now.getTime() / 1000).toBeGreaterThan(364 * 86_400);
    // The monthly period's end passes without a renewal: the yearly period replaced it.
    await advanceDays(t.app, 25);
    expect((await ordersOf(t.app, user.id)).filter((o) => o.kind === 'renewal')).toHaveLength(0);
    // The current plan and interval cannot be bought again.
    expect((await prices(user, { pay_type: 'yearly', product_id: premium.id })).json().key).toBe(
      'Already_Current_Plan_Text',
    );
  });

  it('33.5: a new-customers coupon used by an existing customer answers its own 476 message', async () => {
    const user = await registeredUser(t.app);
    const newOnly = await createCoupon(t.app, { applies_to: 'new' });
    // Before the first payment the user is a new customer: the coupon applies.
    expect((await checkCoupon(user, newOnly.code, 'basic')).statusCode).toBe(200);
    await buy(user, { plan: 'basic', payType: 'monthly' });
    const checked = await checkCoupon(user, newOnly.code, 'premium');
    expect(checked.statusCode, checked.body).toBe(476);
    expect(checked.json().message).toBe(COUPON_MESSAGES.newCustomerOnlyUserExists);
    expect(checked.json().key).toBe('Coupon_For_New_Customer_User_Already_Exist');
    expect(couponMessageKey(checked.json().message)).toBe('Coupon_For_New_Customer_User_Already_Exist');
    const order = await requestPayment(t.app, user, { plan: 'premium', couponId: newOnly.id });
    expect(order.statusCode).toBe(476);
    expect(order.json().key).toBe('Coupon_For_New_Customer_User_Already_Exist');
  });
});
