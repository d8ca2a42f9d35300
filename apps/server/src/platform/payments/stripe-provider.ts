import Stripe from 'stripe';
import {
  PaymentDeclinedError,
  PaymentProviderUnavailableError,
  type CheckoutSessionInfo,
  type CreatePaymentIntentInput,
  type CustomerInput,
  type MandateInfo,
  type OffSessionChargeInput,
  type OnSessionConfirmInput,
  type PaymentError,
  type PaymentIntentInfo,
  type PaymentMethodInfo,
  type PaymentMethodType,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderEventPage,
  type RefundInfo,
  type RefundInput,
  type SetupCheckoutInput,
  type SetupIntentInfo,
} from './types.ts';

/** Stripe's signature check tolerates this much clock difference (and replays no older). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Connection problems and Stripe's 409/5xx answers are retried by the SDK (with the same Idempotency-Key). */
export const STRIPE_MAX_NETWORK_RETRIES = 2;

/** A webhook whose stripe-signature header is missing, wrong or too old. */
export class WebhookSignatureError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WebhookSignatureError';
  }
}

/** The SDK client with our settings; `httpClient` points it elsewhere (the sandbox). */
export function createStripeClient(secretKey: string, httpClient?: Stripe.HttpClient): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    telemetry: false,
    appInfo: { name: 'pet-portal' },
    ...(httpClient ? { httpClient } : {}),
  });
}

export interface StripeProviderOptions {
  mode: 'stripe' | 'sandbox';
  publishableKey: string;
  webhookSecret: string;
}

/** Every method a customer may pay with here; a saved method brings its own type. */
const ALL_METHOD_TYPES: PaymentMethodType[] = ['card', 'sepa_debit'];
/** The method, and the charge whose SEPA details name the mandate. */
const EXPAND_METHOD = ['payment_method', 'latest_charge'];
/** Stripe's largest page of a list. */
const EVENT_PAGE_SIZE = 100;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function oneOf<T extends string>(value: string | null | undefined, allowed: readonly T[], what: string): T {
  if (allowed.includes(value as T)) return value as T;
  throw new Error(`unexpected ${what} from Stripe: ${value}`);
}

const INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const;
const SETUP_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'canceled',
  'succeeded',
] as const;

const REFUND_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;

const asMethodType = (value: string | null | undefined): PaymentMethodType | null =>
  value === 'card' || value === 'sepa_debit' ? value : null;

/** Stripe's error classes by their `type`, which survives the SDK's ESM/CJS copies (instanceof may not). */
type StripeErrorLike = Error & {
  type?: string;
  code?: string;
  decline_code?: string;
  payment_intent?: Stripe.PaymentIntent;
  payment_method?: Stripe.PaymentMethod;
};
const isStripeError = (err: unknown): err is StripeErrorLike =>
  err instanceof Error &&
  typeof (err as StripeErrorLike).type === 'string' &&
  (err as StripeErrorLike).type!.startsWith('Stripe');

/** Stripe could not answer or refused us as a client: nothing we know of was charged. */
const UNAVAILABLE_TYPES = new Set([
  'StripeConnectionError',
  'StripeAPIError',
  'StripeRateLimitError',
  'StripeAuthenticationError',
  'StripePermissionError',
]);

// ---- mapping Stripe's objects to ours ------------------------------------------------------------

/**
 * Our view of a payment intent. Tolerant of partial objects (hand-made test events, older API
 * versions): what is missing maps to null rather than throwing inside a webhook.
 */
export function mapPaymentIntent(
  intent: Stripe.PaymentIntent,
  related: { paymentMethod?: Stripe.PaymentMethod | null } = {},
): PaymentIntentInfo {
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const failure = intent.last_payment_error ?? null;
  const allowedTypes = intent.payment_method_types ?? intent.allowed_payment_method_types ?? [];
  return {
    id: intent.id,
    status: oneOf(intent.status, INTENT_STATUSES, 'payment intent status'),
    amountCents: intent.amount ?? 0,
    currency: intent.currency ?? 'eur',
    clientSecret: intent.client_secret ?? null,
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    // Unexpanded (events, errors): from the failed method, or the only type the intent allows.
    paymentMethodType:
      asMethodType(method?.type) ??
      asMethodType(related.paymentMethod?.type) ??
      asMethodType(failure?.payment_method?.type) ??
      (allowedTypes.length === 1 ? asMethodType(allowedTypes[0]) : null),
    lastError: failure
      ? {
          code: failure.code ?? null,
          declineCode: failure.decline_code ?? null,
          message: failure.message ?? 'The payment failed.',
        }
      : null,
    metadata: { ...(intent.metadata ?? {}) },
    created: intent.created ?? 0,
    mandateId: charge?.payment_method_details?.sepa_debit?.mandate ?? null,
    sepaTargetDate: intent.payment_method_options?.sepa_debit?.target_date ?? null,
    nextActionUrl: intent.next_action?.redirect_to_url?.url ?? null,
  };
}

