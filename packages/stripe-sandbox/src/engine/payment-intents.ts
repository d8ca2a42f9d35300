import { cardError, invalidRequest, parameterMissing, resourceMissing, type CardProblem } from '../errors.ts';
import { newStripeId } from '../ids.ts';
import { chargeOutcome, DECLINES, sepaSettles, type InstrumentBehaviour } from '../instruments.ts';
import { SETTLE_SEPA_JOB } from '../jobs.ts';
import { toTimestamp } from '../objects/common.ts';
import { paymentIntentObject } from '../objects/payment-intent.ts';
import type { SandboxPaymentIntent, SandboxPaymentMethod } from '../objects/types.ts';
import { flag, integer, metadata, nested, optionalText, text, type FormParams } from '../params.ts';
import { SANDBOX_PATH } from '../paths.ts';
import type { SandboxApiError } from '../errors.ts';
import {
  lastError,
  NO_REQUEST,
  withQuery,
  type IntentState,
  type RequestInfo,
  type SandboxChanges,
  type Unit,
} from './changes.ts';
import { methodTypes, type MethodSource, type PaymentMethods } from './payment-methods.ts';

/** Stripe's smallest EUR charge. */
const MINIMUM_AMOUNT = 50;
const AUTHENTICATION_FAILED_MESSAGE =
  'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.';
/** Stripe's window for payment_method_options[sepa_debit][target_date], in days from today. */
const SEPA_TARGET_DATE_MAX_DAYS = 15;
const DAY_MS = 24 * 3600 * 1000;

export interface AuthenticationOutcome {
  paymentIntent: SandboxPaymentIntent;
  /** return_url with Stripe's redirect parameters; null when the confirm gave none. */
  redirectUrl: string | null;
}

type Confirmed = { intent: SandboxPaymentIntent; failure: SandboxApiError | null };

/**
 * Payment intents and their state machine: browser and off-session confirmation, 3-D Secure,
 * SEPA debits that settle later (a durable job), cancellation.
 */
export class PaymentIntents {
  constructor(
    private readonly changes: SandboxChanges,
    private readonly methods: PaymentMethods,
  ) {}

