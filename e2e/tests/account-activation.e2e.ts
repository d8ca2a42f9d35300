import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { generateCode } from '../support/admin.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { api, createUser, signedInContext } from '../support/session.ts';

/**
 * Account area: Activate product with generated codes (the plan changes in the UI; failures show
 * their texts), the dog brand's activation-first flow, and the mobile app embedding (tokenI/tokenA).
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const productName = async (user: Awaited<ReturnType<typeof createUser>>) =>
  (await api<{ product: { name: string } | null }>(user, 'GET', '/v1/auth/myinfo')).body.product?.name;

describe('activate product', () => {
  it('activates a generated premium code and shows the new plan (en, desktop)', async () => {
    const user = await createUser(server, { language: 'en' });
    const code = await generateCode(server, { product: 'premium' });
    const otherBrandCode = await generateCode(server, { brand: 'hundeschutz', product: 'premium' });
    const context = await signedInContext(browser, user, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/my-account/activate-product`);
    await page.getByRole('heading', { level: 1, name: 'Activate product' }).waitFor();
    const plan = page.getByTestId('current-plan');
    expect(await plan.textContent()).toBe('Free');
    const send = page.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'View prices' }).getAttribute('href')).toBe(
      'https://www.prime-pet.de/#preise',
    );

    // An unknown code (204: No_Content_Tex) and another brand's code (470: Wrong_Code_Text with
    // Customer_Service_Text as an underlined link).
    const codeField = page.getByRole('textbox', { name: /Activation code/ });
    await codeField.fill('NOPE-NOPE-NOPE');
    await send.click();
    await page.getByTestId('activation-error').getByText('No product was found for this code.').waitFor();
    await codeField.fill(otherBrandCode);
    await send.click();
    await page.getByTestId('activation-error').getByText('The code you entered is not correct.').waitFor();
    const support = page
      .getByTestId('activation-error')
      .getByRole('link', { name: 'This did not work. Please contact our customer service.' });
    await support.waitFor();
    expect(await support.getAttribute('href')).toBe('mailto:support@prime-pet.de');
    await screenshot(page, 'account-activation-error-en-desktop');

    // The real code: home with the success message, and the plan is Premium everywhere.
    await codeField.fill(code);
    await send.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your product has been activated.').waitFor();
    expect(await productName(user)).toBe('Premium');
    await page.goto(`${server.url}/my-account/profile`);
    await page.getByText('Current plan: Premium').waitFor();
    await page.goto(`${server.url}/my-account/activate-product`);
    await expect.poll(() => plan.textContent()).toBe('Premium');

    // The same code again: already redeemed by this user (477).
    await codeField.fill(code);
    await send.click();
    await page.getByTestId('activation-error').getByText('This code has already been redeemed.').waitFor();
    await context.close();
  });

  it('looks right in German on a phone in dark mode', async () => {
    const user = await createUser(server, { language: 'de' });
    const context = await signedInContext(browser, user, {
      locale: 'de-DE',
      viewport: 'phone',
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/my-account/activate-product`);
    await page.getByRole('heading', { level: 1, name: 'Produkt aktivieren' }).waitFor();
    const codeField = page.getByRole('textbox', { name: /Aktivierungscode/ });
    await codeField.fill('x');
    await codeField.fill(' ');
    await codeField.blur();
    await page.getByText('Der Aktivierungscode ist erforderlich.').waitFor();
    await screenshot(page, 'account-activation-de-phone-dark');
    await context.close();
  });

  it('keeps a dog-brand user on the activation page without sidebar until a code is redeemed (de)', async () => {
    const user = await createUser(server, { brand: 'hundeschutz', language: 'de' });
    const code = await generateCode(server, { brand: 'hundeschutz', product: 'premium' });
    const context = await signedInContext(browser, user, { locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${user.origin}/`);
    await page.waitForURL((url) => url.pathname === '/my-account/activate-product');
    await page.getByRole('heading', { level: 1, name: 'Produkt aktivieren' }).waitFor();
    await expect.poll(() => page.getByRole('navigation', { name: 'Hauptnavigation' }).count()).toBe(0);
    await screenshot(page, 'account-activation-hundeschutz-de-desktop');
    // The dashboard leads back here while no product is associated.
    await page.goto(`${user.origin}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/my-account/activate-product');

    await page.getByRole('textbox', { name: /Aktivierungscode/ }).fill(code);
    await page.getByRole('button', { name: 'Senden' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
    await page
      .getByRole('link', { name: /Meine Tiere/ })
      .first()
      .waitFor();
    expect(await productName(user)).toBe('Premium');
    await context.close();
  });
});

describe('mobile app embedding', () => {
  it('hides the header for the stored token and signs out for another one', async () => {
    const user = await createUser(server, { language: 'en' });
    const { body } = await api<{ token: string }>(user, 'POST', '/v1/auth/mobiletoken');
    const context = await signedInContext(browser, user, { locale: 'en-US', viewport: 'phone' });
    const page = await context.newPage();

    await page.goto(`${server.url}/my-account/bills?tokenI=${encodeURIComponent(body.token)}`);
    await page.getByRole('heading', { level: 1, name: 'Bills' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
    await screenshot(page, 'account-embedded-bills-en-phone');
    // The mode lasts for the tab: a following page has no header either.
    await page.goto(`${server.url}/my-account/subscription/successful`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);

    await page.goto(`${server.url}/my-account/subscription?tokenA=not-the-stored-token`);
    await page.waitForURL((url) => url.pathname === '/signin');
    expect((await api(user, 'GET', '/v1/auth/myinfo')).status).toBe(401);
    await context.close();
  });
});
