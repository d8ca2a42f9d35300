import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import enSubscription from '../../apps/web/src/locales/en/subscription.json' with { type: 'json' };
import enTranslation from '../../apps/web/src/locales/en/translation.json' with { type: 'json' };
import enConsumerLaw from '../../apps/web/src/locales/en/consumer-law.json' with { type: 'json' };
import { startServer, type RunningServer } from '../support/server.ts';
import { launchBrowser, newContext, screenshot, type ContextOptions } from '../support/browser.ts';
import { admin } from '../support/admin.ts';
import { api, createUser, mailbox, signedInContext, type TestUser } from '../support/session.ts';
import enSepa from '../../apps/web/src/locales/en/sepa.json' with { type: 'json' };
import { BRANDS } from '@pet/contract';

/**
 * Buying a plan (issue 11) in Chromium against the real server and its Stripe-compatible sandbox:
 * card with a coupon, SEPA (pending, then paid after the dev clock moves), a declined card, 3-D
 * Secure, the tracker brand with its one-time tracker price, and tier-fritz's no-order message.
 */

let server: RunningServer;
let browser: Browser;
const SUB = enSubscription.subscription;
const LAW = enConsumerLaw.consumerLaw;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SANDBOX_SEPA_SETTLE_S: '60' }), launchBrowser()]);
  await admin(server, ['coupon', 'create', '--code', 'TENOFF', '--percent-off', '10']);
  await admin(server, ['coupon', 'create', '--code', 'FREE100', '--percent-off', '100']);
  await admin(server, ['coupon', 'create', '--code', 'NEWONLY', '--percent-off', '20', '--for', 'new']);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openAs(user: TestUser, options: ContextOptions = {}) {
  const context = await signedInContext(browser, user, options);
  return { context, page: await context.newPage() };
}

/** Picks a plan card by its name and presses its Choose plan button. */
async function choosePlan(page: Page, planName: string) {
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: planName, exact: true }) });
  await card.getByRole('button', { name: SUB.plans.choose }).click();
  await page.getByRole('button', { name: SUB.payment.payNow }).waitFor();
}

async function fillBilling(page: Page) {
  await page.getByRole('textbox', { name: SUB.delivery.name }).fill('Erika Mustermann');
  await page.getByRole('textbox', { name: SUB.delivery.address }).fill('Hauptstraße 1');
  await page.getByRole('textbox', { name: SUB.delivery.zipcode }).fill('10115');
  await page.getByRole('textbox', { name: SUB.delivery.city }).fill('Berlin');
}

async function fillCard(page: Page, number: string) {
  await page.getByRole('textbox', { name: SUB.payment.cardNumber }).fill(number);
  await page.getByRole('textbox', { name: SUB.payment.expiry }).fill('12/34');
  await page.getByRole('textbox', { name: SUB.payment.cvc }).fill('123');
}

async function payNow(page: Page) {
  await page.getByRole('checkbox', { name: /terms and conditions|Allgemeinen Geschäftsbedingungen/ }).check();
  await page.getByRole('button', { name: SUB.payment.payNow }).click();
}

