import { invalidRequest } from '../errors.ts';
import type { SandboxObject, SandboxPaymentIntent } from '../objects/types.ts';
import type { SandboxObjectKind } from '../store/tables.ts';
import { SandboxChanges, type SandboxEngineOptions } from './changes.ts';
import { Checkout } from './checkout.ts';
import { Customers } from './customers.ts';
import { PaymentIntents } from './payment-intents.ts';
import { PaymentMethods } from './payment-methods.ts';
import { Refunds } from './refunds.ts';

export type { RequestInfo } from './changes.ts';

/**
 * The sandbox's Stripe, one part per resource: customers, payment intents (browser and off-session
 * confirmation, 3-D Secure, SEPA settlement), payment methods and mandates, setup checkout sessions,
 * refunds; and the events of every state change. Answers Stripe-shaped objects or throws
 * SandboxApiError with Stripe's error body. Every change runs in one transaction together with its
 * events and their delivery jobs (changes.ts).
 */
export class SandboxEngine {
  readonly customers: Customers;
  readonly paymentMethods: PaymentMethods;
  readonly paymentIntents: PaymentIntents;
  readonly checkout: Checkout;
  readonly refunds: Refunds;
  private readonly changes: SandboxChanges;

  constructor(options: SandboxEngineOptions) {
    this.changes = new SandboxChanges(options);
    this.customers = new Customers(this.changes);
    this.paymentMethods = new PaymentMethods(this.changes);
    this.paymentIntents = new PaymentIntents(this.changes, this.paymentMethods);
    this.checkout = new Checkout(this.changes, this.paymentMethods);
    this.refunds = new Refunds(this.changes);
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
        expanded[path] = await this.refunds.latestCharge(object as SandboxPaymentIntent);
        continue;
      }
      const kind = expandable[path];
      if (!kind || !(path in object)) {
        throw invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });
      }
      const id = expanded[path];
      if (typeof id !== 'string') continue;
      const store = this.changes.store;
      expanded[path] = (await store.find(store.db, kind, id))?.data ?? id;
    }
    return expanded as T;
  }
}