  /** POST /v1/payment_intents; with confirm=true (off-session renewals) it is confirmed at once. */
  async create(params: FormParams, request: RequestInfo): Promise<SandboxPaymentIntent> {
    const result = await this.changes.transact(request, async (unit) => {
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
      if (customerId) await this.changes.load(unit.trx, 'customer', customerId, { param: 'customer' });
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
        paymentMethodTypes: methodTypes(params),
        setupFutureUsage:
          setupFutureUsage === 'off_session' || setupFutureUsage === 'on_session' ? setupFutureUsage : null,
      });
      const targetDate = sepaTargetDate(params, unit.now);
      if (targetDate) intent.payment_method_options = { sepa_debit: { target_date: targetDate } };
      await this.changes.store.insert(unit.trx, intent, unit.now, {});
      if (!flag(params, 'confirm')) return { intent, failure: null };
      const paymentMethod = text(params, 'payment_method');
      const data = nested(params, 'payment_method_data');
      if (!paymentMethod && !data) throw parameterMissing('payment_method');
      return this.confirmWith(
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

  async retrieve(id: string): Promise<SandboxPaymentIntent> {
    return this.changes.load(this.changes.store.db, 'payment_intent', id);
  }

  /**
   * POST /v1/payment_intents/:id/confirm. From the browser (`byClientSecret`), the client_secret
   * must match and is all that authenticates the call, as with Stripe.js.
   */
  async confirm(
    id: string,
    params: FormParams,
    request: RequestInfo,
    byClientSecret: boolean,
  ): Promise<SandboxPaymentIntent> {
    const result = await this.changes.transact(request, async (unit) => {
      const intent = await this.changes.load(unit.trx, 'payment_intent', id, {
        forUpdate: true,
        param: 'intent',
      });
      const clientSecret = text(params, 'client_secret');
      if (byClientSecret || clientSecret !== undefined) checkClientSecret(intent, clientSecret);
      const data = nested(params, 'payment_method_data');
      const savedId =
        text(params, 'payment_method') ?? (data ? undefined : (intent.payment_method ?? undefined));
      if (!data && !savedId) throw parameterMissing('payment_method');
      return this.confirmWith(unit, intent, data ? { kind: 'data', data } : { kind: 'saved', id: savedId! }, {
        // Only the server may charge without the customer (a browser must pass 3-D Secure).
        offSession: !byClientSecret && (flag(params, 'off_session') ?? false),
        returnUrl: optionalText(params, 'return_url'),
      });
    });
    if (result.failure) throw result.failure;
    return result.intent;
  }

  async cancel(id: string, params: FormParams, request: RequestInfo): Promise<SandboxPaymentIntent> {
    return this.changes.transact(request, async (unit) => {
      const intent = await this.changes.load(unit.trx, 'payment_intent', id, {
        forUpdate: true,
        param: 'intent',
      });
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
      await this.changes.store.save(unit.trx, intent, unit.now);
      await this.changes.emit(unit, 'payment_intent.canceled', intent);
      return intent;
    });
  }

  /** The 3-D Secure page's answer: the customer completed or failed the challenge. */
  async authenticate(
    id: string,
    clientSecret: string | undefined,
    outcome: 'complete' | 'fail',
  ): Promise<AuthenticationOutcome> {
    return this.changes.transact(NO_REQUEST, async (unit) => {
      const stored = await this.changes.store.find<'payment_intent', IntentState>(
        unit.trx,
        'payment_intent',
        id,
        { forUpdate: true },
      );
      if (!stored) throw resourceMissing('payment_intent', id, 'intent');
      const intent = stored.data;
      checkClientSecret(intent, clientSecret);
      // A second click (or a reload of the form's answer) changes nothing.
      if (intent.status === 'requires_action' && intent.payment_method) {
        const method = await this.changes.load(unit.trx, 'payment_method', intent.payment_method);
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
          await this.changes.store.save(unit.trx, intent, unit.now);
          await this.changes.emit(unit, 'payment_intent.payment_failed', intent);
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
    await this.changes.transact(NO_REQUEST, async (unit) => {
      const store = this.changes.store;
      const intent = await store.find(unit.trx, 'payment_intent', id, { forUpdate: true });
      if (!intent || intent.data.status !== 'processing' || !intent.data.payment_method) return;
      const method = await store.find<'payment_method', InstrumentBehaviour>(
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

  /**
   * Confirms an intent with a payment method and moves it to its next status: succeeded,
   * requires_action (3-D Secure), processing (SEPA) or requires_payment_method with
   * last_payment_error. A decline is answered as `failure` (402) after the transaction commits,
   * so the failed intent and its event are kept, as with Stripe.
   */
  private async confirmWith(
    unit: Unit,
    intent: SandboxPaymentIntent,
    source: MethodSource,
    options: { offSession: boolean; returnUrl: string | null },
  ): Promise<Confirmed> {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      throw invalidRequest(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    const { method, behaviour } = await this.methods.forConfirm(unit, intent, source, options.offSession);
    intent.last_payment_error = null;
    intent.next_action = null;
    const outcome = chargeOutcome(behaviour, options.offSession ? 'off_session' : 'on_session');
    const store = this.changes.store;
    switch (outcome.result) {
      case 'succeeds':
        await this.succeed(unit, intent, method);
        return { intent, failure: null };
      case 'requires_action': {
        intent.status = 'requires_action';
        intent.payment_method = method.id;
        const url = withQuery(`${this.changes.options.publicUrl}${SANDBOX_PATH}/authenticate/${intent.id}`, {
          client_secret: intent.client_secret,
        });
        intent.next_action = {
          type: 'redirect_to_url',
          redirect_to_url: { return_url: options.returnUrl, url },
        };
        const state: IntentState = { returnUrl: options.returnUrl };
        await store.save(unit.trx, intent, unit.now, state);
        await this.changes.emit(unit, 'payment_intent.requires_action', intent);
        return { intent, failure: null };
      }
      case 'processing': {
        intent.status = 'processing';
        intent.payment_method = method.id;
        // The debit's charge exists (pending) from now on; it names the mandate.
        intent.latest_charge = newStripeId('ch');
        // Stripe attaches the method once the intent is confirmed without further action.
        if (intent.setup_future_usage && intent.customer)
          await this.changes.attach(unit, method, intent.customer);
        await store.save(unit.trx, intent, unit.now);
        await this.changes.schedule(
          unit,
          SETTLE_SEPA_JOB,
          { paymentIntentId: intent.id },
          { runAt: this.settlementTime(intent, unit.now), dedupeKey: `${SETTLE_SEPA_JOB}:${intent.id}` },
        );
        await this.changes.emit(unit, 'payment_intent.processing', intent);
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
    if (intent.setup_future_usage && intent.customer)
      await this.changes.attach(unit, method, intent.customer);
    await this.changes.store.save(unit.trx, intent, unit.now);
    await this.changes.emit(unit, 'payment_intent.succeeded', intent);
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
    await this.changes.store.save(unit.trx, intent, unit.now);
    await this.changes.emit(unit, 'payment_intent.payment_failed', intent);
  }

  /** When a SEPA debit settles: after the settlement delay, and never before its target date. */
  private settlementTime(intent: SandboxPaymentIntent, now: Date): Date {
    const afterDelay = now.getTime() + this.changes.options.sepaSettleSeconds * 1000;
    const options = intent.payment_method_options as { sepa_debit?: { target_date?: string } } | undefined;
    const target = options?.sepa_debit?.target_date;
    return new Date(Math.max(afterDelay, target ? Date.parse(`${target}T00:00:00Z`) : 0));
  }
}

function checkClientSecret(intent: SandboxPaymentIntent, clientSecret: string | undefined): void {
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
function sepaTargetDate(params: FormParams, now: Date): string | null {
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
