import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import enBills from '../../apps/web/src/locales/en/bills.json' with { type: 'json' };
import deBills from '../../apps/web/src/locales/de/bills.json' with { type: 'json' };
import enSubscription from '../../apps/web/src/locales/en/subscription.json' with { type: 'json' };
import enTranslation from '../../apps/web/src/locales/en/translation.json' with { type: 'json' };
import { startServer, type RunningServer } from '../support/server.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { api, createUser, signedInContext, type TestUser } from '../support/session.ts';

/**
 * Bills (issue 13): a user buys Premium by card on the subscription page (the sandbox's test card),
 * sees the bill on /my-account/bills, opens its invoice PDF in a new tab, and the mobile app's
 * embedded view (?tokenI=) shows the bills without the header; a foreign token signs out.
 */

let server: RunningServer;
let browser: Browser;
let buyer: TestUser;

const BILLS = { en: enBills.bills, de: deBills.bills };
const SUB = enSubscription.subscription;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Clicks a PDF icon. Answers what the page fetched (its status, type and the headers it sent) and what the
 * new tab shows: the PDF document at the blob URL, in Chromium's PDF viewer. (The tab inherits the
 * portal's CSP, so a test cannot read the blob again from inside it; the viewer can.)
 */
async function openPdf(context: BrowserContext, page: Page, name: string, shot: string) {
  const answer = page.waitForResponse((r) => r.url().includes('/v1/order/orderpdfweb'));
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name }).click()]);
  const response = await answer;
  await tab.waitForURL(/^blob:/, { timeout: 30_000 });
  await tab.waitForLoadState('load');
  const contentType = await tab.evaluate(() => document.contentType);
  // The viewer's frame appears once the PDF is rendered.
  for (let i = 0; i < 50 && !tab.frames().some((f) => f.url().startsWith('chrome-extension://')); i++) {
    await tab.waitForTimeout(100);
  }
  const viewer = tab.frames().some((f) => f.url().startsWith('chrome-extension://'));
  await tab.waitForTimeout(500);
  await screenshot(tab, shot);
  await tab.close();
  return {
    status: response.status(),
    responseType: response.headers()['content-type'],
    requestHeaders: response.request().headers(),
    contentType,
    viewer,
  };
}

