import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { SandboxEngine } from '../engine/engine.ts';
import { SandboxApiError } from '../errors.ts';
import { escapeHtml, formatAmount, pageCsp, renderPage } from './html.ts';
import type { SandboxCheckoutSession } from '../objects/types.ts';
import { text, type FormParams } from '../params.ts';
import { SANDBOX_PATH } from '../paths.ts';

/**
 * The pages a browser is sent to, standing for Stripe's: the 3-D Secure challenge of a payment
 * (`next_action.redirect_to_url.url`) and the hosted Checkout page of a setup session (`url`).
 */
export const sandboxPagesRoutes: FastifyPluginAsync<{ engine: SandboxEngine }> = async (
  pages,
  { engine },
) => {
  pages.setErrorHandler((err, request, reply) => {
    if (err instanceof SandboxApiError && err.statusCode < 500) {
      // Wrong id or client secret alike: nothing to show.
      return sendPage(
        reply,
        404,
        'Not found',
        '<h1>Not found</h1><p>This page does not exist or has expired.</p>',
        [],
      );
    }
    request.log.error({ err }, 'payments sandbox page failed');
    return sendPage(reply, 500, 'Error', '<h1>Something went wrong</h1><p>Please try again.</p>', []);
  });

  // ---- 3-D Secure -------------------------------------------------------------------------------

  pages.get<{ Params: { id: string }; Querystring: { client_secret?: string } }>(
    '/authenticate/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const intent = await engine.paymentIntents.retrieve(request.params.id);
      const clientSecret = request.query.client_secret;
      if (clientSecret !== intent.client_secret)
        throw new SandboxApiError(404, { type: 'invalid_request_error', message: '' });
      if (intent.status !== 'requires_action' || !intent.payment_method) {
        return sendPage(
          reply,
          200,
          'Sandbox 3-D Secure',
          '<h1>Sandbox 3-D Secure</h1><p>This authentication is no longer pending. You can close this page.</p>',
          [],
        );
      }
      const method = await engine.paymentMethods.retrieve(intent.payment_method);
      const action = `${SANDBOX_PATH}/authenticate/${encodeURIComponent(intent.id)}`;
      const hidden = `<input type="hidden" name="client_secret" value="${escapeHtml(intent.client_secret)}">`;
      const body = `
<h1>Sandbox 3-D Secure</h1>
<p class="muted">Your bank asks you to confirm this payment.</p>
<p class="amount">${escapeHtml(formatAmount(intent.amount, intent.currency))}</p>
${intent.description ? `<p>${escapeHtml(intent.description)}</p>` : ''}
<p class="muted">${escapeHtml(capitalize(method.card?.brand ?? 'card'))} card ending in ${escapeHtml(method.card?.last4 ?? '')}</p>
<form method="post" action="${action}">${hidden}<input type="hidden" name="outcome" value="complete">
<button type="submit">Complete authentication</button></form>
<form method="post" action="${action}">${hidden}<input type="hidden" name="outcome" value="fail">
<button type="submit" class="secondary">Fail authentication</button></form>`;
      return sendPage(reply, 200, 'Sandbox 3-D Secure', body, [
        intent.next_action?.redirect_to_url.return_url,
      ]);
    },
  );

  pages.post<{ Params: { id: string }; Body: FormParams }>(
    '/authenticate/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const outcome = text(request.body, 'outcome') === 'complete' ? 'complete' : 'fail';
      const result = await engine.paymentIntents.authenticate(
        request.params.id,
        text(request.body, 'client_secret'),
        outcome,
      );
      if (result.redirectUrl) return reply.code(303).header('location', result.redirectUrl).send();
      const done =
        result.paymentIntent.status === 'succeeded' ? 'Authentication complete.' : 'Authentication failed.';
      return sendPage(
        reply,
        200,
        'Sandbox 3-D Secure',
        `<h1>Sandbox 3-D Secure</h1><p>${done} You can close this page.</p>`,
        [],
      );
    },
  );

  // ---- hosted Checkout (setup mode) ---------------------------------------------------------------

  /** The customer's name and e-mail, to start the form with. */
  const customerDefaults = async (session: SandboxCheckoutSession): Promise<CheckoutValues> => {
    const customer = session.customer ? await engine.customers.retrieve(session.customer) : null;
    return { name: customer?.name ?? '', email: customer?.email ?? '' };
  };

  pages.get<{ Params: { id: string } }>(
    '/checkout/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const session = await engine.checkout.retrieveSession(request.params.id);
      return sendCheckoutPage(reply, session, await customerDefaults(session));
    },
  );

  pages.post<{ Params: { id: string }; Body: FormParams }>(
    '/checkout/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const form = {
        type: text(request.body, 'type'),
        number: text(request.body, 'number'),
        exp: text(request.body, 'exp'),
        cvc: text(request.body, 'cvc'),
        iban: text(request.body, 'iban'),
        name: text(request.body, 'name'),
        email: text(request.body, 'email'),
      };
      const result = await engine.checkout.complete(request.params.id, form);
      if (result.outcome === 'redirect') return reply.code(303).header('location', result.url).send();
      // Everything stays as typed, except the CVC, which is never shown again.
      const typed = Object.fromEntries(Object.entries(form).filter(([, value]) => value !== undefined));
      const values = { ...(await customerDefaults(result.session)), ...typed, cvc: '' };
      return sendCheckoutPage(reply, result.session, values, result.message);
    },
  );
};

