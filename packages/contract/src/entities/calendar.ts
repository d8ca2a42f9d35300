import { z } from 'zod';
import { idSchema, timestampSchema } from './common.ts';

// Calendar (beyond the spec, issue 17): an appointment as an .ics file and a private subscription
// address of all appointments. Paid-plan extras: the free plan is refused with LIMIT_KEYS.paidExtras.

/** GET /v1/calendar/feed: whether the owner has a subscription address (it is shown only once). */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  created_at: timestampSchema.nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** POST /v1/calendar/feed: a new address; any earlier one stops working. */
export const calendarFeedCreatedSchema = z.object({
  url: z.url(),
  created_at: timestampSchema,
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** GET /v1/appointment/ics?appt_id=: one appointment as a calendar file. */
export const appointmentIcsQuerySchema = z.object({ appt_id: idSchema });

/** GET /calendar/{token}.ics: the token is 32 base64url characters (192 random bits). */
export const calendarFeedTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/);