describe('bills', () => {
  let invoiceNumber = '';

  it('buy Premium by card, see the bill, open its PDF in a new tab', async ({ expect, onTestFailed }) => {
    // A user of its own per attempt (a retry starts again with no bill).
    buyer = await createUser(server, { name: 'Erika Mustermann' });
    const context = await signedInContext(browser, buyer, { viewport: 'desktop', colorScheme: 'light' });
    const page = await context.newPage();
    onTestFailed(async () => {
      await screenshot(page, 'bills-failure-desktop');
      await context.close();
    });

    // No bill yet.
    await page.goto(`${server.url}/my-account/bills`);
    await page.getByText(enTranslation.No_Orders_Text).waitFor();

    // Buy on the subscription page: Premium (the last plan card), yearly, card 4242.
    await page.goto(`${server.url}/my-account/subscription`);
    await page.getByRole('button', { name: SUB.plans.choose }).last().click();
    await page.getByRole('button', { name: SUB.payment.payNow }).waitFor();
    await page.getByRole('textbox', { name: SUB.delivery.name }).fill('Erika Mustermann');
    await page.getByRole('textbox', { name: SUB.delivery.address }).fill('Hauptstraße 1');
    await page.getByRole('textbox', { name: SUB.delivery.zipcode }).fill('10115');
    await page.getByRole('textbox', { name: SUB.delivery.city }).fill('Berlin');
    await page.getByRole('textbox', { name: SUB.payment.cardNumber }).fill('4242424242424242');
    await page.getByRole('textbox', { name: SUB.payment.expiry }).fill('12/30');
    await page.getByRole('textbox', { name: SUB.payment.cvc }).fill('123');
    await page
      .getByRole('checkbox', { name: /terms and conditions|Allgemeinen Geschäftsbedingungen/ })
      .check();
    await page.getByRole('button', { name: SUB.payment.payNow }).click();
    await page.getByText(SUB.result.paidTitle).waitFor({ timeout: 30_000 });

    // The bill, reached through the menu.
    await page.getByRole('link', { name: 'Bills', exact: true }).click();
    const table = page.getByRole('table', { name: BILLS.en.tableLabel });
    await table.waitFor();
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(2);
    const cells = await rows.nth(1).getByRole('cell').allInnerTexts();
    invoiceNumber = cells[0]!.trim();
    expect(invoiceNumber).toMatch(/^PP-\d{4}-\d{6}$/);
    expect(cells[1]).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(cells[2]).toContain('Premium');
    expect(cells[3]).toMatch(/^\d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}\s+Yearly$/);
    expect(cells[4]).toBe('59,99 €');
    await screenshot(page, 'bills-desktop-light');

    // The PDF icon: the invoice in a new tab, fetched with the app id header.
    const pdf = await openPdf(
      context,
      page,
      BILLS.en.openInvoice.replace('{{number}}', invoiceNumber),
      'bills-invoice-tab-desktop',
    );
    expect(pdf.status).toBe(200);
    expect(pdf.responseType).toBe('application/pdf');
    expect(pdf.requestHeaders['x-app-id']).toBe('web');
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.viewer).toBe(true);
    // The same invoice through the API: inline, named after its number.
    const direct = await fetch(
      `${server.url}/v1/order/orderpdfweb?id=${encodeURIComponent(await orderIdOf(buyer))}`,
      { headers: { authorization: `Bearer ${buyer.token}`, 'x-app-id': 'e2e' } },
    );
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-disposition')).toBe(`inline; filename="${invoiceNumber}.pdf"`);
    const bytes = Buffer.from(await direct.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(5_000);
    await context.close();
  }, 180_000);

  it('embedded in the mobile app (?tokenI=): no header, the bills and the PDF on a phone; a foreign token signs out', async ({
    expect,
    onTestFailed,
  }) => {
    if (!invoiceNumber) throw new Error('the purchase journey did not run');
    const token = (await api<{ token: string }>(buyer, 'POST', '/v1/auth/mobiletoken')).body.token;
    // The signed-in UI speaks the account's stored language: this part is the German app's view.
    expect((await api(buyer, 'POST', '/v1/auth/modify', { language: 'German' })).status).toBe(200);
    const context = await signedInContext(browser, buyer, {
      viewport: 'phone',
      colorScheme: 'dark',
      locale: 'de-DE',
    });
    const page = await context.newPage();
    onTestFailed(async () => {
      await screenshot(page, 'bills-failure-embedded');
      await context.close();
    });
    await page.goto(`${server.url}/my-account/bills?tokenI=${encodeURIComponent(token)}`);
    const list = page.getByRole('list', { name: BILLS.de.tableLabel });
    await list.waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('navigation').count()).toBe(0);
    const card = list.getByRole('listitem').first();
    expect(await card.getByRole('heading', { name: invoiceNumber }).count()).toBe(1);
    expect(await card.getByText('59,99 €').count()).toBe(1);
    await screenshot(page, 'bills-embedded-phone-dark-de');

    const pdf = await openPdf(
      context,
      page,
      BILLS.de.openInvoice.replace('{{number}}', invoiceNumber),
      'bills-invoice-tab-phone',
    );
    expect(pdf.status).toBe(200);
    expect(pdf.requestHeaders['x-app-id']).toBe('web');
    expect(pdf.contentType).toBe('application/pdf');

    // A token that is not the stored one: signed out, on the sign-in screen.
    await page.goto(`${server.url}/my-account/bills?tokenI=not-the-stored-token`);
    await page.waitForURL(/\/signin$/, { timeout: 30_000 });
    const me = await page.evaluate(async () => (await fetch('/v1/auth/myinfo')).status);
    expect(me).toBe(401);
    await context.close();
  }, 120_000);
});

async function orderIdOf(user: TestUser): Promise<string> {
  const orders = await api<Array<{ id: string }>>(user, 'GET', '/v1/order/myorders');
  if (orders.status !== 200) throw new Error(`myorders answered ${orders.status}`);
  return orders.body[0]!.id;
}
