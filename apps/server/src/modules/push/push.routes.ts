import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  CARE_PATHS,
  idQuerySchema,
  messageResponseSchema,
  pushDeviceBodySchema,
  pushDeviceListSchema,
  pushDeviceSchema,
  pushKeySchema,
  pushTestResultSchema,
} from '@pet/contract';
import { moduleRoutes } from '../../http/route-helpers.ts';
import { signedInUser } from '../../platform/auth/plugin.ts';
import type { PushService } from './push.service.ts';

const errors = {
  400: apiErrorBodySchema.describe(
    'A subscription without a usable endpoint or keys (Care_Push_Subscription_Error)',
  ),
  401: apiErrorBodySchema.describe('Not signed in'),
  404: apiErrorBodySchema.describe('No such device of the signed-in user (anyone else’s alike)'),
  503: apiErrorBodySchema.describe('Web push is not set up on this server (Care_Push_Unavailable_Text)'),
};
const route = moduleRoutes('push', errors, 'user');

/** Web push devices (issue 36): the VAPID key, this browser's subscription, the list, a test push. */
export const pushRoutes: FastifyPluginAsyncZod<{ service: PushService }> = async (app, { service }) => {
  app.get(
    CARE_PATHS.pushKey,
    route(
      {
        summary:
          "The server's VAPID public key (RFC 8292), base64url: PushManager.subscribe's applicationServerKey",
      },
      { 200: pushKeySchema },
    ),
    async () => service.publicKey(),
  );

  app.post(
    CARE_PATHS.pushDevice,
    route(
      {
        summary:
          "Register this browser's push subscription (PushSubscription.toJSON()) for the signed-in user",
        description:
          'Upsert by endpoint: a known endpoint gets the new keys and label and moves to the caller. The ' +
          'endpoint must be https, p256dh a 65-byte P-256 point and auth 16 bytes (base64url), else 400 ' +
          'Care_Push_Subscription_Error.',
        body: pushDeviceBodySchema,
      },
      { 200: pushDeviceSchema },
    ),
    async (request) => service.register(signedInUser(request).id, request.body),
  );

  app.get(
    CARE_PATHS.pushDevices,
    route({ summary: "The signed-in user's push devices, newest first" }, { 200: pushDeviceListSchema }),
    async (request) => service.list(signedInUser(request).id),
  );

  app.delete(
    CARE_PATHS.pushDevice,
    route(
      { summary: 'Remove one of the signed-in user’s push devices', querystring: idQuerySchema },
      { 200: messageResponseSchema },
    ),
    async (request) => {
      await service.remove(signedInUser(request).id, request.query.id);
      return { message: 'Push device removed' };
    },
  );

  app.post(
    CARE_PATHS.pushTest,
    route(
      {
        summary: "Send a test notification to every one of the caller's devices",
        description:
          'Answers how many devices took it and how many were removed because their push service said ' +
          'they are gone (404/410). Other failures count as neither (logged).',
      },
      { 200: pushTestResultSchema },
    ),
    async (request) => service.sendTest(signedInUser(request).id),
  );
};
