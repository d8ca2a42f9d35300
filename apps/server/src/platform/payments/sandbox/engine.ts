import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { SandboxObjectKind } from '../../../db/tables/payments-sandbox.ts';
import type { Clock } from '../../clock.ts';
import type { JobQueue } from '../../jobs/jobs.ts';
import {
  cardError,
  invalidRequest,
  parameterMissing,
  resourceMissing,
  type CardProblem,
  type SandboxApiError,
} from './errors.ts';
import { newStripeId } from './ids.ts';
import { mandateObject, newMandateReference, type SandboxMandate } from './mandates.ts';
import {
  cardBrand,
  chargeOutcome,
  DECLINES,
  FAILING_TEST_IBANS,
  fingerprint,
  ibanDetails,
  ibanValid,
  normalizeIban,
  sepaSettles,
  validateCard,
  type CardInput,
  type InstrumentBehaviour,
} from './instruments.ts';
import {
  chargeObject,
  checkoutSessionObject,
  customerObject,
  eventObject,
  paymentIntentObject,
  paymentMethodObject,
  refundObject,
  setupIntentObject,
  stripeAddress,
  toTimestamp,
  type BillingDetailsInput,
  type SandboxCheckoutSession,
  type SandboxCustomer,
  type SandboxObject,
  type SandboxPaymentIntent,
  type SandboxPaymentMethod,
  type SandboxRefund,
  type SandboxSetupIntent,
  type StripeLastError,
} from './objects.ts';
import {
  address,
  flag,
  integer,
  list,
  mergeMetadata,
  metadata,
  nested,
  optionalText,
  text,
  type FormParams,
} from './params.ts';
import type { SandboxStore } from './store.ts';

/** Where the sandbox lives; its API is under SANDBOX_PATH/v1 with Stripe's own paths. */
export const SANDBOX_PATH = '/sandbox/stripe';
export const DELIVER_EVENT_JOB = 'payments.sandbox.deliver_event';
export const SETTLE_SEPA_JOB = 'payments.sandbox.settle_sepa';

const SUPPORTED_METHOD_TYPES = ['card', 'sepa_debit'] as const;
type MethodType = (typeof SUPPORTED_METHOD_TYPES)[number];
/** Stripe's smallest EUR charge. */
const MINIMUM_AMOUNT = 50;
const CHECKOUT_SESSION_LIFETIME_S = 24 * 3600;
const AUTHENTICATION_FAILED_MESSAGE =
  'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.';

/** Stripe's request block of an event: which API call caused it (null for settlements). */
export interface RequestInfo {
  id: string | null;
  idempotency_key: string | null;
}
const NO_REQUEST: RequestInfo = { id: null, idempotency_key: null };

/** Stripe's window for payment_method_options[sepa_debit][target_date], in days from today. */
const SEPA_TARGET_DATE_MAX_DAYS = 15;
const DAY_MS = 24 * 3600 * 1000;

/** What the sandbox keeps beside a payment intent. */
interface IntentState {
  /** The confirm's return_url: where 3-D Secure sends the browser back. */
  returnUrl?: string | null;
  /** The refunds of the intent's charge, oldest first. */
  refundIds?: string[];
}

/** One transaction of the sandbox: its time, the API call behind it, and whether it scheduled jobs. */
interface Unit {
  trx: Transaction<Database>;
  now: Date;
  request: RequestInfo;
  scheduledJobs: boolean;
}

/** A payment method for a confirm: new data from the browser, or one saved before. */
type MethodSource = { kind: 'data'; data: FormParams } | { kind: 'saved'; id: string };

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

export interface AuthenticationOutcome {
  paymentIntent: SandboxPaymentIntent;
  /** return_url with Stripe's redirect parameters; null when the confirm gave none. */
  redirectUrl: string | null;
}

export interface SandboxEngineOptions {
  store: SandboxStore;
  jobs: JobQueue;
  clock: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
  sepaSettleSeconds: number;
  /** Called after a transaction that scheduled jobs committed: lets the job loop run them at once. */
  onJobsScheduled: () => void;
}

const isMethodType = (value: string): value is MethodType =>
  (SUPPORTED_METHOD_TYPES as readonly string[]).includes(value);

/**
 * The sandbox's Stripe: customers, payment intents (browser and off-session confirmation, 3-D
 * Secure, SEPA settlement), payment methods, setup checkout sessions and the events of every
 * state change. Answers Stripe-shaped objects or throws SandboxApiError with Stripe's error body.
 * Every change runs in one transaction together with its events and their delivery jobs.
 */
export class SandboxEngine {
  private readonly store: SandboxStore;

  constructor(private readonly options: SandboxEngineOptions) {
    this.store = options.store;
  }

  // ---- customers ----------------------------------------------------------------------------

