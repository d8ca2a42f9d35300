import { invalidRequest, parameterMissing } from '../errors.ts';
import { newStripeId } from '../ids.ts';
import { chargeOutcome } from '../instruments.ts';
import { checkoutSessionObject, setupIntentObject } from '../objects/checkout.ts';
import { toTimestamp } from '../objects/common.ts';
import type { BillingDetailsInput } from '../objects/payment-method.ts';
import type { SandboxCheckoutSession, SandboxSetupIntent } from '../objects/types.ts';
import { metadata, nested, optionalText, text, type FormParams } from '../params.ts';
import { SANDBOX_PATH } from '../paths.ts';
import { lastError, NO_REQUEST, type RequestInfo, type SandboxChanges } from './changes.ts';
import { methodTypes, type PaymentMethods } from './payment-methods.ts';

const CHECKOUT_SESSION_LIFETIME_S = 24 * 3600;

/** The checkout page's form: one payment method's fields. */
export interface CheckoutForm {
  type?: string;
  number?: string;
  exp?: string;
  cvc?: string;
  iban?: string;
  name?: string;
  email?: string;
}

export type CheckoutOutcome =
  | { outcome: 'redirect'; url: string }
  | { outcome: 'problem'; message: string; session: SandboxCheckoutSession };

/** Setup-mode checkout sessions (the hosted page that saves a payment method) and their setup intents. */
export class Checkout {
  constructor(
    private readonly changes: SandboxChanges,
    private readonly methods: PaymentMethods,
  ) {}

  async retrieveSetupIntent(id: string): Promise<SandboxSetupIntent> {
    return this.changes.load(this.changes.store.db, 'setup_intent', id);
  }

  async createSession(params: FormParams, request: RequestInfo): Promise<SandboxCheckoutSession> {
    return this.changes.transact(request, async (unit) => {
      const mode = text(params, 'mode');
      if (!mode) throw parameterMissing('mode');
      if (mode !== 'setup')
        throw invalidRequest('The sandbox supports Checkout in mode=setup only.', { param: 'mode' });
      const customerId = text(params, 'customer');
      if (!customerId) throw parameterMissing('customer');
      const customer = await this.changes.load(unit.trx, 'customer', customerId, { param: 'customer' });
      const successUrl = text(params, 'success_url');
      if (!successUrl) throw parameterMissing('success_url');
      checkUrl(successUrl, 'success_url');
      const cancelUrl = optionalText(params, 'cancel_url');
      if (cancelUrl) checkUrl(cancelUrl, 'cancel_url');
      const types = methodTypes(params);
      const created = toTimestamp(unit.now);
      const setupIntent = setupIntentObject({
        id: newStripeId('seti'),
        created,
        customer: customerId,
        metadata: metadata(nested(params, 'setup_intent_data')),
        paymentMethodTypes: types,
      });
      const sessionId = newStripeId('cs_test', 58);
      const session = checkoutSessionObject({
        id: sessionId,
        created,
        expiresAt: created + CHECKOUT_SESSION_LIFETIME_S,
        customer: customerId,
        customerEmail: customer.email,
        metadata: metadata(params),
        paymentMethodTypes: types,
        setupIntent: setupIntent.id,
        successUrl,
        cancelUrl,
        url: `${this.changes.options.publicUrl}${SANDBOX_PATH}/checkout/${sessionId}`,
      });
      await this.changes.store.insert(unit.trx, setupIntent, unit.now);
      await this.changes.store.insert(unit.trx, session, unit.now);
      return session;
    });
  }

  async retrieveSession(id: string): Promise<SandboxCheckoutSession> {
    const session = await this.changes.load(this.changes.store.db, 'checkout.session', id);
    return this.withExpiry(session);
  }

  /** The hosted page's form: a new method set up for the customer, or the problem to show. */
  async complete(id: string, form: CheckoutForm): Promise<CheckoutOutcome> {
    return this.changes.transact(NO_REQUEST, async (unit) => {
      const store = this.changes.store;
      const session = this.withExpiry(
        await this.changes.load(unit.trx, 'checkout.session', id, { forUpdate: true }),
      );
      const successUrl = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
      if (session.status === 'complete') return { outcome: 'redirect', url: successUrl };
      if (session.status === 'expired') {
        return { outcome: 'problem', message: 'This Checkout Session has expired.', session };
      }
      const setupIntent = await this.changes.load(unit.trx, 'setup_intent', session.setup_intent ?? '', {
        forUpdate: true,
      });
      const type = form.type ?? '';
      if (!session.payment_method_types.includes(type)) {
        return { outcome: 'problem', message: 'Choose a payment method.', session };
      }
      const billing: BillingDetailsInput = {
        name: form.name?.trim() || null,
        email: form.email?.trim() || null,
      };
      if (type === 'sepa_debit' && (!billing.name || !billing.email)) {
        return {
          outcome: 'problem',
          message: "Enter the account holder's name and e-mail address.",
          session,
        };
      }
      const [expMonth, expYear] = (form.exp ?? '').split('/').map((part) => part.trim());
      const created = await this.methods.create(
        unit,
        type === 'card'
          ? { type: 'card', card: { number: form.number, expMonth, expYear, cvc: form.cvc }, billing }
          : { type: 'sepa_debit', iban: form.iban ?? '', billing },
        'checkout',
      );
      if ('problem' in created) return { outcome: 'problem', message: created.problem.message, session };
      const { method, behaviour } = created;
      const outcome = chargeOutcome(behaviour, 'setup');
      if (outcome.result === 'declined') {
        setupIntent.last_setup_error = lastError(outcome.problem, method);
        setupIntent.status = 'requires_payment_method';
        await store.save(unit.trx, setupIntent, unit.now);
        await this.changes.emit(unit, 'setup_intent.setup_failed', setupIntent);
        return { outcome: 'problem', message: outcome.problem.message, session };
      }
      await this.changes.attach(unit, method, session.customer);
      setupIntent.status = 'succeeded';
      setupIntent.payment_method = method.id;
      setupIntent.mandate = behaviour.mandateId ?? null;
      setupIntent.last_setup_error = null;
      await store.save(unit.trx, setupIntent, unit.now);
      session.status = 'complete';
      await store.save(unit.trx, session, unit.now);
      await this.changes.emit(unit, 'setup_intent.succeeded', setupIntent);
      await this.changes.emit(unit, 'checkout.session.completed', session);
      return { outcome: 'redirect', url: successUrl };
    });
  }

  private withExpiry(session: SandboxCheckoutSession): SandboxCheckoutSession {
    if (session.status === 'open' && session.expires_at < toTimestamp(this.changes.options.clock.now())) {
      return { ...session, status: 'expired', url: null };
    }
    return session;
  }
}

function checkUrl(value: string, param: string): void {
  try {
    const url = new URL(value.replace('{CHECKOUT_SESSION_ID}', 'x'));
    if (url.protocol === 'http:' || url.protocol === 'https:') return;
  } catch {
    // answered below
  }
  throw invalidRequest(`Not a valid URL`, { code: 'url_invalid', param });
}
