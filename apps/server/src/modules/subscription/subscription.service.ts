import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SubscriptionServiceDeps } from './subscription-deps.ts';
import { SubscriptionMailSender } from './subscription-mail-sender.ts';
import { CheckoutService } from './checkout/checkout.ts';
import { PaymentEventsService } from './payment-events/payment-events.ts';
import { PlanPeriods } from './lifecycle/plan-periods.ts';
import { Renewals } from './lifecycle/renewals.ts';
import { PlanChanges } from './lifecycle/plan-changes.ts';
import { PaymentMethods } from './lifecycle/payment-method.ts';

export type { Buyer, SubscriptionServiceDeps } from './subscription-deps.ts';

/**
 * The subscription state machine (DESIGN.md section 7): plans, prices, coupons, orders and their
 * payment. The provider only moves money; what a payment means is decided from the provider's
 * current state of a payment intent (never from the order of webhook events).
 *
 * The module's one service: routes, jobs and other modules call it; the work is done by its
 * sub-areas (checkout/, payment-events/, lifecycle/), built here in dependency order.
 */
export class SubscriptionService {
  private readonly checkout: CheckoutService;
  private readonly events: PaymentEventsService;
  private readonly periods: PlanPeriods;
  private readonly renewals: Renewals;
  private readonly changes: PlanChanges;
  private readonly paymentMethods: PaymentMethods;
  private readonly mails: SubscriptionMailSender;

  constructor(deps: SubscriptionServiceDeps) {
    this.mails = new SubscriptionMailSender(deps);
    this.periods = new PlanPeriods(deps, this.mails);
    this.paymentMethods = new PaymentMethods(deps);
    this.events = new PaymentEventsService(deps, this.periods, this.paymentMethods);
    this.renewals = new Renewals(deps, this.periods, this.events);
    this.checkout = new CheckoutService(deps, this.events);
    this.changes = new PlanChanges(deps);
  }

  // Checkout: plans and prices, coupons, the payment request, the buyer's orders.
  productList: CheckoutService['productList'] = (...args) => this.checkout.productList(...args);
  prices: CheckoutService['prices'] = (...args) => this.checkout.prices(...args);
  checkCoupon: CheckoutService['checkCoupon'] = (...args) => this.checkout.checkCoupon(...args);
  requestPayment: CheckoutService['requestPayment'] = (...args) => this.checkout.requestPayment(...args);
  deleteOrder: CheckoutService['deleteOrder'] = (...args) => this.checkout.deleteOrder(...args);
  orderStatus: CheckoutService['orderStatus'] = (...args) => this.checkout.orderStatus(...args);

  // Payment events: the webhook, its reconciliation, and a payment intent read again.
  handleEvent: PaymentEventsService['handleEvent'] = (...args) => this.events.handleEvent(...args);
  applyPaymentIntent: PaymentEventsService['applyPaymentIntent'] = (...args) =>
    this.events.applyPaymentIntent(...args);

  // Lifecycle jobs: renewals, the plan's end, the documents after the reactivation window, mails.
  periodEnded: Renewals['periodEnded'] = (...args) => this.renewals.periodEnded(...args);
  announceRenewal: Renewals['announceRenewal'] = (...args) => this.renewals.announceRenewal(...args);
  retryRenewal: Renewals['retryRenewal'] = (...args) => this.renewals.retryRenewal(...args);
  warnDocumentsDeletion: PlanPeriods['warnDocumentsDeletion'] = (...args) =>
    this.periods.warnDocumentsDeletion(...args);
  cleanUpDocuments: PlanPeriods['cleanUpDocuments'] = (...args) => this.periods.cleanUpDocuments(...args);
  sendMail: SubscriptionMailSender['sendMail'] = (...args) => this.mails.sendMail(...args);

  /** The one way a paid plan ends at once (a full refund, a withdrawal), in the caller's transaction. */
  endPlanNowIn(
    trx: Transaction<Database>,
    userId: string,
    orderPeriodEnd: string | null,
    mail: 'plan-ended-refunded' | 'plan-withdrawn',
  ): Promise<boolean> {
    return this.periods.endPlanNowIn(trx, userId, orderPeriodEnd, mail);
  }

  // Plan changes: cancel and revoke, downgrade and its cancellation.
  cancel: PlanChanges['cancel'] = (...args) => this.changes.cancel(...args);
  cancelAt: PlanChanges['cancelAt'] = (...args) => this.changes.cancelAt(...args);
  revokeCancellation: PlanChanges['revokeCancellation'] = (...args) =>
    this.changes.revokeCancellation(...args);
  downgrade: PlanChanges['downgrade'] = (...args) => this.changes.downgrade(...args);
  cancelDowngrade: PlanChanges['cancelDowngrade'] = (...args) => this.changes.cancelDowngrade(...args);
  downgrading: PlanChanges['downgrading'] = (...args) => this.changes.downgrading(...args);

  // The renewal's payment method.
  paymentUpdateSession: PaymentMethods['paymentUpdateSession'] = (...args) =>
    this.paymentMethods.paymentUpdateSession(...args);
  updatePayment: PaymentMethods['updatePayment'] = (...args) => this.paymentMethods.updatePayment(...args);
  paymentMethod: PaymentMethods['paymentMethod'] = (...args) => this.paymentMethods.paymentMethod(...args);
}