  async createCustomer(params: FormParams, request: RequestInfo): Promise<SandboxCustomer> {
    return this.transact(request, async (unit) => {
      const given = address(nested(params, 'address'));
      const customer = customerObject({
        id: newStripeId('cus', 14),
        created: toTimestamp(unit.now),
        email: optionalText(params, 'email'),
        name: optionalText(params, 'name'),
        address: given ? stripeAddress(given) : null,
        metadata: metadata(params),
      });
      await this.store.insert(unit.trx, customer, unit.now);
      return customer;
    });
  }

  async retrieveCustomer(id: string): Promise<SandboxCustomer> {
    return this.load(this.store.db, 'customer', id);
  }

  async updateCustomer(id: string, params: FormParams, request: RequestInfo): Promise<SandboxCustomer> {
    return this.transact(request, async (unit) => {
      const customer = await this.load(unit.trx, 'customer', id, { forUpdate: true });
      const defaultMethod = text(nested(params, 'invoice_settings'), 'default_payment_method');
      if (defaultMethod) {
        const method = await this.store.find(unit.trx, 'payment_method', defaultMethod);
        if (!method || method.data.customer !== id) {
          throw invalidRequest(
            `The customer does not have a payment method with the ID ${defaultMethod}. The payment method must be attached to the customer.`,
            { param: 'invoice_settings[default_payment_method]' },
          );
        }
      }
      if (defaultMethod !== undefined)
        customer.invoice_settings.default_payment_method = defaultMethod || null;
      if (text(params, 'email') !== undefined) customer.email = optionalText(params, 'email');
      if (text(params, 'name') !== undefined) customer.name = optionalText(params, 'name');
      const givenAddress = address(nested(params, 'address'));
      if (givenAddress) customer.address = stripeAddress(givenAddress);
      customer.metadata = mergeMetadata(customer.metadata, metadata(params));
      await this.store.save(unit.trx, customer, unit.now);
      return customer;
    });
  }

  // ---- payment intents ----------------------------------------------------------------------

  /** POST /v1/payment_intents; with confirm=true (off-session renewals) it is confirmed at once. */
  async createPaymentIntent(params: FormParams, request: RequestInfo): Promise<SandboxPaymentIntent> {
    const result = await this.transact(request, async (unit) => {
      const amount = integer(params, 'amount');
      if (amount === undefined) throw parameterMissing('amount');
      if (amount < MINIMUM_AMOUNT) {
        throw invalidRequest('Amount must be at least €0.50 eur', {
          code: 'amount_too_small',
          param: 'amount',
        });
      }
      const currency = text(params, 'currency')?.toLowerCase();
      if (!currency) throw parameterMissing('currency');
      const customerId = optionalText(params, 'customer');
      if (customerId) await this.load(unit.trx, 'customer', customerId, { param: 'customer' });
      const setupFutureUsage = text(params, 'setup_future_usage');
      if (setupFutureUsage && setupFutureUsage !== 'off_session' && setupFutureUsage !== 'on_session') {
        throw invalidRequest(`Invalid setup_future_usage: ${setupFutureUsage}`, {
          param: 'setup_future_usage',
        });
      }
      const intent = paymentIntentObject({
        id: newStripeId('pi'),
        created: toTimestamp(unit.now),
        amount,
        currency,
        customer: customerId,
        description: optionalText(params, 'description'),
        metadata: metadata(params),
        paymentMethodTypes: this.methodTypes(params),
        setupFutureUsage:
          setupFutureUsage === 'off_session' || setupFutureUsage === 'on_session' ? setupFutureUsage : null,
      });
      const targetDate = this.sepaTargetDate(params, unit.now);
      if (targetDate) intent.payment_method_options = { sepa_debit: { target_date: targetDate } };
      await this.store.insert(unit.trx, intent, unit.now, {});
      if (!flag(params, 'confirm')) return { intent, failure: null };
      const paymentMethod = text(params, 'payment_method');
      const data = nested(params, 'payment_method_data');
      if (!paymentMethod && !data) throw parameterMissing('payment_method');
      return this.confirm(
        unit,
        intent,
        data ? { kind: 'data', data } : { kind: 'saved', id: paymentMethod! },
        {
          offSession: flag(params, 'off_session') ?? false,
          returnUrl: optionalText(params, 'return_url'),
        },
      );
    });
    if (result.failure) throw result.failure;
    return result.intent;
  }

  async retrievePaymentIntent(id: string): Promise<SandboxPaymentIntent> {
    return this.load(this.store.db, 'payment_intent', id);
  }

