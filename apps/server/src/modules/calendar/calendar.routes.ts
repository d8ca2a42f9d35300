import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  appointmentIcsQuerySchema,
  calendarFeedCreatedSchema,
  calendarFeedStatusSchema,
  calendarFeedTokenSchema,
  messageResponseSchema,
} from '@pet/contract';
import { notFound } from '../../platform/errors.ts';
import { signedInUser } from '../../platform/auth/plugin.ts';
import type { CalendarService } from './calendar.service.ts';
import { binaryAnswer } from '../../http/binary-answer.ts';

const PAID_ONLY = apiErrorBodySchema.describe('Paid_Extras_Not_Allowed_Text: the free plan has no calendar');

function sendCalendar(reply: FastifyReply, ics: string, disposition: string) {
  return reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(ics);
}

/** The calendar calls (beyond the spec, issue 17); see calendar.service.ts. */
export const calendarRoutes: FastifyPluginAsyncZod<{ service: CalendarService }> = async (
  app,
  { service },
) => {
  app.get(
    '/v1/calendar/feed',
    {
      config: { access: 'user' },
      schema: {
        tags: ['calendar'],
        summary: 'Whether the signed-in user has a calendar subscription address',
        description: 'The address itself is shown only when it is made (POST); only its hash is stored.',
        response: { 200: calendarFeedStatusSchema },
      },
    },
    async (request) => service.status(signedInUser(request).id),
  );

  app.post(
    '/v1/calendar/feed',
    {
      config: { access: 'user' },
      schema: {
        tags: ['calendar'],
        summary: 'Make a new private calendar subscription address (the previous one stops working)',
        description:
          "Every appointment of every pet, reminders as alarms, in iCalendar format for the phone's or " +
          "computer's calendar app (subscribe by URL). Paid plans only.",
        response: { 200: calendarFeedCreatedSchema, 500: PAID_ONLY },
      },
    },
    async (request) => service.regenerate(signedInUser(request).id, request.brand),
  );

  app.delete(
    '/v1/calendar/feed',
    {
      config: { access: 'user' },
      schema: {
        tags: ['calendar'],
        summary: 'Switch the calendar subscription address off',
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await service.revoke(signedInUser(request).id);
      return { message: 'Calendar subscription switched off' };
    },
  );

  app.get(
    '/v1/appointment/ics',
    {
      config: { access: 'user' },
      schema: {
        tags: ['calendar'],
        summary: 'One appointment as a calendar file (add to calendar)',
        querystring: appointmentIcsQuerySchema,
        response: {
          200: binaryAnswer('The appointment as iCalendar', 'text/calendar'),
          404: apiErrorBodySchema.describe('No such appointment of the signed-in user'),
          500: PAID_ONLY,
        },
      },
    },
    async (request, reply) => {
      const { ics, fileName } = await service.single(signedInUser(request).id, request.query.appt_id);
      return sendCalendar(reply, ics, `attachment; filename="${fileName}"`).header(
        'cache-control',
        'no-store',
      );
    },
  );

  app.get(
    '/calendar/:file',
    {
      schema: {
        tags: ['calendar'],
        summary: 'A private calendar subscription (no sign-in: the address is the secret)',
        params: z.object({ file: z.string() }),
        response: {
          200: binaryAnswer('The subscribed appointments as iCalendar', 'text/calendar'),
          404: apiErrorBodySchema.describe('Unknown, revoked or no longer paid address'),
          429: apiErrorBodySchema.describe('Too_Many_Requests_Text'),
        },
      },
    },
    async (request, reply) => {
      const token = calendarFeedTokenSchema.safeParse(request.params.file.replace(/\.ics$/, ''));
      if (!token.success || !request.params.file.endsWith('.ics')) throw notFound('No such calendar');
      const ics = await service.feed(token.data, request.ip);
      // Calendar apps poll; a short private cache spares a refetch in the same minute.
      return sendCalendar(reply, ics, 'inline; filename="appointments.ics"').header(
        'cache-control',
        'private, max-age=300',
      );
    },
  );
};
