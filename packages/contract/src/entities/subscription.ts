import { z } from 'zod';
import {
  PLAN_DURATIONS_MONTHS,
  PLAN_SEQUENCE_MAX,
  PLAN_SEQUENCE_MIN,
  UNLIMITED_DOCUMENTS,
} from '../constants.ts';
import {
  EMAIL_FORMAT_ERROR_KEY,
  EMAIL_MAX_LENGTH,
  idSchema,
  requiredText,
  SHORT_TEXT_MAX_LENGTH,
  TEXT_LENGTH_KEYS,
  timestampSchema,
} from './common.ts';

/** Plans, prices, coupons, payment, orders, cancellation and downgrade (account-area 3 and 7). */

/** A plan's document cap, or UNLIMITED_DOCUMENTS (-1) for none; 100 or more is shown as unlimited. */
export const documentsLimitSchema = z.union([z.literal(UNLIMITED_DOCUMENTS), z.number().int().min(0)]).meta({
  description:
    'Documents the plan holds over all pets; -1 = unlimited. A cap of 100 or more is shown as unlimited but enforced.',
});

export const planDurationSchema = z.literal(PLAN_DURATIONS_MONTHS);

/** A plan as the portal shows it. Price ids are null for plans that cannot be bought (free). */
export const productSchema = z.object({
  id: idSchema,
  name: z.string(),
  sequence: z.number().int().min(PLAN_SEQUENCE_MIN).max(PLAN_SEQUENCE_MAX),
  monthly_price: z.number().min(0),
  yearly_price: z.number().min(0),
  monthly_price_id: z.string().nullable(),
  yearly_price_id: z.string().nullable(),
  is_default: z.boolean(),
  pets_limit: z.number().int().min(0),
  documents_limit: documentsLimitSchema,
  gps_tracking: z.boolean(),
  medical: z.boolean(),
  appointments: z.boolean(),
  /** Months; only the GPS tracker brand sells by duration. */
  duration: planDurationSchema.nullable(),
  stripe_id: z.string().nullable(),
  /** Operator note; 'Promo' marks the dog brand's promo plan. */
  internal_note: z.string().nullable(),
});
export type Product = z.infer<typeof productSchema>;