export function mapPaymentMethod(method: Stripe.PaymentMethod): PaymentMethodInfo {
  const type = asMethodType(method.type);
  if (!type) throw new Error(`payment method ${method.id} has the unsupported type ${method.type}`);
  if (type === 'card') {
    return {
      id: method.id,
      type,
      last4: method.card?.last4 ?? null,
      brand: method.card?.brand ?? null,
      expMonth: method.card?.exp_month ?? null,
      expYear: method.card?.exp_year ?? null,
      bankCode: null,
      country: method.card?.country ?? null,
    };
  }
  return {
    id: method.id,
    type,
    last4: method.sepa_debit?.last4 ?? null,
    brand: null,
    expMonth: null,
    expYear: null,
    bankCode: method.sepa_debit?.bank_code ?? null,
    country: method.sepa_debit?.country ?? null,
  };
}

export function mapCheckoutSession(session: Stripe.Checkout.Session): CheckoutSessionInfo {
  return {
    id: session.id,
    url: session.url ?? null,
    mode: oneOf(session.mode, ['setup', 'payment', 'subscription'] as const, 'checkout mode'),
    status: oneOf(session.status ?? 'open', ['open', 'complete', 'expired'] as const, 'checkout status'),
    customerId: idOf(session.customer),
    setupIntentId: idOf(session.setup_intent),
    metadata: { ...(session.metadata ?? {}) },
  };
}

export function mapSetupIntent(intent: Stripe.SetupIntent): SetupIntentInfo {
  return {
    id: intent.id,
    status: oneOf(intent.status, SETUP_STATUSES, 'setup intent status'),
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    metadata: { ...(intent.metadata ?? {}) },
    mandateId: idOf(intent.mandate),
  };
}

export function mapEvent(event: Stripe.Event): ProviderEvent {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.processing':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
    case 'payment_intent.requires_action':
      return {
        id: event.id,
        type: event.type,
        created: event.created,
        paymentIntent: mapPaymentIntent(event.data.object),
      };
    case 'checkout.session.completed':
      return {
        id: event.id,
        type: event.type,
        created: event.created,
        checkoutSession: mapCheckoutSession(event.data.object),
      };
    default:
      return { id: event.id, type: 'other', stripeType: event.type, created: event.created };
  }
}

const paymentErrorOf = (err: StripeErrorLike): PaymentError => ({
  code: err.code ?? null,
  declineCode: err.decline_code ?? null,
  message: err.message,
});

