import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APP_ID_HEADER,
  apiErrorBodySchema,
  orderIdQuerySchema,
  orderListResponseSchema,
  orderPdfQuerySchema,
  orderStatusResponseSchema,
} from '@pet/contract';
import { signedInUser } from '../../../platform/auth/plugin.ts';
import type { InvoicesService } from './invoices.service.ts';
import type { SubscriptionService } from '../subscription.service.ts';
import { binaryAnswer } from '../../../http/binary-answer.ts';
import { INVOICE_DOWNLOAD_PATH, INVOICE_LINK_DAYS } from './invoice-links.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bills, invoice PDFs and credit notes (the operator's refund command uses it too). */
    invoices: InvoicesService;
  }
}

/** An order's own calls, answered by the checkout (subscription.service.ts). */
type OrderCalls = Pick<SubscriptionService, 'deleteOrder' | 'orderStatus'>;

/**
 * The /v1/order calls of account-area section 7 together: the Bills calls (GET /v1/order/myorders,
 * GET /v1/order/orderpdfweb, the mailed invoice link) and an order's deletion and status.
 * registerSubscription registers them with the services built in app/services.ts.
 */
export async function registerOrders(
  app: FastifyInstance,
  service: InvoicesService,
  orders: OrderCalls,
): Promise<void> {
  app.decorate('invoices', service);
  await app.register(ordersRoutes, { service, orders });
}

/** Headers of an answered invoice PDF: private, never cached, never sniffed, no referrer. */
const PDF_HEADERS = {
  'content-type': 'application/pdf',
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorBodySchema])) as Record<
    number,
    typeof apiErrorBodySchema
  >;

export const ordersRoutes: FastifyPluginAsyncZod<{ service: InvoicesService; orders: OrderCalls }> = async (
  app,
  { service, orders },
) => {
  app.delete(
    '/v1/order/delete',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: "Delete the caller's unpaid order (after a card failure) and cancel its payment intent",
        description: "404 for another user's order or a paid one; 434 while a debit is being processed.",
        querystring: orderIdQuerySchema,
        response: { 200: z.object({ message: z.string() }), ...errors(400, 401, 404, 434) },
      },
    },
    async (request) => {
      await orders.deleteOrder(signedInUser(request).id, request.query.id);
      return { message: 'Order deleted' };
    },
  );

  app.get(
    '/v1/order/status',
    {
      config: { access: 'user' },
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
    async (request) => orders.orderStatus(signedInUser(request).id, request.query.id),
  );

  app.get(
    '/v1/order/myorders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: "The caller's bills: paid orders with their invoices, newest first",
        description:
          'Only the signed-in user’s own orders. 204 (the page shows No_Orders_Text) when there is none. ' +
          'invoice_url is the invoice PDF (GET /v1/order/orderpdfweb?id=); credit_note_url is set when the ' +
          'order was refunded.',
        response: { 200: orderListResponseSchema, 204: z.null().describe('No orders'), ...errors(401) },
      },
    },
    async (request, reply) => {
      const orders = await service.myOrders(signedInUser(request).id);
      if (!orders) return reply.code(204).send(null);
      return orders;
    },
  );

  app.get(
    '/v1/order/orderpdfweb',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary:
          'The invoice PDF of one of the caller’s paid orders (or, with document=credit_note, its credit note)',
        description:
          'application/pdf, inline, named after the invoice number (PP-2026-000001.pdf), in the ' +
          "user's stored language (German or English). The web and the mobile apps send the app id header " +
          `(${APP_ID_HEADER}) on this call. 404 for another user's order, an unpaid one, or a credit note ` +
          'of an order that was not refunded. Rendered off the event loop with a time limit: past it, 503 ' +
          'Failure_Call_Text.',
        querystring: orderPdfQuerySchema,
        headers: z.object({ [APP_ID_HEADER]: z.string().optional() }).passthrough(),
        response: {
          200: binaryAnswer('The invoice or credit note', 'application/pdf'),
          ...errors(400, 401, 404),
          503: apiErrorBodySchema.describe(
            'Failure_Call_Text: rendering took longer than its time limit, or too many PDFs are being rendered',
          ),
        },
      },
    },
    async (request, reply) => {
      const pdf = await service.orderPdf(signedInUser(request).id, request.query.id, request.query.document);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${pdf.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .send(pdf.pdf);
    },
  );

  app.get(
    INVOICE_DOWNLOAD_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['subscription'],
        summary: 'An invoice or invoice correction by the signed link in its mail (no sign-in)',
        description:
          'The link a payment, renewal or refund mail carries, so every buyer can obtain the invoice even ' +
          'in brands without a Bills page. The token (HMAC-signed: order, document, expiry) is the ' +
          `credential; it works for ${INVOICE_LINK_DAYS} days. application/pdf as an attachment named after ` +
          'the document number, in the buyer’s language. 404 for a token that is not valid, 410 ' +
          'Link_Expired_Text once it expired.',
        querystring: z.object({ token: z.string().min(1).max(1000) }),
        response: {
          200: z.any().describe('application/pdf'),
          ...errors(400, 404, 410),
          503: apiErrorBodySchema.describe('Failure_Call_Text: rendering took longer than its time limit'),
        },
      },
    },
    async (request, reply) => {
      const pdf = await service.pdfByLink(request.query.token);
      return reply
        .headers(PDF_HEADERS)
        .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
        .send(pdf.pdf);
    },
  );
};
