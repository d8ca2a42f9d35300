import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activationResponseSchema,
  apiErrorBodySchema,
  changeApplyBodySchema,
  couponCheckBodySchema,
  couponCheckResponseSchema,
  partnerIdQuerySchema,
  paymentRequestBodySchema,
  paymentRequestResponseSchema,
  pricesBodySchema,
  pricesResponseSchema,
  productListResponseSchema,
  cancelAtResponseSchema,
  cancelResponseSchema,
  downgradeBodySchema,
  paymentMethodResponseSchema,
  paymentUpdateSessionBodySchema,
  paymentUpdateSessionResponseSchema,
  subscriptionChangeResponseSchema,
  updatePaymentResponseSchema,
} from '@pet/contract';
import { requestHeaders, signedInUser } from '../../platform/auth/plugin.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import type { SubscriptionService } from './subscription.service.ts';

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorBodySchema])) as Record<
    number,
    typeof apiErrorBodySchema
  >;

/**
 * The buying path of account-area section 7: plans, prices, coupons, the payment request and
 * activation by code from the subscription page (an order's deletion and status are with the other
 * /v1/order calls, billing/orders.routes.ts). The webhook has a
 * plugin of its own (webhook.routes.ts: it needs the raw body).
 */
export const subscriptionRoutes: FastifyPluginAsyncZod<{
  identity: IdentityService;
  service: SubscriptionService;
}> = async (app, { identity, service }) => {
  app.get(
    '/v1/subscription/product/list',
    {
      config: { access: 'public' },
      schema: {
        tags: ['subscription'],
        summary: "The brand's plans (of the request's host) and the plan of an open order",
        description:
          'Open to signed-out visitors (the checkout page shows prices); order_placed is then null. ' +
          'partner_id is accepted for the mobile apps; the brand always comes from the host name.',
        querystring: partnerIdQuerySchema,
        response: { 200: productListResponseSchema },
      },
    },
    async (request) => service.productList(request.brand, request.user?.id ?? null),
  );

  app.post(
    '/v1/subscription/prices',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: 'Price of a plan for the caller: plan, tracker, coupon discount, proration credit, total',
        description:
          'Euro amounts computed on the server. 400 Proration_Downgrade_Error_Text for a monthly package ' +
          'changed to a lower yearly one, 400 Lower_Plan_Is_Downgrade_Text for another lower package ' +
          'while the current one is paid (a downgrade, at the period end), 400 ' +
          'Proration_Credit_Exceeds_Price_Text when the credit for the current period exceeds the price; ' +
          '480 below the 0.50 EUR minimum; 476 for a coupon refused.',
        body: pricesBodySchema,
        response: { 200: pricesResponseSchema, ...errors(400, 401, 476, 480) },
      },
    },
    async (request) => service.prices(signedInUser(request), request.brand, request.body),
  );

  app.post(
    '/v1/coupon/isvalid',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: 'Check a coupon code (uppercased) for a plan and interval',
        description:
          "476 with one of the spec's server messages when the coupon cannot be used. New or existing " +
          'customer is decided from the account (a paid order before), not from coupon_for. A coupon ' +
          'that leaves less than the 0.50 EUR minimum is valid here; prices and change/request answer 480.',
        body: couponCheckBodySchema,
        response: { 200: couponCheckResponseSchema, ...errors(400, 401, 403, 476) },
      },
    },
    async (request) => service.checkCoupon(signedInUser(request), request.brand, request.body),
  );

  app.post(
    '/v1/subscription/change/request',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: 'Place an order and create its payment intent; answers the client secret',
        description:
          'The amount is computed on the server. 434 when an order is already open, 480 below 0.50 EUR, ' +
          '476 for a coupon refused, 403 Order_Not_From_Payment_Screen_Text where the brand takes no ' +
          'orders here, 503 when no payment provider is configured, 502 when it cannot be reached.',
        body: paymentRequestBodySchema,
        response: { 200: paymentRequestResponseSchema, ...errors(400, 401, 403, 434, 476, 480, 502, 503) },
      },
    },
    async (request) => service.requestPayment(signedInUser(request), request.brand, request.body),
  );

  app.post(
    '/v1/subscription/change/apply',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: 'Activate a product with an activation code from the subscription page',
        description:
          'Statuses as POST /v1/auth/verifycode; 204 (the page shows Coupon_Not_Found) when no code matches. ' +
          'tracker_ids are needed in the tracker brand when the user has no tracker registered yet.',
        body: changeApplyBodySchema,
        response: {
          200: activationResponseSchema,
          204: z.null().describe('No such code'),
          409: apiErrorBodySchema.describe('GPS_Tracker_Already_Exist'),
          // Code checks are rate-limited per client address, as on verifycode.
          ...errors(400, 401, 429, 433, 470, 471, 473, 477, 478),
        },
      },
    },
    async (request, reply) => {
      const result = await identity.verifyCode(
        signedInUser(request),
        { code: request.body.activation_code, tracker_ids: request.body.tracker_ids },
        { brand: request.brand, headers: requestHeaders(request), ip: request.ip },
      );
      if (!result) return reply.code(204).send(null);
      return result;
    },
  );
  // --- Managing the plan: cancel and revoke, downgrade, payment method -----------------------------

  app.get(
    '/v1/subscription/cancelat',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: 'What is pending at period end: cancel (termination), downgrade, active or none (free)',
        response: { 200: cancelAtResponseSchema, ...errors(401) },
      },
    },
    async (request) => service.cancelAt(signedInUser(request).id),
  );

  app.post(
    '/v1/subscription/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: 'Terminate the plan at the end of the paid period (revocable until then)',
        description: '400 Cancel_Free_Plan_Text for the free plan (the message names the support address).',
        response: { 200: cancelResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => service.cancel(signedInUser(request).id, request.brand),
  );

  app.post(
    '/v1/subscription/cancel/revoke',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: 'Revoke a pending termination',
        response: { 200: subscriptionChangeResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => service.revokeCancellation(signedInUser(request).id, request.brand),
  );

  app.post(
    '/v1/subscription/downgrade',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: 'Schedule a downgrade to a lower plan at the end of the paid period',
        description:
          'Only plans the spec allows (price or tracker duration not above the active one, yearly price ' +
          'not 0; the monthly price id only for monthly payers and target sequence above 2). 403 ' +
          'Downgrade_Not_Allowed_Text for gift, promo and code plans.',
        body: downgradeBodySchema,
        response: { 200: subscriptionChangeResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.downgrade(signedInUser(request).id, request.brand, request.body.price_id),
  );

  app.post(
    '/v1/subscription/cancel/downgrade',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: 'Cancel a pending downgrade',
        response: { 200: subscriptionChangeResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => service.cancelDowngrade(signedInUser(request).id, request.brand),
  );

  app.post(
    '/v1/subscription/update_payment',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: 'Start a hosted checkout (setup mode) to change the payment method of renewals',
        description: 'Returns to /my-account/payment-update/successful or /failed of the portal.',
        response: { 200: updatePaymentResponseSchema, ...errors(400, 401, 502, 503) },
      },
    },
    async (request) => service.updatePayment(signedInUser(request).id, request.brand),
  );

  app.post(
    '/v1/subscription/payment_update_session',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: 'The payment-update session call (path not shown in the spec) with the return URLs',
        description:
          'success_url and cancel_url must point at the portal. Answers the session id and its URL.',
        body: paymentUpdateSessionBodySchema,
        response: { 200: paymentUpdateSessionResponseSchema, ...errors(400, 401, 502, 503) },
      },
    },
    async (request) => service.paymentUpdateSession(signedInUser(request).id, request.brand, request.body),
  );

  app.get(
    '/v1/user/payment_method',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: 'The saved payment method renewals are charged to (type, last 4, card brand and expiry)',
        response: { 200: paymentMethodResponseSchema, ...errors(401) },
      },
    },
    async (request) => service.paymentMethod(signedInUser(request).id),
  );
};