async function advanceClock(days: number) {
  const res = await fetch(`${server.url}/dev/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ days }),
  });
  if (!res.ok) throw new Error(`clock advance failed: ${res.status}`);
}

async function currentPlan(user: TestUser): Promise<string | undefined> {
  return (await api<{ product: { name: string } | null }>(user, 'GET', '/v1/auth/myinfo')).body.product?.name;
}

describe('buying a plan', () => {
  it('a free user buys Premium yearly by card with a 10 % coupon and sees the plan active', async ({
    expect,
    onTestFailed,
  }) => {
    const user = await createUser(server, { name: 'Erika Mustermann' });
    const { context, page } = await openAs(user);
    onTestFailed(async () => {
      await screenshot(page, 'subscription-buy-card-failure');
    });
    await page.goto(`${server.url}/my-account/subscription`);
    await screenshot(page, 'subscription-plans-desktop-light');
    await choosePlan(page, 'Premium');
    await page.getByRole('textbox', { name: SUB.coupon.label }).fill('tenoff');
    await page.getByRole('button', { name: SUB.coupon.apply }).click();
    await page.getByText(SUB.coupon.applied.replace('{{code}}', 'TENOFF')).waitFor();
    await page.getByText('53,99 €').first().waitFor();
    await fillBilling(page);
    await fillCard(page, '4242 4242 4242 4242');
    await screenshot(page, 'subscription-payment-desktop-light');
    await payNow(page);
    await page.getByText(SUB.result.paidTitle).waitFor({ timeout: 30_000 });
    await screenshot(page, 'subscription-paid-desktop-light');
    expect(await currentPlan(user)).toBe('Premium');

    await page.goto(`${server.url}/my-account/subscription`);
    const premium = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Premium', exact: true }) });
    await premium.getByRole('button', { name: SUB.plans.current }).waitFor();
    expect(await premium.getByRole('button', { name: SUB.plans.current }).isDisabled()).toBe(true);
    await context.close();
  }, 180_000);

  it('§ 312j: the order summary is in view with the order button at 1440 px; § 312k: the footer cancels the plan without signing in', async ({
    expect,
    onTestFailed,
  }) => {
    const user = await createUser(server, { name: 'Erika Mustermann' });
    const { context, page } = await openAs(user);
    onTestFailed(async () => {
      await screenshot(page, 'subscription-law-failure');
    });
    await page.goto(`${server.url}/my-account/subscription`);
    await choosePlan(page, 'Basic');
    await fillBilling(page);
    await fillCard(page, '4242 4242 4242 4242');
    await page
      .getByRole('checkbox', { name: /terms and conditions|Allgemeinen Geschäftsbedingungen/ })
      .check();
    // The withdrawal information with the optional request to start at once (ticked here).
    await page.getByTestId('withdrawal-notice').getByText(LAW.withdrawal.title).waitFor();
    await page.getByRole('checkbox', { name: /expressly ask that my plan start at once/ }).check();
    const button = page.getByRole('button', { name: SUB.payment.payNow });
    const obligation = page.getByTestId('order-obligation-summary');
    await obligation.getByText(/^Due today: /).waitFor();
    // The worst case of a press: the button at the bottom edge of the window. The obligation
    // summary right above it and the price summary (sticky) are on screen, below the top bar.
    await button.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    const viewport = page.viewportSize()!;
    expect(viewport.width).toBe(1440);
    const topBar = 78;
    const buttonBox = (await button.boundingBox())!;
    const obligationBox = (await obligation.boundingBox())!;
    const priceBox = (await page.getByTestId('price-summary').boundingBox())!;
    expect(obligationBox.y).toBeGreaterThanOrEqual(topBar);
    expect(obligationBox.y + obligationBox.height).toBeLessThanOrEqual(buttonBox.y);
    expect(buttonBox.y - (obligationBox.y + obligationBox.height)).toBeLessThan(40);
    expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(viewport.height + 1);
    expect(priceBox.y).toBeGreaterThanOrEqual(topBar);
    expect(priceBox.y + priceBox.height).toBeLessThanOrEqual(viewport.height);
    const summaryText = await obligation.innerText();
    expect(summaryText).toContain('renews automatically for 12 months at a time at 29,99 € per year');
    expect(summaryText).toContain('Minimum term: 12 months.');
    await screenshot(page, 'subscription-order-button-desktop-light');
    await button.click();
    await page.getByText(SUB.result.paidTitle).waitFor({ timeout: 30_000 });
    expect(await currentPlan(user)).toBe('Basic');
    // The signed-in shell has the footer link too.
    await page.getByRole('link', { name: enTranslation.footer.cancelContracts }).waitFor();
    await context.close();

    // Signed out: from the sign-in page's footer to the form.
    const visitor = await newContext(browser, { viewport: 'phone', colorScheme: 'dark' });
    const form = await visitor.newPage();
    await form.goto(`${server.url}/signin`);
    await form.getByRole('link', { name: enTranslation.footer.cancelContracts }).click();
    await form.getByRole('heading', { name: LAW.cancellation.title }).waitFor();
    await form.getByRole('textbox', { name: LAW.cancellation.name }).fill('Erika Mustermann');
    await form.getByRole('textbox', { name: LAW.cancellation.email }).fill(user.email);
    await form.getByRole('textbox', { name: LAW.cancellation.contract }).fill('Basic');
    await screenshot(form, 'contract-cancellation-phone-dark');
    await form.getByRole('button', { name: LAW.cancellation.submit }).click();
    const receipt = form.getByTestId('cancellation-receipt');
    await receipt.getByText(/^Received on \d{2}\.\d{2}\.\d{4} at \d{2}:\d{2} \(German time\)$/).waitFor();
    await screenshot(form, 'contract-cancellation-receipt-phone-dark');
    await visitor.close();
    // The job cancelled the plan as the account area does, and the receipt mail names the end.
    let status = '';
    for (let tries = 0; tries < 60 && status !== 'cancel'; tries += 1) {
      status = (await api<{ status: string }>(user, 'GET', '/v1/subscription/cancelat')).body.status;
      if (status !== 'cancel') await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe('cancel');
    const mails = (await (await fetch(`${server.url}/dev/mailbox.json`)).json()) as Array<{
      to: string;
      kind: string;
      text: string;
    }>;
    const mail = mails.find((m) => m.to === user.email && m.kind === 'contract-cancellation-receipt');
    expect(mail?.text).toMatch(/Contract ends on: \d{2}\.\d{2}\.\d{4}/);

    // Within its 14 days the purchase can be withdrawn in the account area: the plan ends at once.
    const again = await openAs(user);
    await again.page.goto(`${server.url}/my-account/cancel-subscription`);
    const card = again.page.getByRole('region', { name: LAW.withdrawal.accountTitle });
    await card.getByText(/29,\d\d €/).waitFor();
    await screenshot(again.page, 'withdrawal-card-desktop-light');
    await card.getByRole('button', { name: LAW.withdrawal.accountButton }).click();
    await again.page.getByRole('dialog').getByRole('button', { name: LAW.withdrawal.accountButton }).click();
    await again.page.getByTestId('withdrawal-done').waitFor({ timeout: 30_000 });
    expect(await currentPlan(user)).toBe('Free');
    await again.context.close();
  }, 180_000);

  it('SEPA: the mandate names the creditor id; the debit is announced, pending until its date, then the plan is active', async ({
    expect,
    onTestFailed,
  }) => {
    const user = await createUser(server);
    const { context, page } = await openAs(user, { viewport: 'phone', colorScheme: 'dark' });
    onTestFailed(async () => {
      await screenshot(page, 'subscription-buy-sepa-failure');
    });
    await page.goto(`${server.url}/my-account/subscription`);
    await choosePlan(page, 'Basic');
    await fillBilling(page);
    await page.getByRole('radio', { name: new RegExp(SUB.payment.sepa) }).check();
    await page.getByRole('textbox', { name: SUB.payment.iban }).fill('DE89 3704 0044 0532 0130 00');
    const creditorId = BRANDS.primepet.seller.creditorId;
    expect(await page.getByTestId('sepa-mandate').textContent()).toContain(
      `Creditor identifier: ${creditorId}`,
    );
    await screenshot(page, 'subscription-payment-sepa-phone-dark');
    const clock = (await (await fetch(`${server.url}/dev/clock`)).json()) as { now: string };
    await payNow(page);
    await page.getByText(SUB.result.processingTitle).waitFor({ timeout: 30_000 });
    // The confirmation states the debit as its pre-notification mail announces it (issue 33 items 13, 14).
    const debit = page.getByTestId('sepa-debit');
    await debit.waitFor({ timeout: 30_000 });
    await screenshot(page, 'subscription-processing-phone-dark');
    const collectOn = new Date(new Date(clock.now).getTime() + 5 * 24 * 3600 * 1000);
    const date = collectOn.toISOString().slice(0, 10).split('-').reverse().join('.');
    const shown = (await debit.textContent()) ?? '';
    expect(shown).toContain(`${enSepa.subscription.sepaDebit.date}${date}`);
    expect(shown).toContain(`${enSepa.subscription.sepaDebit.creditorId}${creditorId}`);
    const reference = /Mandate reference([A-Z0-9]{16})/.exec(shown)?.[1];
    expect(reference).toBeDefined();
    await advanceClock(0); // runs the jobs due now: the notice's mail
    const notice = (await mailbox(server.url)).find(
      (mail) => mail.to === user.email && mail.subject.startsWith('Advance notice of your SEPA direct debit'),
    );
    expect(notice?.text).toContain(`Mandate reference: ${reference}`);
    expect(await currentPlan(user)).toBe('Free');
    // Not collected before the announced day.
    await advanceClock(4);
    expect(await currentPlan(user)).toBe('Free');
    await advanceClock(1);
    await page.getByText(SUB.result.paidTitle).waitFor({ timeout: 30_000 });
    expect(await currentPlan(user)).toBe('Basic');
    await context.close();
  }, 180_000);

  it('a declined card shows the message and leaves no order', async ({ expect, onTestFailed }) => {
    const user = await createUser(server);
    const { context, page } = await openAs(user);
    onTestFailed(async () => {
      await screenshot(page, 'subscription-buy-declined-failure');
    });
    await page.goto(`${server.url}/my-account/subscription`);
    await choosePlan(page, 'Premium');
    await fillBilling(page);
    await fillCard(page, '4000 0000 0000 0002');
    const deleted = page.waitForResponse((r) => r.url().includes('/v1/order/delete') && r.status() === 200);
    await payNow(page);
    await page
      .getByRole('alert')
      .filter({ hasText: /declined/i })
      .waitFor({ timeout: 30_000 });
    await deleted;
    await screenshot(page, 'subscription-declined-desktop-light');
    const list = await api<{ order_placed: string | null }>(user, 'GET', '/v1/subscription/product/list');
    expect(list.body.order_placed).toBeNull();
    expect((await api(user, 'GET', '/v1/order/myorders')).status).toBe(204);
    expect(await currentPlan(user)).toBe('Free');
    // The page stays usable: the same card field takes a good card and the purchase goes through.
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: SUB.payment.payNow }).click();
    await page.getByText(SUB.result.paidTitle).waitFor({ timeout: 30_000 });
    await context.close();
  }, 180_000);

  it('completes a 3-D Secure step on the sandbox page', async ({ expect, onTestFailed }) => {
    const user = await createUser(server);
    const { context, page } = await openAs(user);
    onTestFailed(async () => {
      await screenshot(page, 'subscription-buy-3ds-failure');
    });
    await page.goto(`${server.url}/my-account/subscription`);
    await choosePlan(page, 'Basic');
    await fillBilling(page);
    await fillCard(page, '4000 0025 0000 3155');
    await payNow(page);
    await page.waitForURL(/\/sandbox\/stripe\/authenticate\//, { timeout: 30_000 });
    await screenshot(page, 'subscription-3ds-page');
    await page.getByRole('button', { name: /complete/i }).click();
    await page.getByText(SUB.result.paidTitle).waitFor({ timeout: 30_000 });
    expect(await currentPlan(user)).toBe('Basic');
    await context.close();
  }, 180_000);

  it('the tracker brand buys BASIS 12 with the one-time tracker price', async ({ expect, onTestFailed }) => {
    const user = await createUser(server, { brand: 'gpstracker' });
    const { context, page } = await openAs(user);
    onTestFailed(async () => {
      await screenshot(page, 'subscription-buy-tracker-failure');
    });
    await page.goto(`${server.brandUrl('gpstracker')}/my-account/subscription`);
    await expect.poll(() => page.getByRole('radio', { name: SUB.interval.monthly }).count()).toBe(0);
    await choosePlan(page, 'BASIS 12');
    await page.getByText(SUB.summary.tracker).first().waitFor();
    await page.getByText('99,98 €').first().waitFor();
    expect(await page.getByRole('textbox', { name: SUB.coupon.label }).count()).toBe(0);
    await screenshot(page, 'subscription-tracker-payment');
    await fillBilling(page);
    await fillCard(page, '4242 4242 4242 4242');
    await payNow(page);
    await page.getByText(SUB.result.paidTitle).waitFor({ timeout: 30_000 });
    expect(await currentPlan(user)).toBe('BASIS 12');
    const orders = await api<Array<{ paid_amount_eur_formatted: string }>>(user, 'GET', '/v1/order/myorders');
    expect(orders.body[0]?.paid_amount_eur_formatted).toBe('99,98 €');

    // Issue 33.1: the tracker is paid for and owned: BASIS 24 neither advertises nor charges it.
    await page.goto(`${server.brandUrl('gpstracker')}/my-account/subscription`);
    const basis24 = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'BASIS 24', exact: true }) });
    await basis24.getByRole('button', { name: SUB.plans.choose }).waitFor();
    expect(await page.getByText(/one-time for the GPS tracker/).count()).toBe(0);
    await choosePlan(page, 'BASIS 24');
    const basis24Id = new URL(page.url()).searchParams.get('product_id')!;
    const quote = await api<{ total_price_discounted: number; tracker_price: number }>(
      user,
      'POST',
      '/v1/subscription/prices',
      { pay_type: 'yearly', product_id: basis24Id },
    );
    expect(quote.body.tracker_price).toBe(0);
    expect(quote.body.total_price_discounted).toBeLessThan(40.1);
    const summary = page.getByTestId('price-summary');
    await summary.getByText(SUB.price.perTwoYears).first().waitFor();
    const due = `${quote.body.total_price_discounted.toFixed(2).replace('.', ',')} €`;
    await summary.getByText(due, { exact: true }).waitFor();
    expect(await summary.getByText(SUB.summary.tracker, { exact: true }).count()).toBe(0);
    await screenshot(page, 'subscription-tracker-owned-basis24');
    await fillBilling(page);
    await fillCard(page, '4242 4242 4242 4242');
    await payNow(page);
    await page.getByText(SUB.result.paidTitle).waitFor({ timeout: 30_000 });
    expect(await currentPlan(user)).toBe('BASIS 24');

    // Issue 33.10: BASIS 24 renews every 2 years, and is named so (never "Yearly").
    await page.goto(`${server.brandUrl('gpstracker')}/my-account/subscription`);
    const status = page.getByRole('region', { name: SUB.status.title });
    await status.getByText(SUB.interval.everyTwoYears, { exact: true }).waitFor();
    await basis24.getByText(SUB.plans.paying.everyTwoYears).waitFor();
    expect(await page.getByText(SUB.interval.yearly, { exact: true }).count()).toBe(0);
    await screenshot(page, 'subscription-tracker-basis24-status');
    await context.close();
  }, 240_000);

  it('Premium monthly: lower yearly refused before Pay now, coupons, then the switch to yearly', async ({
    expect,
    onTestFailed,
  }) => {
    const user = await createUser(server);
    const { context, page } = await openAs(user);
    onTestFailed(async () => {
      await screenshot(page, 'subscription-interval-change-failure');
    });
    await page.goto(`${server.url}/my-account/subscription`);
    const premiumCard = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Premium', exact: true }) });
    await premiumCard.getByRole('button', { name: SUB.interval.monthly, exact: true }).click();
    await choosePlan(page, 'Premium');
    await fillBilling(page);
    await fillCard(page, '4242 4242 4242 4242');
    await payNow(page);
    await page.getByText(SUB.result.paidTitle).waitFor({ timeout: 30_000 });

    // 33.3: Basic yearly from Premium monthly is refused with the spec's message, Pay now disabled.
    await page.goto(`${server.url}/my-account/subscription`);
    await premiumCard.getByRole('button', { name: SUB.plans.switchToYearly }).waitFor();
    await screenshot(page, 'subscription-interval-change-card');
    await choosePlan(page, 'Basic');
    const refusal = page.getByTestId('price-refusal');
    await refusal.getByText(enTranslation.Proration_Downgrade_Error_Text).waitFor();
    await refusal.getByRole('link', { name: SUB.summary.downgradeInstead }).waitFor();
    await page
      .getByRole('checkbox', { name: /terms and conditions|Allgemeinen Geschäftsbedingungen/ })
      .check();
    expect(await page.getByRole('button', { name: SUB.payment.payNow }).isDisabled()).toBe(true);
    await screenshot(page, 'subscription-lower-yearly-refused');
    await page.getByRole('button', { name: SUB.summary.changePlan }).click();

    // 33.4: the current card's interval change, also as a deep link (reload).
    await premiumCard.getByRole('button', { name: SUB.plans.switchToYearly }).click();
    await page.getByRole('button', { name: SUB.payment.payNow }).waitFor();
    expect(new URL(page.url()).searchParams.get('pay_type')).toBe('yearly');
    await page.reload();
    const summary = page.getByTestId('price-summary');
    await summary.getByText(SUB.summary.proration).waitFor();
    expect(await page.getByRole('group', { name: SUB.summary.interval }).count()).toBe(0);

    // 33.5: a new-customers coupon tells an existing customer so.
    const coupon = page.getByRole('textbox', { name: SUB.coupon.label });
    await coupon.fill('newonly');
    await page.getByRole('button', { name: SUB.coupon.apply }).click();
    await page
      .getByTestId('coupon-error')
      .getByText(enTranslation.Coupon_For_New_Customer_User_Already_Exist)
      .waitFor();
    // 33.2: a 100 % coupon is applied, and the amount is refused as below the minimum payment.
    await coupon.fill('free100');
    await page.getByRole('button', { name: SUB.coupon.apply }).click();
    await page.getByText(SUB.coupon.applied.replace('{{code}}', 'FREE100')).waitFor();
    await page.getByTestId('price-refusal').getByText(enTranslation.Amount_Less_Error).waitFor();
    await page
      .getByRole('checkbox', { name: /terms and conditions|Allgemeinen Geschäftsbedingungen/ })
      .check();
    expect(await page.getByRole('button', { name: SUB.payment.payNow }).isDisabled()).toBe(true);
    await screenshot(page, 'subscription-coupon-below-minimum');
    await page.getByRole('button', { name: SUB.coupon.remove }).click();

    await summary.getByText(SUB.summary.proration).waitFor();
    await fillBilling(page);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: SUB.payment.payNow }).click();
    await page.getByText(SUB.result.paidTitle).waitFor({ timeout: 30_000 });
    const info = await api<{ product: { name: string }; stripe_price_id: string }>(
      user,
      'GET',
      '/v1/auth/myinfo',
    );
    expect(info.body.product.name).toBe('Premium');
    expect(info.body.stripe_price_id).toMatch(/premium_yearly$/);
    await page.goto(`${server.url}/my-account/subscription`);
    await page
      .getByRole('region', { name: SUB.status.title })
      .getByText(SUB.interval.yearly, { exact: true })
      .waitFor();
    expect(await page.getByRole('button', { name: SUB.plans.switchToYearly }).count()).toBe(0);
    await context.close();
  }, 240_000);

  it('tier-fritz shows its no-order message instead of a payment form', async ({ expect, onTestFailed }) => {
    const user = await createUser(server, { brand: 'tierfritz' });
    const { context, page } = await openAs(user);
    onTestFailed(async () => {
      await screenshot(page, 'subscription-tierfritz-failure');
    });
    await page.goto(`${server.brandUrl('tierfritz')}/my-account/subscription`);
    await page.getByText(enTranslation.Order_Not_From_Payment_Screen_Text).first().waitFor();
    expect(await page.getByRole('button', { name: SUB.payment.payNow }).count()).toBe(0);
    await screenshot(page, 'subscription-tierfritz');
    await context.close();
  }, 120_000);
});