  /**
   * POST /v1/payment_intents/:id/confirm. From the browser (`byClientSecret`), the client_secret
   * must match and is all that authenticates the call, as with Stripe.js.
   */
  async confirmPaymentIntent(
    id: string,
    params: FormParams,
    request: RequestInfo,
    byClientSecret: boolean,
  ): Promise<SandboxPaymentIntent> {
    const result = await this.transact(request, async (unit) => {
      const intent = await this.load(unit.trx, 'payment_intent', id, { forUpdate: true, param: 'intent' });
      const clientSecret = text(params, 'client_secret');
      if (byClientSecret || clientSecret !== undefined) this.checkClientSecret(intent, clientSecret);
      const data = nested(params, 'payment_method_data');
      const savedId =
        text(params, 'payment_method') ?? (data ? undefined : (intent.payment_method ?? undefined));
      if (!data && !savedId) throw parameterMissing('payment_method');
      return this.confirm(unit, intent, data ? { kind: 'data', data } : { kind: 'saved', id: savedId! }, {
        // Only the server may charge without the customer (a browser must pass 3-D Secure).
        offSession: !byClientSecret && (flag(params, 'off_session') ?? false),
        returnUrl: optionalText(params, 'return_url'),
      });
    });
    if (result.failure) throw result.failure;
    return result.intent;
  }

  async cancelPaymentIntent(
    id: string,
    params: FormParams,
    request: RequestInfo,
  ): Promise<SandboxPaymentIntent> {
    return this.transact(request, async (unit) => {
      const intent = await this.load(unit.trx, 'payment_intent', id, { forUpdate: true, param: 'intent' });
      const cancelable = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
      if (!cancelable.includes(intent.status)) {
        throw invalidRequest(
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          { code: 'payment_intent_unexpected_state' },
        );
      }
      intent.status = 'canceled';
      intent.canceled_at = toTimestamp(unit.now);
      intent.cancellation_reason = optionalText(params, 'cancellation_reason');
      intent.next_action = null;
      await this.store.save(unit.trx, intent, unit.now);
      await this.emit(unit, 'payment_intent.canceled', intent);
      return intent;
    });
  }

  /** The 3-D Secure page's answer: the customer completed or failed the challenge. */
  async authenticate(
    id: string,
    clientSecret: string | undefined,
    outcome: 'complete' | 'fail',
  ): Promise<AuthenticationOutcome> {
    return this.transact(NO_REQUEST, async (unit) => {
      const stored = await this.store.find<'payment_intent', IntentState>(unit.trx, 'payment_intent', id, {
        forUpdate: true,
      });
      if (!stored) throw resourceMissing('payment_intent', id, 'intent');
      const intent = stored.data;
      this.checkClientSecret(intent, clientSecret);
      // A second click (or a reload of the form's answer) changes nothing.
      if (intent.status === 'requires_action' && intent.payment_method) {
        const method = await this.load(unit.trx, 'payment_method', intent.payment_method);
        intent.next_action = null;
        if (outcome === 'complete') {
          await this.succeed(unit, intent, method);
        } else {
          intent.status = 'requires_payment_method';
          intent.payment_method = null;
          intent.last_payment_error = {
            type: 'invalid_request_error',
            code: 'payment_intent_authentication_failure',
            doc_url: 'https://docs.stripe.com/error-codes/payment-intent-authentication-failure',
            message: AUTHENTICATION_FAILED_MESSAGE,
            payment_method: method,
          };
          await this.store.save(unit.trx, intent, unit.now);
          await this.emit(unit, 'payment_intent.payment_failed', intent);
        }
      }
      const returnUrl = stored.state?.returnUrl ?? null;
      const redirectUrl = returnUrl
        ? withQuery(returnUrl, {
            payment_intent: intent.id,
            payment_intent_client_secret: intent.client_secret,
            redirect_status: intent.status === 'succeeded' ? 'succeeded' : 'failed',
          })
        : null;
      return { paymentIntent: intent, redirectUrl };
    });
  }

  /** The settlement job of a SEPA debit: succeeds or fails as its test IBAN says. */
  async settleSepaDebit(id: string): Promise<void> {
    await this.transact(NO_REQUEST, async (unit) => {
      const intent = await this.store.find(unit.trx, 'payment_intent', id, { forUpdate: true });
      if (!intent || intent.data.status !== 'processing' || !intent.data.payment_method) return;
      const method = await this.store.find<'payment_method', InstrumentBehaviour>(
        unit.trx,
        'payment_method',
        intent.data.payment_method,
      );
      if (!method) return;
      if (method.state && sepaSettles(method.state)) {
        await this.succeed(unit, intent.data, method.data);
        return;
      }
      await this.fail(unit, intent.data, method.data, DECLINES.sepaInsufficientFunds);
    });
  }

  // ---- payment methods, setup intents, checkout sessions -------------------------------------

  async retrievePaymentMethod(id: string): Promise<SandboxPaymentMethod> {
    return this.load(this.store.db, 'payment_method', id);
  }

