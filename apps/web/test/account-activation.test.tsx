import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BRANDS } from '@pet/contract';
import { apiError, installFakeApi, json, locationOf, makeProduct, makeUser, renderApp } from './helpers';

// Whole-app renders are slow in jsdom on a busy machine: wait longer for the screens to settle.

const PREMIUM = makeProduct({ id: 'plan-premium', name: 'Premium', sequence: 2 });

describe('activate product', () => {
  it('keeps Send disabled until a code is entered and sends it with verifycode', async () => {
    const api = installFakeApi({
      routes: {
        'POST /v1/auth/verifycode': () => {
          api.state.user = { ...api.state.user!, product: PREMIUM, product_associated: true };
          return json({ message: 'PRODUCT ACTIVATED', product: PREMIUM });
        },
      },
    });
    const { user, router } = renderApp('/my-account/activate-product');
    const send = await screen.findByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Basic');
    // Single-code form with the prices and products links, no tracker field.
    expect(screen.queryByRole('textbox', { name: /GPS tracker ID/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View prices' })).toHaveAttribute(
      'href',
      BRANDS.primepet.marketing.prices,
    );
    expect(screen.getByRole('link', { name: /Discover our products/ })).toHaveAttribute('target', '_blank');

    await user.type(screen.getByRole('textbox', { name: /Activation code/ }), 'ABCD-1234');
    expect(send).toBeEnabled();
    await user.click(send);
    await waitFor(() => expect(locationOf(router)).toBe('/'));
    expect(JSON.parse(api.callsTo('POST', '/v1/auth/verifycode')[0]!.body!)).toEqual({ code: 'ABCD-1234' });
    expect(await screen.findByText('Your product has been activated.')).toBeInTheDocument();
  });

  it('requires the code (Activation_Code_Text_Required) when the field is left empty', async () => {
    installFakeApi();
    const { user } = renderApp('/my-account/activate-product');
    const code = await screen.findByRole('textbox', { name: /Activation code/ });
    await user.type(code, ' ');
    await user.tab();
    expect(await screen.findByText('The activation code is required.')).toBeInTheDocument();
  });

  it.each([
    [204, null, 'No product was found for this code.'],
    [409, 'GPS_Tracker_Already_Exist', 'This GPS tracker is already registered.'],
    [433, 'Code_Already_Redeemed', 'This code has already been redeemed.'],
    [471, 'Product_Not_Attached_Text', 'No product is linked to your account yet.'],
    [473, 'Subscription_Expired', 'Your subscription has expired.'],
    [477, 'Code_Already_Redeemed', 'This code has already been redeemed.'],
    [478, 'Batch_Code_Does_Not_Exist_Text', 'This code does not exist.'],
    [502, null, 'The server cannot be reached. Please check your internet connection and try again.'],
  ])('shows the text of status %i', async (status, key, text) => {
    installFakeApi({
      routes: {
        'POST /v1/auth/verifycode': () =>
          key ? apiError(status, key) : new Response(status === 204 ? null : 'Bad gateway', { status }),
      },
    });
    const { user, router } = renderApp('/my-account/activate-product');
    await user.type(await screen.findByRole('textbox', { name: /Activation code/ }), 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('activation-error')).toHaveTextContent(text);
    expect(locationOf(router)).toBe('/my-account/activate-product');
  });

  it('shows 470 as Wrong_Code_Text with Customer_Service_Text as an underlined link', async () => {
    installFakeApi({ routes: { 'POST /v1/auth/verifycode': () => apiError(470, 'Wrong_Code_Text') } });
    const { user } = renderApp('/my-account/activate-product');
    await user.type(await screen.findByRole('textbox', { name: /Activation code/ }), 'OTHER-BRAND');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByTestId('activation-error');
    expect(alert).toHaveTextContent(/^The code you entered is not correct\. This did not work/);
    const link = within(alert).getByRole('link', {
      name: 'This did not work. Please contact our customer service.',
    });
    expect(link).toHaveAttribute('href', `mailto:${BRANDS.primepet.supportEmail}`);
  });

  it('asks the tracker brand for the tracker id and sends it as tracker_ids', async () => {
    const api = installFakeApi({
      brand: 'gpstracker',
      routes: { 'POST /v1/auth/verifycode': () => json({ message: 'PRODUCT ACTIVATED', product: PREMIUM }) },
    });
    const { user, router } = renderApp('/my-account/activate-product');
    await user.type(await screen.findByRole('textbox', { name: /Activation code/ }), 'CODE-1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The GPS tracker ID is required.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/v1/auth/verifycode')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'View prices' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /GPS tracker ID/ }), 'TRK-42');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(locationOf(router)).toBe('/'));
    expect(JSON.parse(api.callsTo('POST', '/v1/auth/verifycode')[0]!.body!)).toEqual({
      code: 'CODE-1',
      tracker_ids: ['TRK-42'],
    });
  });

  it('prefills the registered trackers read-only and sends only the code', async () => {
    const api = installFakeApi({
      brand: 'gpstracker',
      user: makeUser({ tracker_ids: ['TRK-1', 'TRK-2'] }),
      routes: { 'POST /v1/auth/verifycode': () => json({ message: 'PRODUCT ACTIVATED', product: PREMIUM }) },
    });
    const { user, router } = renderApp('/my-account/activate-product');
    const tracker = await screen.findByRole('textbox', { name: /GPS tracker ID/ });
    expect(tracker).toHaveValue('TRK-1,TRK-2');
    expect(tracker).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Activation code/ }), 'CODE-2');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(locationOf(router)).toBe('/'));
    expect(JSON.parse(api.callsTo('POST', '/v1/auth/verifycode')[0]!.body!)).toEqual({ code: 'CODE-2' });
  });

  it('keeps the dog brand on the activation page without sidebar until a product is associated', async () => {
    const api = installFakeApi({
      brand: 'hundeschutz',
      user: makeUser({ product_associated: false }),
      routes: {
        'POST /v1/auth/verifycode': () => {
          api.state.user = { ...api.state.user!, product: PREMIUM, product_associated: true };
          return json({ message: 'PRODUCT ACTIVATED', product: PREMIUM });
        },
      },
    });
    const { user, router } = renderApp('/dashboard');
    await waitFor(() => expect(locationOf(router)).toBe('/my-account/activate-product'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Activate product' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument(),
    );
    await user.type(screen.getByRole('textbox', { name: /Activation code/ }), 'DOG-CODE');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // donthide: the dashboard with its cards and the sidebar.
    await waitFor(() => expect(locationOf(router)).toBe('/'));
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /My pets/ })).toBeInTheDocument();
  });
});
