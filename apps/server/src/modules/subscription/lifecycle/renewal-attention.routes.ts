import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  renewalPayBodySchema,
  renewalPayResponseSchema,
  renewalPaymentQuerySchema,
  renewalPaymentResponseSchema,
} from '@pet/contract';
import { signedInUser } from '../../../platform/auth/plugin.ts';
import { RENEWAL_LINK_PATH, RENEWAL_PAYMENT_PAGE, type RenewalAttention } from './renewal-attention.ts';

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorBodySchema])) as Record<
    number,
    typeof apiErrorBodySchema
  >;

/**
 * A renewal the bank wants confirmed (issue 33 item 20): the mail's signed link signs the owner in
 * (a one-time token minted when the link is opened, the custom-token sign-in of /signin) and
 * lands on the web's renewal payment page, which reads and pays the renewal through /v1.
 */
export const renewalAttentionRoutes: FastifyPluginAsyncZod<{
  attention: RenewalAttention;
  linkSecret: string;
}> = async (app, { attention, linkSecret }) => {
  app.get(
    `${RENEWAL_LINK_PATH}/:token`,
    {
      schema: {
        hide: true,
        params: z.object({ token: z.string().max(90) }),
      },
    },
    async (request, reply) => {
      const resolved = await attention.resolveLink(linkSecret, request.params.token);
      // The link signs in only while its renewal can still be paid: once paid or closed it is spent.
      const link =
        resolved && (await attention.payment(resolved.userId, resolved.orderId)).status === 'open'
          ? resolved
          : null;
      const page = link ? `${RENEWAL_PAYMENT_PAGE}?order_id=${link.orderId}` : '/my-account/subscription';
      // An expired, altered or spent link signs nobody in: the usual sign-in, then the plans page.
      if (!link) return reply.redirect(`/signin?continueUrl=${encodeURIComponent(page)}`, 303);
      const { token } = await app.identity.mintSignInToken(link.userId);
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(`/signin?continueUrl=${encodeURIComponent(page)}&token=${encodeURIComponent(token)}`, 303);
    },
  );

  app.get(
    '/v1/subscription/renewal/payment',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: 'A failed renewal of the caller: whether it can still be paid on session',
        description: 'Reconciles the order with the provider first (back from the 3-D Secure page).',
        querystring: renewalPaymentQuerySchema,
        response: { 200: renewalPaymentResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => attention.payment(signedInUser(request).id, request.query.order_id),
  );

  app.post(
    '/v1/subscription/renewal/payment',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: 'Pay a failed renewal on session with the saved method (3-D Secure when the bank asks)',
        description:
          'Answers paid, failed (with the reason) or redirect (the bank page, which returns to ' +
          '/my-account/renewal-payment). 409 Renewal_Not_Open_Text once the grace period is over or it was paid.',
        body: renewalPayBodySchema,
        response: { 200: renewalPayResponseSchema, ...errors(400, 401, 404, 409, 503) },
      },
    },
    async (request) => attention.pay(signedInUser(request).id, request.brand, request.body),
  );
};
