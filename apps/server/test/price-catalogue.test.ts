import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { registeredUser, v1 } from './identity-helpers.ts';
import { as } from './support/owners.ts';
import { createCoupon, planOf, type Buyer } from './support/buying.ts';
import { disableCoupon } from '../src/modules/subscription/subscription.repo.ts';
import { createPlan } from '../src/modules/plans/plans.repo.ts';

// The price call keeps each brand's plans and coupons per process while the catalogue version
// (moved by triggers on product and coupon, migration 0114) stays the same
// (modules/subscription/checkout/price-catalogue.ts): every change, whoever makes it, shows in the
// very next answer.
let t: TestApp;
let user: Buyer;
beforeAll(async () => {
  t = await createTestApp();
  user = await registeredUser(t.app);
});
afterAll(async () => t?.close());

async function prices(body: Record<string, unknown>) {
  const res = await v1(t.app, 'POST', '/v1/subscription/prices', body, as(user));
  return { status: res.statusCode, body: res.json() };
}

/** A write through a connection of its own, as an operator's shell or another instance makes it. */
async function writeElsewhere(text: string, values: unknown[]): Promise<void> {
  const { database } = t.config;
  if (database.kind === 'sqlite') {
    const other = new SQLite(database.file);
    other.prepare(text.replace(/\$\d+/g, '?')).run(...values);
    other.close();
    return;
  }
  const other = new pg.Client({ connectionString: database.url });
  await other.connect();
  await other.query(text, values);
  await other.end();
}

describe('the price list cached by catalogue version', () => {
  it('answers a changed plan price at once, whoever changed it', async () => {
    const premium = await planOf(t.app, 'premium');
    const body = { pay_type: 'yearly', product_id: premium.id };
    expect((await prices(body)).body.total_price_discounted).toBe(59.99);
    expect((await prices(body)).body.total_price_discounted).toBe(59.99);

    await t.app.db
      .updateTable('product')
      .set({ yearly_price_cents: 6499 })
      .where('id', '=', premium.id)
      .execute();
    expect((await prices(body)).body).toMatchObject({ total_price_discounted: 64.99, other_price: 64.99 });

    await writeElsewhere('update product set yearly_price_cents = $1 where id = $2', [7099, premium.id]);
    expect((await prices(body)).body).toMatchObject({ total_price_discounted: 70.99, other_price: 70.99 });

    // A plan without a yearly price is no longer for sale yearly.
    await writeElsewhere('update product set yearly_price_id = null where id = $1', [premium.id]);
    expect((await prices(body)).status).toBe(400);
    await writeElsewhere('update product set yearly_price_id = $1, yearly_price_cents = $2 where id = $3', [
      premium.yearly_price_id,
      premium.yearly_price_cents,
      premium.id,
    ]);
    expect((await prices(body)).body.total_price_discounted).toBe(59.99);
  });

  it('answers a new plan and a changed or disabled coupon at once', async () => {
    const plan = await createPlan(t.app.db, {
      partnerId: 'primepet',
      key: 'catalogue-test',
      name: 'Catalogue Test',
      sequence: 99,
      isDefault: false,
      monthlyPriceCents: 1234,
      yearlyPriceCents: 12340,
      monthlyPriceId: 'price_catalogue_test_m',
      yearlyPriceId: 'price_catalogue_test_y',
      stripeId: null,
      petsLimit: 3,
      documentsLimit: 10,
      gpsTracking: false,
      medical: true,
      appointments: true,
      duration: null,
      internalNote: '',
    });
    expect((await prices({ pay_type: 'monthly', product_id: plan.id })).body.total_price_discounted).toBe(
      12.34,
    );

    const premium = await planOf(t.app, 'premium');
    const coupon = await createCoupon(t.app, { percent_off: 10 });
    const body = { pay_type: 'yearly', product_id: premium.id, coupon_id: coupon.id };
    expect((await prices(body)).body).toMatchObject({ discount: 6, total_price_discounted: 53.99 });

    await writeElsewhere('update coupon set percent_off = $1 where id = $2', [50, coupon.id]);
    expect((await prices(body)).body).toMatchObject({ discount: 30, total_price_discounted: 29.99 });

    expect(await disableCoupon(t.app.db, 'primepet', coupon.code)).toBe(true);
    const refused = await prices(body);
    expect(refused.status).toBe(476);
  });
});