/**
 * The payment provider on the official `stripe` SDK (DESIGN.md section 7). The same class talks to
 * Stripe (mode 'stripe') or to the in-process sandbox (mode 'sandbox', an SDK instance whose HTTP
 * client is sandbox/inject-http-client.ts). Declines become PaymentDeclinedError (except for
 * off-session charges, which answer the failed intent), outages PaymentProviderUnavailableError;
 * invalid requests (our bugs, unknown ids) keep Stripe's own error.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly mode: 'stripe' | 'sandbox';
  readonly publishableKey: string;
  private readonly webhookSecret: string;

  constructor(
    private readonly stripe: Stripe,
    options: StripeProviderOptions,
  ) {
    this.mode = options.mode;
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
  }

  async createCustomer(input: CustomerInput): Promise<string> {
    const address = input.address;
    const customer = await this.call(() =>
      this.stripe.customers.create(
        {
          email: input.email,
          name: input.name,
          metadata: { user_id: input.userId, partner_id: input.partnerId },
          ...(address
            ? {
                address: {
                  line1: address.line1 ?? undefined,
                  line2: address.line2 ?? undefined,
                  postal_code: address.postalCode ?? undefined,
                  city: address.city ?? undefined,
                  country: address.country ?? undefined,
                },
              }
            : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return customer.id;
  }

  async setDefaultPaymentMethod(
    customerId: string,
    paymentMethodId: string,
    idempotencyKey: string,
  ): Promise<void> {
    await this.call(() =>
      this.stripe.customers.update(
        customerId,
        { invoice_settings: { default_payment_method: paymentMethodId } },
        { idempotencyKey },
      ),
    );
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentInfo> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'eur',
          customer: input.customerId,
          // payment_method_types of older API versions (removed in the SDK's 2026-10-28 version).
          allowed_payment_method_types: input.paymentMethodTypes,
          // The method the customer pays with now is saved for the renewals (charged off-session).
          setup_future_usage: 'off_session',
          ...(input.sepaTargetDate
            ? { payment_method_options: { sepa_debit: { target_date: input.sepaTargetDate } } }
            : {}),
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return mapPaymentIntent(intent);
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentInfo> {
    const intent = await this.call(() => this.stripe.paymentIntents.retrieve(id, { expand: EXPAND_METHOD }));
    return mapPaymentIntent(intent);
  }

  async cancelPaymentIntent(id: string, idempotencyKey: string): Promise<PaymentIntentInfo> {
    try {
      const intent = await this.call(() =>
        this.stripe.paymentIntents.cancel(id, { expand: EXPAND_METHOD }, { idempotencyKey }),
      );
      return mapPaymentIntent(intent);
    } catch (err) {
      // Stripe refuses to cancel twice; our contract answers the cancelled intent as it is.
      if (isStripeError(err) && err.code === 'payment_intent_unexpected_state') {
        const current = await this.retrievePaymentIntent(id);
        if (current.status === 'canceled') return current;
      }
      throw err;
    }
  }

  async chargeOffSession(input: OffSessionChargeInput): Promise<PaymentIntentInfo> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'eur',
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          allowed_payment_method_types: ALL_METHOD_TYPES,
          confirm: true,
          off_session: true,
          description: input.description,
          metadata: input.metadata,
          expand: EXPAND_METHOD,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return mapPaymentIntent(intent);
    } catch (err) {
      // A decline is an answer, not a failure: the intent comes back with requires_payment_method.
      if (isStripeError(err) && err.type === 'StripeCardError' && err.payment_intent) {
        const intent = mapPaymentIntent(err.payment_intent, { paymentMethod: err.payment_method ?? null });
        return { ...intent, lastError: intent.lastError ?? paymentErrorOf(err) };
      }
      throw this.translate(err);
    }
  }

  async confirmOnSession(input: OnSessionConfirmInput): Promise<PaymentIntentInfo> {
    try {
      const intent = await this.stripe.paymentIntents.confirm(
        input.paymentIntentId,
        {
          payment_method: input.paymentMethodId,
          off_session: false,
          return_url: input.returnUrl,
          expand: EXPAND_METHOD,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return mapPaymentIntent(intent);
    } catch (err) {
      if (isStripeError(err) && err.type === 'StripeCardError' && err.payment_intent) {
        const intent = mapPaymentIntent(err.payment_intent, { paymentMethod: err.payment_method ?? null });
        return { ...intent, lastError: intent.lastError ?? paymentErrorOf(err) };
      }
      throw this.translate(err);
    }
  }

  async createSetupCheckoutSession(input: SetupCheckoutInput): Promise<CheckoutSessionInfo> {
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'setup',
          customer: input.customerId,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          allowed_payment_method_types: input.paymentMethodTypes,
          metadata: input.metadata,
          // The setup intent carries our references too (it is what names the new method).
          setup_intent_data: { metadata: input.metadata },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return mapCheckoutSession(session);
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo> {
    return mapCheckoutSession(await this.call(() => this.stripe.checkout.sessions.retrieve(id)));
  }

  async retrieveSetupIntent(id: string): Promise<SetupIntentInfo> {
    return mapSetupIntent(await this.call(() => this.stripe.setupIntents.retrieve(id)));
  }

  async retrievePaymentMethod(id: string): Promise<PaymentMethodInfo> {
    return mapPaymentMethod(await this.call(() => this.stripe.paymentMethods.retrieve(id)));
  }

  async retrieveMandate(id: string): Promise<MandateInfo> {
    const mandate = await this.call(() => this.stripe.mandates.retrieve(id));
    const reference = mandate.payment_method_details?.sepa_debit?.reference;
    if (!reference) throw new Error(`mandate ${id} is not a SEPA mandate with a reference`);
    return { id: mandate.id, reference, paymentMethodId: idOf(mandate.payment_method) ?? '' };
  }

  async refundPayment(input: RefundInput): Promise<RefundInfo> {
    const refund = await this.call(() =>
      this.stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amountCents },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return {
      id: refund.id,
      status: oneOf(refund.status, REFUND_STATUSES, 'refund status'),
      amountCents: refund.amount,
      paymentIntentId: idOf(refund.payment_intent),
    };
  }

  async listUndeliveredEvents(startingAfter?: string): Promise<ProviderEventPage> {
    const page = await this.call(() =>
      this.stripe.events.list({
        delivery_success: false,
        limit: EVENT_PAGE_SIZE,
        ...(startingAfter ? { starting_after: startingAfter } : {}),
      }),
    );
    return { events: page.data.map(mapEvent), hasMore: page.has_more };
  }

  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): ProviderEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader ?? '',
        this.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (err) {
      throw new WebhookSignatureError(err instanceof Error ? err.message : 'invalid webhook signature', {
        cause: err,
      });
    }
    return mapEvent(event);
  }

  /** Runs one SDK call and translates its failure (see translate). */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      throw this.translate(err);
    }
  }

  private translate(err: unknown): unknown {
    if (!isStripeError(err)) return err;
    if (err.type === 'StripeCardError') {
      return new PaymentDeclinedError(
        paymentErrorOf(err),
        err.payment_intent
          ? mapPaymentIntent(err.payment_intent, { paymentMethod: err.payment_method ?? null })
          : null,
      );
    }
    if (err.type && UNAVAILABLE_TYPES.has(err.type)) {
      return new PaymentProviderUnavailableError(`payment provider unavailable: ${err.message}`, {
        cause: err,
      });
    }
    return err;
  }
}