function sendPage(
  reply: FastifyReply,
  statusCode: number,
  title: string,
  body: string,
  landingUrls: Array<string | null | undefined>,
) {
  return reply
    .code(statusCode)
    .header('content-security-policy', pageCsp(landingUrls))
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(renderPage(title, body));
}

type CheckoutValues = Partial<Record<'type' | 'number' | 'exp' | 'cvc' | 'iban' | 'name' | 'email', string>>;

function sendCheckoutPage(
  reply: FastifyReply,
  session: SandboxCheckoutSession,
  values: CheckoutValues,
  problem?: string,
) {
  const title = 'Set up your payment method';
  const cancel = session.cancel_url
    ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>`
    : '';
  if (session.status !== 'open') {
    const message =
      session.status === 'complete'
        ? 'This payment method is already set up.'
        : 'This Checkout Session has expired. Go back and start again.';
    const next =
      session.status === 'complete'
        ? `<p><a href="${escapeHtml(session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id))}">Continue</a></p>`
        : cancel;
    return sendPage(reply, 200, title, `<h1>${title}</h1><p>${message}</p>${next}`, []);
  }
  const action = `${SANDBOX_PATH}/checkout/${encodeURIComponent(session.id)}`;
  const value = (name: keyof CheckoutValues) => escapeHtml(values[name] ?? '');
  const cardForm = `
<section aria-labelledby="card-title">
<h2 id="card-title">Card</h2>
<form method="post" action="${action}">
<input type="hidden" name="type" value="card">
<label for="card-number">Card number</label>
<input id="card-number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" value="${values.type === 'card' ? value('number') : ''}" required>
<div class="row">
<div><label for="card-exp">Expiry (MM / YY)</label>
<input id="card-exp" name="exp" autocomplete="cc-exp" placeholder="MM / YY" value="${values.type === 'card' ? value('exp') : ''}" required></div>
<div><label for="card-cvc">CVC</label>
<input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123"></div>
</div>
<label for="card-name">Name on card</label>
<input id="card-name" name="name" autocomplete="cc-name" value="${value('name')}">
<button type="submit">Save card</button>
</form>
</section>`;
  const sepaForm = `
<section aria-labelledby="sepa-title">
<h2 id="sepa-title">SEPA Direct Debit</h2>
<form method="post" action="${action}">
<input type="hidden" name="type" value="sepa_debit">
<label for="sepa-name">Account holder</label>
<input id="sepa-name" name="name" autocomplete="name" value="${value('name')}" required>
<label for="sepa-email">E-mail address</label>
<input id="sepa-email" name="email" type="email" autocomplete="email" value="${value('email')}" required>
<label for="sepa-iban">IBAN</label>
<input id="sepa-iban" name="iban" placeholder="DE89 3704 0044 0532 0130 00" value="${value('iban')}" required>
<p class="muted">By saving your IBAN you authorise the merchant to debit your account by SEPA Direct Debit (mandate).</p>
<button type="submit">Save bank account</button>
</form>
</section>`;
  const body = `
<h1>${title}</h1>
<p class="muted">Future payments will be charged to the method you save here.</p>
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''}
${session.payment_method_types.includes('card') ? cardForm : ''}
${session.payment_method_types.includes('sepa_debit') ? sepaForm : ''}
${cancel}
<details><summary>Test data</summary>
<p>Cards (any future expiry, any 3-digit CVC): <code>4242 4242 4242 4242</code> succeeds,
<code>4000 0000 0000 0002</code> is declined, <code>4000 0000 0000 9995</code> has insufficient funds,
<code>4000 0000 0000 0341</code> is saved but every charge fails.</p>
<p>IBANs: <code>DE89 3704 0044 0532 0130 00</code> settles, <code>DE62 3704 0044 0532 0130 01</code> fails when debited.</p>
</details>`;
  return sendPage(reply, 200, title, body, [session.success_url]);
}

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