  /** Test helper: a saved method that fails every later charge (a card that starts failing). */
  async declineFutureCharges(id: string, request: RequestInfo): Promise<SandboxPaymentMethod> {
    return this.transact(request, async (unit) => {
      const method = await this.store.find<'payment_method', InstrumentBehaviour>(
        unit.trx,
        'payment_method',
        id,
        {
          forUpdate: true,
        },
      );
      if (!method || !method.state) throw resourceMissing('payment_method', id);
      await this.store.save(unit.trx, method.data, unit.now, { ...method.state, declineFutureCharges: true });
      return method.data;
    });
  }

  async retrieveSetupIntent(id: string): Promise<SandboxSetupIntent> {
    return this.load(this.store.db, 'setup_intent', id);
  }

  async createCheckoutSession(params: FormParams, request: RequestInfo): Promise<SandboxCheckoutSession> {
    return this.transact(request, async (unit) => {
      const mode = text(params, 'mode');
      if (!mode) throw parameterMissing('mode');
      if (mode !== 'setup')
        throw invalidRequest('The sandbox supports Checkout in mode=setup only.', { param: 'mode' });
      const customerId = text(params, 'customer');
      if (!customerId) throw parameterMissing('customer');
      const customer = await this.load(unit.trx, 'customer', customerId, { param: 'customer' });
      const successUrl = text(params, 'success_url');
      if (!successUrl) throw parameterMissing('success_url');
      checkUrl(successUrl, 'success_url');
      const cancelUrl = optionalText(params, 'cancel_url');
      if (cancelUrl) checkUrl(cancelUrl, 'cancel_url');
      const methodTypes = this.methodTypes(params);
      const created = toTimestamp(unit.now);
      const setupIntent = setupIntentObject({
        id: newStripeId('seti'),
        created,
        customer: customerId,
        metadata: metadata(nested(params, 'setup_intent_data')),
        paymentMethodTypes: methodTypes,
      });
      const sessionId = newStripeId('cs_test', 58);
      const session = checkoutSessionObject({
        id: sessionId,
        created,
        expiresAt: created + CHECKOUT_SESSION_LIFETIME_S,
        customer: customerId,
        customerEmail: customer.email,
        metadata: metadata(params),
        paymentMethodTypes: methodTypes,
        setupIntent: setupIntent.id,
        successUrl,
        cancelUrl,
        url: `${this.options.publicUrl}${SANDBOX_PATH}/checkout/${sessionId}`,
      });
      await this.store.insert(unit.trx, setupIntent, unit.now);
      await this.store.insert(unit.trx, session, unit.now);
      return session;
    });
  }

  async retrieveCheckoutSession(id: string): Promise<SandboxCheckoutSession> {
    const session = await this.load(this.store.db, 'checkout.session', id);
    return this.withExpiry(session);
  }

  /** The hosted page's form: a new method set up for the customer, or the problem to show. */
  async completeCheckout(id: string, form: CheckoutForm): Promise<CheckoutOutcome> {
    return this.transact(NO_REQUEST, async (unit) => {
      const session = this.withExpiry(await this.load(unit.trx, 'checkout.session', id, { forUpdate: true }));
      const successUrl = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
      if (session.status === 'complete') return { outcome: 'redirect', url: successUrl };
      if (session.status === 'expired') {
        return { outcome: 'problem', message: 'This Checkout Session has expired.', session };
      }
      const setupIntent = await this.load(unit.trx, 'setup_intent', session.setup_intent ?? '', {
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
      const created = await this.createMethod(
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
        await this.store.save(unit.trx, setupIntent, unit.now);
        await this.emit(unit, 'setup_intent.setup_failed', setupIntent);
        return { outcome: 'problem', message: outcome.problem.message, session };
      }
      await this.attach(unit, method, session.customer);
      setupIntent.status = 'succeeded';
      setupIntent.payment_method = method.id;
      setupIntent.mandate = behaviour.mandateId ?? null;
      setupIntent.last_setup_error = null;
      await this.store.save(unit.trx, setupIntent, unit.now);
      session.status = 'complete';
      await this.store.save(unit.trx, session, unit.now);
      await this.emit(unit, 'setup_intent.succeeded', setupIntent);
      await this.emit(unit, 'checkout.session.completed', session);
      return { outcome: 'redirect', url: successUrl };
    });
  }

  /** Replaces ids by their objects for Stripe's expand[] (payment_method, setup_intent, customer). */
  async expand<T extends SandboxObject>(object: T, paths: string[]): Promise<T> {
    const expandable: Record<string, SandboxObjectKind> = {
      payment_method: 'payment_method',
      setup_intent: 'setup_intent',
      customer: 'customer',
    };
    const expanded: Record<string, unknown> = { ...object };
    for (const path of paths) {
      if (path === 'latest_charge' && object.object === 'payment_intent') {
        expanded[path] = await this.latestCharge(object as SandboxPaymentIntent);
        continue;
      }
      const kind = expandable[path];
      if (!kind || !(path in object)) {
        throw invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });
      }
      const id = expanded[path];
      if (typeof id !== 'string') continue;
      expanded[path] = (await this.store.find(this.store.db, kind, id))?.data ?? id;
    }
    return expanded as T;
  }