/** GET /v1/subscription/product/list?partner_id=. */
export const partnerIdQuerySchema = z.object({ partner_id: z.string().optional() });
export const productListResponseSchema = z.object({
  data: z.array(productSchema),
  /** Id of the plan of an order placed but not yet paid, else null. */
  order_placed: idSchema.nullable(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** Billing interval, lowercase as the calls send it. */
export const PAY_TYPES = ['monthly', 'yearly'] as const;
export const payTypeSchema = z.enum(PAY_TYPES);
export type PayType = z.infer<typeof payTypeSchema>;

/** POST /v1/subscription/prices. */
export const pricesBodySchema = z.object({
  pay_type: payTypeSchema,
  product_id: idSchema,
  coupon_id: idSchema.optional(),
});
export type PricesBody = z.infer<typeof pricesBodySchema>;

/** Euro amounts; a negative proration is a credit for the rest of the current plan. */
export const pricesResponseSchema = z.object({
  total_price_discounted: z.number(),
  other_price: z.number(),
  tracker_price: z.number(),
  discount: z.number(),
  proration: z.number(),
  order_placed: idSchema.nullable(),
});
export type PricesResponse = z.infer<typeof pricesResponseSchema>;

/** POST /v1/coupon/isvalid. The code is uppercased before checking (account-area section 5). */
export const couponCheckBodySchema = z.object({
  code_name: z.string('Invalid_Code').trim().toUpperCase().min(1, 'Invalid_Code'),
  email: z.string().trim().pipe(z.email(EMAIL_FORMAT_ERROR_KEY)),
  /** The billing interval the coupon would apply to. */
  duration: payTypeSchema,
  product_id: idSchema,
  /**
   * What the caller says the customer is (the web always sends existing_customer). Accepted as the
   * spec sends it; the server decides new or existing from the account (a paid order before).
   */
  coupon_for: z.enum(['existing_customer', 'new_customer']),
});
export type CouponCheckBody = z.infer<typeof couponCheckBodySchema>;

export const couponCheckResponseSchema = z.object({
  codes: z.array(
    z.object({
      isvalid: z.boolean(),
      coupon_id: z.string().nullable(),
      /** One of COUPON_MESSAGES when invalid; map it with couponMessageKey. */
      message: z.string(),
    }),
  ),
});
export type CouponCheckResponse = z.infer<typeof couponCheckResponseSchema>;

/** The delivery form's texts: not required, bounded like every text. */
const deliveryText = z.string().trim().max(SHORT_TEXT_MAX_LENGTH, TEXT_LENGTH_KEYS.short);

/** POST /v1/subscription/change/request: delivery form e-mail is only format-checked. */
export const paymentRequestBodySchema = z.object({
  price_id: idSchema,
  product_id: idSchema,
  pay_type: payTypeSchema,
  name: deliveryText,
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, EMAIL_FORMAT_ERROR_KEY)
    .pipe(z.email(EMAIL_FORMAT_ERROR_KEY)),
  city: deliveryText,
  country: deliveryText,
  phone: deliveryText,
  street: deliveryText,
  zipcode: deliveryText,
  address: deliveryText,
  coupon_id: idSchema.optional(),
  /**
   * Added (not in the spec's table): the buyer asks that the plan start before the 14-day
   * withdrawal period ends; a withdrawal then refunds only the unused share (§ 357a BGB).
   */
  start_consent: z.boolean().optional(),
});
export type PaymentRequestBody = z.infer<typeof paymentRequestBodySchema>;

/** The card provider's client secret and the created order (deleted again on a card failure). */
export const paymentRequestResponseSchema = z.object({ secret: z.string().min(1), order_id: idSchema });
export type PaymentRequestResponse = z.infer<typeof paymentRequestResponseSchema>;

/**
 * A bill row of GET /v1/order/myorders (a plain array, newest first; 204 when there is none). The
 * list holds the caller's paid orders, each with its invoice; the spec's field names, plus the bill
 * period and a refund's credit note.
 */
export const orderSchema = z.object({
  id: idSchema,
  order_number: z.string(),
  /** Bill date as displayed, dd.MM.yyyy (the invoice date: when the order was paid). */
  order_date: z.string(),
  product_name: z.string(),
  /** Paid amount formatted like formatEuro: '19,99 €'. */
  paid_amount_eur_formatted: z.string(),
  /** When the order was placed. */
  date: timestampSchema,
  /** Billing interval of the order. */
  type: payTypeSchema.nullable(),
  /**
   * Not in the spec's table (an addition): the months the order pays for (1, 12, or 24 for the
   * tracker brand's BASIS 24, whose `type` is yearly but which renews every 2 years).
   */
  period_months: z.number().int().optional(),
  payment_type: z.enum(['card', 'sepa_debit']).nullable(),
  invoice_number: z.string().nullable(),
  /** The invoice PDF: GET /v1/order/orderpdfweb?id= (a path on the API's origin). */
  invoice_url: z.string().nullable(),
  activation_code: z.string().nullable(),
  /** A purchase, or a renewal the server charged at the end of a period. */
  kind: z.enum(['purchase', 'renewal']),
  /** The bill period (the service period the order pays for), dd.MM.yyyy. */
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  /** Set when the operator refunded the order: the credit note's number and PDF. */
  credit_note_number: z.string().nullable(),
  credit_note_url: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListResponseSchema = z.array(orderSchema);

/** GET /v1/order/orderpdfweb?id=: the order's invoice; document=credit_note: its credit note. */
export const orderPdfQuerySchema = z.object({
  id: idSchema,
  document: z.enum(['invoice', 'credit_note']).default('invoice'),
});
export type OrderPdfQuery = z.infer<typeof orderPdfQuerySchema>;

/**
 * GET /v1/subscription/cancelat: what is pending at period end. 'cancel' is a termination pending
 * (the cancel page opens in cancel_Termination); the other values leave the choice page.
 */
export const CANCEL_AT_STATUSES = ['cancel', 'downgrade', 'active', 'none'] as const;
export const cancelAtResponseSchema = z.object({ status: z.enum(CANCEL_AT_STATUSES) });
export type CancelAtResponse = z.infer<typeof cancelAtResponseSchema>;

/** POST /v1/subscription/cancel: end_date in epoch seconds. */
export const cancelResponseSchema = z.object({ current_phase: z.object({ end_date: z.number().int() }) });
export type CancelResponse = z.infer<typeof cancelResponseSchema>;

/** POST /v1/subscription/downgrade. */
export const downgradeBodySchema = z.object({ price_id: idSchema });
export type DowngradeBody = z.infer<typeof downgradeBodySchema>;

/** POST /v1/subscription/change/apply: tracker_ids only when no trackers are registered yet. */
export const changeApplyBodySchema = z.object({
  activation_code: requiredText('Activation_Code_Text_Required'),
  tracker_ids: z.array(z.string().trim().min(1)).optional(),
});
export type ChangeApplyBody = z.infer<typeof changeApplyBodySchema>;

/** Answer of the activation calls (verifycode, change/apply): the attached product when any. */
export const activationResponseSchema = z.object({
  message: z.string(),
  product: productSchema.nullish(),
});
export type ActivationResponse = z.infer<typeof activationResponseSchema>;

/** The payment-update session call (path not shown): where the hosted checkout returns to. */
export const paymentUpdateSessionBodySchema = z.object({ success_url: z.url(), cancel_url: z.url() });
export type PaymentUpdateSessionBody = z.infer<typeof paymentUpdateSessionBodySchema>;

/** The hosted checkout session: its id and the URL to send the browser to. */
export const paymentUpdateSessionResponseSchema = z.object({ session_id: z.string().min(1), url: z.url() });
export type PaymentUpdateSessionResponse = z.infer<typeof paymentUpdateSessionResponseSchema>;

/** POST /v1/subscription/update_payment (no payload) creates the same kind of session. */
export const updatePaymentResponseSchema = paymentUpdateSessionResponseSchema;

/** GET /v1/user/payment_method (answer use not shown): the default payment method, if any. */
export const paymentMethodResponseSchema = z.object({
  type: z.enum(['card', 'sepa_debit']).nullable(),
  /** Last four digits of the card or IBAN. */
  last4: z.string().nullable(),
  /** Card brand (visa, ...), null for SEPA. */
  brand: z.string().nullable(),
  /** Card expiry; null for SEPA. */
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
});
export type PaymentMethodResponse = z.infer<typeof paymentMethodResponseSchema>;

/** Order states (DESIGN.md section 7): placed, processing (SEPA debit under way), paid or failed. */
export const ORDER_STATUSES = ['placed', 'processing', 'paid', 'failed'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/**
 * GET /v1/order/status?id= (our path; the spec shows no call for it): the success page follows
 * its order until the payment is confirmed. Asking also reconciles the order with the payment
 * provider, so a lost webhook does not leave the order pending.
 */
export const orderIdQuerySchema = z.object({ id: idSchema });
export const orderStatusResponseSchema = z.object({
  id: idSchema,
  status: orderStatusSchema,
  product_id: idSchema,
  product_name: z.string(),
  payment_type: z.enum(['card', 'sepa_debit']).nullable(),
  /**
   * Added (issue 33 items 13, 14): a SEPA debit under way, as its pre-notification announced it:
   * the day it is collected (epoch ms), the amount (cents), the mandate reference and the brand's
   * creditor identifier. Absent for cards and before the debit is under way.
   */
  sepa_debit: z
    .object({
      collection_date: z.number().int(),
      amount_cents: z.number().int(),
      mandate_reference: z.string(),
      creditor_id: z.string(),
    })
    .optional(),
  /** Added (issue 33): why a failed order failed, a key of DECLINE_TEXTS; null otherwise. */
  failure_reason: z.string().nullable().optional(),
});
export type OrderStatusResponse = z.infer<typeof orderStatusResponseSchema>;

/** Keys of the buying path beyond the status table. */
export const SUBSCRIPTION_KEYS = {
  /** tier-fritz (canOrderFromPaymentScreen false): no order from the payment screen (403). */
  orderNotFromPaymentScreen: 'Order_Not_From_Payment_Screen_Text',
  /**
   * The spec's proration rule (account-area section 8): a monthly package cannot be changed at once
   * to a lower yearly package.
   */
  monthlyToLowerYearly: 'Proration_Downgrade_Error_Text',
  /** Any other lower package while the current one is paid: a downgrade, at the period's end. */
  lowerPlanIsDowngrade: 'Lower_Plan_Is_Downgrade_Text',
  /** The credit for the current plan exceeds the new price (negative proration). */
  negativeProration: 'Proration_Credit_Exceeds_Price_Text',
  /** No payment provider configured (production without Stripe keys): 503. */
  paymentsUnavailable: 'Payments_Unavailable_Text',
  /** Free (default) plans cannot be cancelled; the message names the support address. */
  cancelFreePlan: 'Cancel_Free_Plan_Text',
  /** Nothing to revoke or cancel: no termination or downgrade is pending. */
  nothingPending: 'Nothing_Pending_Text',
  /** Gift, promo and free users cannot downgrade (the web shows the popup). */
  downgradeNotAllowed: 'Downgrade_Not_Allowed_Text',
  /** The target is not one of the plans the spec allows as a downgrade. */
  downgradeTargetInvalid: 'Downgrade_Target_Invalid_Text',
  /** No saved payment method yet (nothing bought). */
  noPaymentMethod: 'No_Payment_Method_Text',
  /** The chosen plan is the current one. */
  alreadyCurrentPlan: 'Already_Current_Plan_Text',
  /** The price id does not belong to the plan or the plan not to the brand. */
  invalidPrice: 'Invalid_Price_Text',
} as const;

/** POST /v1/subscription/cancel/revoke, /cancel/downgrade, /downgrade: what happened. */
export const subscriptionChangeResponseSchema = z.object({
  message: z.string(),
  /** When the pending change takes effect (epoch seconds); null when nothing is pending now. */
  effective_date: z.number().int().nullable(),
  /** An addition: the day the change takes effect (dd.MM.yyyy, seller's calendar), as the mail says. */
  effective_on: z.string().nullable().optional(),
});
export type SubscriptionChangeResponse = z.infer<typeof subscriptionChangeResponseSchema>;
