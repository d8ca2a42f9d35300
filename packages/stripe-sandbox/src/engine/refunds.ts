import { invalidRequest, parameterMissing, resourceMissing } from '../errors.ts';
import { newStripeId } from '../ids.ts';
import type { InstrumentBehaviour } from '../instruments.ts';
import { toTimestamp } from '../objects/common.ts';
import { chargeObject, refundObject } from '../objects/payment-intent.ts';
import type { SandboxCharge, SandboxPaymentIntent, SandboxRefund } from '../objects/types.ts';
import { integer, metadata, optionalText, type FormParams } from '../params.ts';
import type { IntentState, RequestInfo, SandboxChanges } from './changes.ts';

/** Refunds of a succeeded intent's charge, and that charge as Stripe shows it (the sandbox keeps no charges). */
export class Refunds {
  constructor(private readonly changes: SandboxChanges) {}

  /**
   * POST /v1/refunds with payment_intent (or the intent's charge) and an optional amount (the rest
   * of the charge by default). Refunds a succeeded intent's charge, at most what is left of it, and
   * emits charge.refunded with the charge and all its refunds.
   */
  async create(params: FormParams, request: RequestInfo): Promise<SandboxRefund> {
    return this.changes.transact(request, async (unit) => {
      const store = this.changes.store;
      // Stripe also takes `charge`; the adapter refunds by payment intent, which is all the sandbox keeps.
      const intentId = optionalText(params, 'payment_intent');
      if (!intentId) throw parameterMissing('payment_intent');
      const found = await store.find<'payment_intent', IntentState>(unit.trx, 'payment_intent', intentId, {
        forUpdate: true,
      });
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
        const refund = await store.find(unit.trx, 'refund', id);
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
        ? ((await store.find(unit.trx, 'payment_method', intent.payment_method))?.data ?? null)
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
      await store.insert(unit.trx, refund, unit.now);
      await store.save(unit.trx, intent, unit.now, {
        ...state,
        refundIds: [...(state.refundIds ?? []), refund.id],
      });
      await this.changes.emit(
        unit,
        'charge.refunded',
        chargeObject({ intent, method, refunds: [refund, ...earlier.reverse()] }),
      );
      return refund;
    });
  }

  async retrieve(id: string): Promise<SandboxRefund> {
    return this.changes.load(this.changes.store.db, 'refund', id);
  }

  /** An intent's latest charge as Stripe answers it when expanded, with the SEPA mandate it used. */
  async latestCharge(intent: SandboxPaymentIntent): Promise<SandboxCharge | null> {
    if (!intent.latest_charge) return null;
    const store = this.changes.store;
    const db = store.db;
    const stored = await store.find<'payment_intent', IntentState>(db, 'payment_intent', intent.id);
    const refunds: SandboxRefund[] = [];
    for (const id of stored?.state?.refundIds ?? []) {
      const refund = await store.find(db, 'refund', id);
      if (refund) refunds.unshift(refund.data);
    }
    // A failed debit no longer names its method on the intent; the error does.
    const methodId = intent.payment_method ?? intent.last_payment_error?.payment_method?.id ?? null;
    const method = methodId
      ? await store.find<'payment_method', InstrumentBehaviour>(db, 'payment_method', methodId)
      : null;
    return chargeObject({
      intent,
      method: method?.data ?? null,
      refunds,
      mandate: method?.state?.mandateId ?? null,
    });
  }
}