  /** GET /v1/mandates/:id */
  async retrieveMandate(id: string): Promise<SandboxMandate> {
    return this.load(this.store.db, 'mandate', id);
  }

  /** An intent's latest charge as Stripe answers it when expanded, with the SEPA mandate it used. */
  private async latestCharge(intent: SandboxPaymentIntent) {
    if (!intent.latest_charge) return null;
    const db = this.store.db;
    const stored = await this.store.find<'payment_intent', IntentState>(db, 'payment_intent', intent.id);
    const refunds: SandboxRefund[] = [];
    for (const id of stored?.state?.refundIds ?? []) {
      const refund = await this.store.find(db, 'refund', id);
      if (refund) refunds.unshift(refund.data);
    }
    // A failed debit no longer names its method on the intent; the error does.
    const methodId = intent.payment_method ?? intent.last_payment_error?.payment_method?.id ?? null;
    const method = methodId
      ? await this.store.find<'payment_method', InstrumentBehaviour>(db, 'payment_method', methodId)
      : null;
    return chargeObject({
      intent,
      method: method?.data ?? null,
      refunds,
      mandate: method?.state?.mandateId ?? null,
    });
  }

  // ---- refunds --------------------------------------------------------------------------------

  /**
   * POST /v1/refunds with payment_intent (or the intent's charge) and an optional amount (the rest
   * of the charge by default). Refunds a succeeded intent's charge, at most what is left of it, and
   * emits charge.refunded with the charge and all its refunds.
   */
  async createRefund(params: FormParams, request: RequestInfo): Promise<SandboxRefund> {
    return this.transact(request, async (unit) => {
      // Stripe also takes `charge`; the adapter refunds by payment intent, which is all the sandbox keeps.
      const intentId = optionalText(params, 'payment_intent');
      if (!intentId) throw parameterMissing('payment_intent');
      const found = await this.store.find<'payment_intent', IntentState>(
        unit.trx,
        'payment_intent',
        intentId,
        {
          forUpdate: true,
        },
      );
      if (!found) throw resourceMissing('payment_intent', intentId, 'payment_intent');
      const intent = found.data;
      const state = found.state ?? {};
      if (intent.status !== 'succeeded' || !intent.latest_charge) {
        throw invalidRequest(
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          {
            code: 'charge_not_refundable',
          },
        );
      }
      const earlier: SandboxRefund[] = [];
      for (const id of state.refundIds ?? []) {
        const refund = await this.store.find(unit.trx, 'refund', id);
        if (refund) earlier.push(refund.data);
      }
      const left = intent.amount_received - earlier.reduce((sum, refund) => sum + refund.amount, 0);
      if (left <= 0) {
        throw invalidRequest(`Charge ${intent.latest_charge} has already been refunded.`, {
          code: 'charge_already_refunded',
        });
      }
      const amount = integer(params, 'amount') ?? left;
      if (amount <= 0 || amount > left) {
        throw invalidRequest(
          `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})`,
          { param: 'amount' },
        );
      }
      const method = intent.payment_method
        ? ((await this.store.find(unit.trx, 'payment_method', intent.payment_method))?.data ?? null)
        : null;
      const refund = refundObject({
        id: newStripeId('re'),
        created: toTimestamp(unit.now),
        amount,
        currency: intent.currency,
        intent,
        method,
        metadata: metadata(params),
        reason: optionalText(params, 'reason'),
      });
      await this.store.insert(unit.trx, refund, unit.now);
      await this.store.save(unit.trx, intent, unit.now, {
        ...state,
        refundIds: [...(state.refundIds ?? []), refund.id],
      });
      await this.emit(
        unit,
        'charge.refunded',
        chargeObject({ intent, method, refunds: [refund, ...earlier.reverse()] }),
      );
      return refund;
    });
  }

  async retrieveRefund(id: string): Promise<SandboxRefund> {
    return this.load(this.store.db, 'refund', id);
  }

  // ---- confirmation ---------------------------------------------------------------------------

