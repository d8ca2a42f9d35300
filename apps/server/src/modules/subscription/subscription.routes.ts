import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activationResponseSchema,
  apiErrorBodySchema,
  changeApplyBodySchema,
  couponCheckBodySchema,
  couponCheckResponseSchema,
  orderIdQuerySchema,
  orderStatusResponseSchema,
  partnerIdQuerySchema,
  paymentRequestBodySchema,
  paymentRequestResponseSchema,
  pricesBodySchema,
  pricesResponseSchema,
  productListResponseSchema,
} from '@pet/contract';
import { requestHeaders, requireUser, signedInUser } from '../../platform/identity/plugin.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import type { SubscriptionService } from './subscription.service.ts';

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorBodySchema])) as Record<number, typeof apiErrorBodySchema>;

/**
 * The buying path of account-area section 7: plans, prices, coupons, the payment request, order
 * deletion and status, and activation by code from the subscription page. The webhook has a
 * plugin of its own (webhook.routes.ts: it needs the raw body).
 */
export const subscriptionRoutes: FastifyPluginAsyncZod<{
  identity: IdentityService;
  service: SubscriptionService;
}> = async (app, { identity, service }) => {
  app.get(
    '/v1/subscription/product/list',
    {
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
      preValidation: requireUser,
      schema: {
        tags: ['subscription'],
        summary: 'Price of a plan for the caller: plan, tracker, coupon discount, proration credit, total',
        description:
          'Euro amounts computed on the server. 400 Proration_Downgrade_Error_Text when the credit for ' +
          'the current period exceeds the price; 480 below the 0.50 EUR minimum; 476 for a coupon refused.',
        body: pricesBodySchema,
        response: { 200: pricesResponseSchema, ...errors(400, 401, 476, 480) },
      },
    },
    async (request) => service.prices(signedInUser(request), request.brand, request.body),
  );

  app.post(
    '/v1/coupon/isvalid',
    {
      preValidation: requireUser,
      schema: {
        tags: ['subscription'],
        summary: 'Check a coupon code (uppercased) for a plan and interval',
        description: "476 with one of the spec's server messages when the coupon cannot be used.",
        body: couponCheckBodySchema,
        response: { 200: couponCheckResponseSchema, ...errors(400, 401, 403, 476) },
      },
    },
    async (request) => service.checkCoupon(signedInUser(request), request.brand, request.body),
  );

  app.post(
    '/v1/subscription/change/request',
    {
      preValidation: requireUser,
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

  app.delete(
    '/v1/order/delete',
    {
      preValidation: requireUser,
      schema: {
        tags: ['subscription'],
        summary: "Delete the caller's unpaid order (after a card failure) and cancel its payment intent",
        description: "404 for another user's order or a paid one; 434 while a debit is being processed.",
        querystring: orderIdQuerySchema,
        response: { 200: z.object({ message: z.string() }), ...errors(400, 401, 404, 434) },
      },
    },
    async (request) => {
      await service.deleteOrder(signedInUser(request).id, request.query.id);
      return { message: 'Order deleted' };
    },
  );

  app.get(
    '/v1/order/status',
    {
      preValidation: requireUser,
      schema: {
        tags: ['subscription'],
        summary: 'State of one of the caller’s orders (placed, processing, paid, failed)',
        description:
          'The success page follows its order with this call; asking reconciles the order with the ' +
          "payment provider's state, so a lost webhook does not leave it pending. 404 for others' orders.",
        querystring: orderIdQuerySchema,
        response: { 200: orderStatusResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => service.orderStatus(signedInUser(request).id, request.query.id),
  );

  app.post(
    '/v1/subscription/change/apply',
    {
      preValidation: requireUser,
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
          ...errors(400, 401, 433, 470, 471, 473, 477, 478),
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
};
