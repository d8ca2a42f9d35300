import { cardError, invalidRequest, parameterMissing, resourceMissing, type CardProblem } from '../errors.ts';
import { newStripeId } from '../ids.ts';
import {
  cardBrand,
  FAILING_TEST_IBANS,
  fingerprint,
  ibanDetails,
  ibanValid,
  normalizeIban,
  validateCard,
  type CardInput,
  type InstrumentBehaviour,
} from '../instruments.ts';
import { mandateObject, newMandateReference, type SandboxMandate } from '../mandates.ts';
import { toTimestamp } from '../objects/common.ts';
import { paymentMethodObject, type BillingDetailsInput } from '../objects/payment-method.ts';
import type { SandboxPaymentIntent, SandboxPaymentMethod } from '../objects/types.ts';
import { address, list, nested, optionalText, text, type FormParams } from '../params.ts';
import type { RequestInfo, SandboxChanges, Unit } from './changes.ts';

const SUPPORTED_METHOD_TYPES = ['card', 'sepa_debit'] as const;
type MethodType = (typeof SUPPORTED_METHOD_TYPES)[number];

const isMethodType = (value: string): value is MethodType =>
  (SUPPORTED_METHOD_TYPES as readonly string[]).includes(value);

/** A payment method for a confirm: new data from the browser, or one saved before. */
export type MethodSource = { kind: 'data'; data: FormParams } | { kind: 'saved'; id: string };

/** What a new method's data is: a test card or a SEPA account with its holder. */
export type MethodInput =
  | { type: 'card'; card: CardInput; billing: BillingDetailsInput }
  | { type: 'sepa_debit'; iban: string; billing: BillingDetailsInput };

export type CreatedMethod =
  | { method: SandboxPaymentMethod; behaviour: InstrumentBehaviour }
  | { problem: CardProblem; invalidRequest: boolean };

/**
 * Payment methods (test cards and SEPA accounts with their mandates): made from the browser's data
 * when an intent is confirmed or a checkout completes, looked up when a saved one is charged.
 */
export class PaymentMethods {
  constructor(private readonly changes: SandboxChanges) {}

  async retrieve(id: string): Promise<SandboxPaymentMethod> {
    return this.changes.load(this.changes.store.db, 'payment_method', id);
  }

  /** GET /v1/mandates/:id */
  async retrieveMandate(id: string): Promise<SandboxMandate> {
    return this.changes.load(this.changes.store.db, 'mandate', id);
  }

  /** Test helper: a saved method that fails every later charge (a card that starts failing). */
  async declineFutureCharges(id: string, request: RequestInfo): Promise<SandboxPaymentMethod> {
    return this.changes.transact(request, async (unit) => {
      const method = await this.changes.store.find<'payment_method', InstrumentBehaviour>(
        unit.trx,
        'payment_method',
        id,
        {
          forUpdate: true,
        },
      );
      if (!method || !method.state) throw resourceMissing('payment_method', id);
      await this.changes.store.save(unit.trx, method.data, unit.now, {
        ...method.state,
        declineFutureCharges: true,
      });
      return method.data;
    });
  }

  /** The method a confirm uses: created from the browser's data, or a saved one of this customer. */
  async forConfirm(
    unit: Unit,
    intent: SandboxPaymentIntent,
    source: MethodSource,
    offSession: boolean,
  ): Promise<{ method: SandboxPaymentMethod; behaviour: InstrumentBehaviour }> {
    if (source.kind === 'data') {
      const type = text(source.data, 'type');
      if (!type) throw parameterMissing('payment_method_data[type]');
      checkMethodAllowed(intent, type, 'payment_method_data[type]');
      const billingParams = nested(source.data, 'billing_details');
      const billing: BillingDetailsInput = {
        name: optionalText(billingParams, 'name'),
        email: optionalText(billingParams, 'email'),
        address: address(nested(billingParams, 'address')),
      };
      const card = nested(source.data, 'card');
      const created = await this.create(
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
    const stored = await this.changes.store.find<'payment_method', InstrumentBehaviour>(
      unit.trx,
      'payment_method',
      source.id,
    );
    if (!stored || !stored.state) throw resourceMissing('payment_method', source.id, 'payment_method');
    checkMethodAllowed(intent, stored.data.type, 'payment_method');
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
  async create(unit: Unit, input: MethodInput, paramPrefix: string): Promise<CreatedMethod> {
    const store = this.changes.store;
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
      await store.insert(unit.trx, method, unit.now, behaviour);
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
    await store.insert(unit.trx, mandate, unit.now);
    const behaviour: InstrumentBehaviour = {
      type: 'sepa_debit',
      settlement: FAILING_TEST_IBANS.has(iban) ? 'fails' : 'succeeds',
      mandateId: mandate.id,
    };
    await store.insert(unit.trx, method, unit.now, behaviour);
    return { method, behaviour };
  }
}

/** allowed_payment_method_types (the SDK's API version), or payment_method_types of older versions. */
export function methodTypes(params: FormParams): MethodType[] {
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

function checkMethodAllowed(intent: SandboxPaymentIntent, type: string, param: string): void {
  if (!intent.payment_method_types.includes(type)) {
    throw invalidRequest(
      `The PaymentMethod type ${type} is not in this PaymentIntent's payment_method_types (${intent.payment_method_types.join(', ')}).`,
      { code: 'payment_intent_invalid_parameter', param },
    );
  }
}