  /**
   * Confirms an intent with a payment method and moves it to its next status: succeeded,
   * requires_action (3-D Secure), processing (SEPA) or requires_payment_method with
   * last_payment_error. A decline is answered as `failure` (402) after the transaction commits,
   * so the failed intent and its event are kept, as with Stripe.
   */
  private async confirm(
    unit: Unit,
    intent: SandboxPaymentIntent,
    source: MethodSource,
    options: { offSession: boolean; returnUrl: string | null },
  ): Promise<{ intent: SandboxPaymentIntent; failure: SandboxApiError | null }> {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      throw invalidRequest(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    const { method, behaviour } = await this.methodFor(unit, intent, source, options.offSession);
    intent.last_payment_error = null;
    intent.next_action = null;
    const outcome = chargeOutcome(behaviour, options.offSession ? 'off_session' : 'on_session');
    switch (outcome.result) {
      case 'succeeds':
        await this.succeed(unit, intent, method);
        return { intent, failure: null };
      case 'requires_action': {
        intent.status = 'requires_action';
        intent.payment_method = method.id;
        const url = withQuery(`${this.options.publicUrl}${SANDBOX_PATH}/authenticate/${intent.id}`, {
          client_secret: intent.client_secret,
        });
        intent.next_action = {
          type: 'redirect_to_url',
          redirect_to_url: { return_url: options.returnUrl, url },
        };
        const state: IntentState = { returnUrl: options.returnUrl };
        await this.store.save(unit.trx, intent, unit.now, state);
        await this.emit(unit, 'payment_intent.requires_action', intent);
        return { intent, failure: null };
      }
      case 'processing': {
        intent.status = 'processing';
        intent.payment_method = method.id;
        // The debit's charge exists (pending) from now on; it names the mandate.
        intent.latest_charge = newStripeId('ch');
        // Stripe attaches the method once the intent is confirmed without further action.
        if (intent.setup_future_usage && intent.customer) await this.attach(unit, method, intent.customer);
        await this.store.save(unit.trx, intent, unit.now);
        await this.options.jobs.schedule(
          SETTLE_SEPA_JOB,
          { paymentIntentId: intent.id },
          {
            trx: unit.trx,
            runAt: this.settlementTime(intent, unit.now),
            dedupeKey: `${SETTLE_SEPA_JOB}:${intent.id}`,
          },
        );
        unit.scheduledJobs = true;
        await this.emit(unit, 'payment_intent.processing', intent);
        return { intent, failure: null };
      }
      case 'declined':
        await this.fail(unit, intent, method, outcome.problem);
        return {
          intent,
          failure: cardError(outcome.problem, { paymentIntent: intent, paymentMethod: method }),
        };
    }
  }

  private async succeed(
    unit: Unit,
    intent: SandboxPaymentIntent,
    method: SandboxPaymentMethod,
  ): Promise<void> {
    // A settled SEPA debit keeps its pending charge; any other success is a new charge.
    intent.latest_charge = intent.status === 'processing' ? intent.latest_charge : newStripeId('ch');
    intent.status = 'succeeded';
    intent.payment_method = method.id;
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    if (intent.setup_future_usage && intent.customer) await this.attach(unit, method, intent.customer);
    await this.store.save(unit.trx, intent, unit.now);
    await this.emit(unit, 'payment_intent.succeeded', intent);
  }

  private async fail(
    unit: Unit,
    intent: SandboxPaymentIntent,
    method: SandboxPaymentMethod,
    problem: CardProblem,
  ): Promise<void> {
    intent.latest_charge = intent.status === 'processing' ? intent.latest_charge : newStripeId('ch');
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.last_payment_error = lastError(problem, method);
    await this.store.save(unit.trx, intent, unit.now);
    await this.emit(unit, 'payment_intent.payment_failed', intent);
  }

  /** The method a confirm uses: created from the browser's data, or a saved one of this customer. */
  private async methodFor(
    unit: Unit,
    intent: SandboxPaymentIntent,
    source: MethodSource,
    offSession: boolean,
  ): Promise<{ method: SandboxPaymentMethod; behaviour: InstrumentBehaviour }> {
    if (source.kind === 'data') {
      const type = text(source.data, 'type');
      if (!type) throw parameterMissing('payment_method_data[type]');
      this.checkMethodAllowed(intent, type, 'payment_method_data[type]');
      const billingParams = nested(source.data, 'billing_details');
      const billing: BillingDetailsInput = {
        name: optionalText(billingParams, 'name'),
        email: optionalText(billingParams, 'email'),
        address: address(nested(billingParams, 'address')),
      };
      const card = nested(source.data, 'card');
      const created = await this.createMethod(
        unit,
        type === 'card'
          ? {
              type: 'card',
              card: {
                number: text(card, 'number'),
                expMonth: text(card, 'exp_month'),
                expYear: text(card, 'exp_year'),
                cvc: text(card, 'cvc'),
              },
              billing,
            }
          : { type: 'sepa_debit', iban: text(nested(source.data, 'sepa_debit'), 'iban') ?? '', billing },
        'payment_method_data',
      );
      if ('problem' in created) {
        if (created.invalidRequest) throw invalidRequest(created.problem.message, created.problem);
        throw cardError(created.problem, { paymentIntent: intent });
      }
      return created;
    }
    const stored = await this.store.find<'payment_method', InstrumentBehaviour>(
      unit.trx,
      'payment_method',
      source.id,
    );
    if (!stored || !stored.state) throw resourceMissing('payment_method', source.id, 'payment_method');
    this.checkMethodAllowed(intent, stored.data.type, 'payment_method');
    const owner = stored.data.customer;
    if (owner && owner !== intent.customer) {
      throw invalidRequest(
        `The provided PaymentMethod ${source.id} is attached to another Customer than this PaymentIntent's.`,
        { param: 'payment_method' },
      );
    }
    if (!owner && offSession) {
      throw invalidRequest(
        'A PaymentMethod must be attached to the Customer before it can be used for an off-session payment.',
        { param: 'payment_method' },
      );
    }
    return { method: stored.data, behaviour: stored.state };
  }

  /**
   * Validates card or IBAN data (Stripe's checks and error codes) and stores the new method with
   * its test behaviour. Answers the problem instead when the data is refused.
   */
  private async createMethod(
    unit: Unit,
    input:
      | { type: 'card'; card: CardInput; billing: BillingDetailsInput }
      | { type: 'sepa_debit'; iban: string; billing: BillingDetailsInput },
    paramPrefix: string,
  ): Promise<
    | { method: SandboxPaymentMethod; behaviour: InstrumentBehaviour }
    | { problem: CardProblem; invalidRequest: boolean }
  > {
    const created = toTimestamp(unit.now);
    const id = newStripeId('pm');
    if (input.type === 'card') {
      // The customer types the card in their hand: its expiry is checked against the real date, as
      // Stripe does, not against the dev clock.
      const checked = validateCard(input.card, new Date(), `${paramPrefix}[card]`);
      if ('problem' in checked) return { problem: checked.problem, invalidRequest: false };
      const { card } = checked;
      const method = paymentMethodObject({
        id,
        created,
        billing: input.billing,
        type: 'card',
        card: {
          brand: cardBrand(card.number),
          expMonth: card.expMonth,
          expYear: card.expYear,
          last4: card.number.slice(-4),
          fingerprint: fingerprint(card.number),
        },
      });
      const behaviour: InstrumentBehaviour = { type: 'card', card: card.kind };
      await this.store.insert(unit.trx, method, unit.now, behaviour);
      return { method, behaviour };
    }
    const iban = normalizeIban(input.iban);
    if (!ibanValid(iban)) {
      return {
        problem: {
          code: 'payment_method_invalid_parameter',
          message: 'The IBAN you provided is invalid.',
          param: `${paramPrefix}[sepa_debit][iban]`,
        },
        invalidRequest: true,
      };
    }
    // Stripe needs the account holder's name and e-mail for the SEPA mandate.
    for (const field of ['name', 'email'] as const) {
      if (!input.billing[field]) {
        return {
          problem: {
            code: 'parameter_missing',
            message: `Missing required param: ${paramPrefix}[billing_details][${field}].`,
            param: `${paramPrefix}[billing_details][${field}]`,
          },
          invalidRequest: true,
        };
      }
    }
    const details = ibanDetails(iban);
    const method = paymentMethodObject({
      id,
      created,
      billing: input.billing,
      type: 'sepa_debit',
      sepa: { ...details, fingerprint: fingerprint(iban) },
    });
    // Entering the IBAN with the mandate text is the customer's acceptance of the mandate.
    const mandate = mandateObject({
      id: newStripeId('mandate'),
      acceptedAt: created,
      paymentMethod: id,
      reference: newMandateReference(),
    });
    await this.store.insert(unit.trx, mandate, unit.now);
    const behaviour: InstrumentBehaviour = {
      type: 'sepa_debit',
      settlement: FAILING_TEST_IBANS.has(iban) ? 'fails' : 'succeeds',
      mandateId: mandate.id,
    };
    await this.store.insert(unit.trx, method, unit.now, behaviour);
    return { method, behaviour };
  }

  private async attach(unit: Unit, method: SandboxPaymentMethod, customerId: string | null): Promise<void> {
    if (!customerId || method.customer === customerId) return;
    method.customer = customerId;
    await this.store.save(unit.trx, method, unit.now);
  }

  // ---- plumbing -----------------------------------------------------------------------------

  /** Runs one change in a transaction; kicks the job loop after the commit when it scheduled jobs. */
  private async transact<T>(request: RequestInfo, work: (unit: Unit) => Promise<T>): Promise<T> {
    let scheduled = false;
    const result = await this.store.db.transaction().execute(async (trx) => {
      const unit: Unit = { trx, now: this.options.clock.now(), request, scheduledJobs: false };
      const value = await work(unit);
      scheduled = unit.scheduledJobs;
      return value;
    });
    if (scheduled) this.options.onJobsScheduled();
    return result;
  }

  /** Stores a Stripe event with a snapshot of the object and schedules its delivery in the same transaction. */
  private async emit(unit: Unit, type: string, object: SandboxObject): Promise<void> {
    const event = eventObject({
      id: newStripeId('evt'),
      created: toTimestamp(unit.now),
      type,
      object: structuredClone(object),
      request: unit.request,
    });
    await this.store.insertEvent(unit.trx, event, JSON.stringify(event, null, 2), unit.now);
    await this.options.jobs.schedule(
      DELIVER_EVENT_JOB,
      { eventId: event.id },
      { trx: unit.trx, dedupeKey: `${DELIVER_EVENT_JOB}:${event.id}` },
    );
    unit.scheduledJobs = true;
  }

  private async load<K extends SandboxObjectKind>(
    db: Parameters<SandboxStore['find']>[0],
    kind: K,
    id: string,
    options: { forUpdate?: boolean; param?: string } = {},
  ) {
    const stored = await this.store.find(db, kind, id, options);
    if (!stored) throw resourceMissing(kind, id, options.param);
    return stored.data;
  }

  private checkClientSecret(intent: SandboxPaymentIntent, clientSecret: string | undefined): void {
    if (!clientSecret) throw parameterMissing('client_secret');
    if (clientSecret !== intent.client_secret) {
      throw invalidRequest(
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        { param: 'client_secret' },
      );
    }
  }

  /**
   * payment_method_options[sepa_debit][target_date] (YYYY-MM-DD): the day a SEPA debit is
   * collected, which is what its pre-notification announced. Stripe takes up to 15 days ahead.
   */
  private sepaTargetDate(params: FormParams, now: Date): string | null {
    const param = 'payment_method_options[sepa_debit][target_date]';
    const value = text(nested(nested(params, 'payment_method_options'), 'sepa_debit'), 'target_date');
    if (value === undefined) return null;
    const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
    const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
    if (Number.isNaN(day) || day <= today || day > today + SEPA_TARGET_DATE_MAX_DAYS * DAY_MS) {
      throw invalidRequest(
        `target_date must be a date in YYYY-MM-DD format between tomorrow and ${SEPA_TARGET_DATE_MAX_DAYS} days from now.`,
        { param },
      );
    }
    return value;
  }

  /** When a SEPA debit settles: after the settlement delay, and never before its target date. */
  private settlementTime(intent: SandboxPaymentIntent, now: Date): Date {
    const afterDelay = now.getTime() + this.options.sepaSettleSeconds * 1000;
    const options = intent.payment_method_options as { sepa_debit?: { target_date?: string } } | undefined;
    const target = options?.sepa_debit?.target_date;
    return new Date(Math.max(afterDelay, target ? Date.parse(`${target}T00:00:00Z`) : 0));
  }

  /** allowed_payment_method_types (the SDK's API version), or payment_method_types of older versions. */
  private methodTypes(params: FormParams): MethodType[] {
    const name =
      params.allowed_payment_method_types !== undefined
        ? 'allowed_payment_method_types'
        : 'payment_method_types';
    const given = list(params, name) ?? ['card'];
    if (given.length === 0) throw invalidRequest(`${name} must not be empty.`, { param: name });
    for (const type of given) {
      if (!isMethodType(type)) {
        throw invalidRequest(`The payment method type "${type}" is invalid.`, {
          code: 'payment_intent_invalid_parameter',
          param: name,
        });
      }
    }
    return [...new Set(given)] as MethodType[];
  }

  private checkMethodAllowed(intent: SandboxPaymentIntent, type: string, param: string): void {
    if (!intent.payment_method_types.includes(type)) {
      throw invalidRequest(
        `The PaymentMethod type ${type} is not in this PaymentIntent's payment_method_types (${intent.payment_method_types.join(', ')}).`,
        { code: 'payment_intent_invalid_parameter', param },
      );
    }
  }

  private withExpiry(session: SandboxCheckoutSession): SandboxCheckoutSession {
    if (session.status === 'open' && session.expires_at < toTimestamp(this.options.clock.now())) {
      return { ...session, status: 'expired', url: null };
    }
    return session;
  }
}

function lastError(problem: CardProblem, method: SandboxPaymentMethod): StripeLastError {
  return {
    type: 'card_error',
    code: problem.code,
    ...(problem.declineCode ? { decline_code: problem.declineCode } : {}),
    doc_url: `https://docs.stripe.com/error-codes/${problem.code.replace(/_/g, '-')}`,
    message: problem.message,
    payment_method: method,
  };
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

/** The URL with these query parameters added (kept: its own parameters and fragment). */
export function withQuery(base: string, query: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}
