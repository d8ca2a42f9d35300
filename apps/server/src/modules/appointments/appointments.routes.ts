import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  appointmentCreateBodySchema,
  appointmentDateNotInPast,
  appointmentListResponseSchema,
  appointmentSchema,
  appointmentUpdateBodySchema,
  apptIdQuerySchema,
  messageResponseSchema,
  petIdQuerySchema,
  appointmentTimeZoneOf,
  todayAtOffset,
} from '@pet/contract';
import { moduleAccess, moduleRoutes, ownerScopedErrors } from '../../http/route-helpers.ts';
import { signedInUser } from '../../platform/auth/plugin.ts';
import type { AppointmentsService } from './appointments.service.ts';
import { cachedRead } from '../../http/read-cache.ts';
import { createOnce } from '../../http/idempotent-create.ts';

const errors = ownerScopedErrors(
  'Invalid field: the key names it (Appointment_Type_Error, Reason_is_Required, Date_is_Required, ' +
    'Date_In_Past_Error, Date_Format_Error, Time_is_Required, Time_Format_Error, Email_Format_Error, ' +
    'Comments_Length_Error)',
  'No such pet or appointment of the signed-in user',
);
const route = moduleRoutes('appointments', errors, 'petData');

/**
 * appointmentCreateBodySchemaAt(today) with today taken at each request, in the user's zone (the
 * browser's offset reminder_time_zone): appointment_date earlier than that day is Date_In_Past_Error.
 */
const createBodySchema = appointmentCreateBodySchema.superRefine((body, ctx) => {
  const offset = appointmentTimeZoneOf(body);
  const rule = appointmentDateNotInPast(todayAtOffset(offset));
  if (!rule.check(body)) ctx.addIssue({ code: 'custom', input: body.appointment_date, ...rule.params });
});

const REMINDER =
  'When reminder_date (dd.MM.yyyy) and reminder_time (HH:mm) are both given and that moment, read at the UTC ' +
  'offset reminder_time_zone (hours; optional: left out, the offset of Europe/Berlin on appointment_date is stored, ' +
  'e.g. 1 in winter and 2 in summer), is still ahead, a reminder mail goes to the owner at that moment ' +
  "(in the owner's language, with a link to the pet's appointments page); job_id names the scheduled job.";

/** The appointment calls of pet-data section 7. Every call is scoped to the signed-in owner. */
export const appointmentsRoutes: FastifyPluginAsyncZod<{ service: AppointmentsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/v1/appointment/myappointments',
    {
      config: { ...moduleAccess(errors, 'petData'), ...cachedRead },
      schema: {
        tags: ['appointments'],
        summary: "All of the signed-in user's appointments (every pet), by date and time ascending",
        description:
          'List form: every field carries the prefix appointment_ (appointment_id, appointment_pet_name, ...; ' +
          'appointment_date, appointment_time and appointment_type keep their names). pet_name is the current name.',
        response: { 200: appointmentListResponseSchema, 401: errors[401] },
      },
    },
    async (request) => service.listAll(signedInUser(request).id),
  );

  app.get(
    '/v1/appointment/mypetappointments',
    route(
      {
        summary: "The pet's appointments, by date and time ascending (list form, prefix appointment_)",
        querystring: petIdQuerySchema,
      },
      { 200: appointmentListResponseSchema },
      cachedRead,
    ),
    async (request) => service.listForPet(signedInUser(request).id, request.query.pet_id),
  );

  app.post(
    '/v1/appointment',
    route(
      {
        summary: 'Add an appointment to the pet',
        description:
          "appointment_date must not be earlier than today in the user's zone (Date_In_Past_Error). Refused with " +
          "status 500 and Appointment_Limit_Reached_Message when the user's plan has no appointments (checked in " +
          `the insert transaction). vaccination_type is kept for type Vaccination only. ${REMINDER}`,
        querystring: petIdQuerySchema,
        body: createBodySchema,
      },
      {
        201: appointmentSchema,
        500: apiErrorBodySchema.describe('The plan does not allow appointments'),
      },
      createOnce,
    ),
    async (request, reply) => {
      const appointment = await service.create(signedInUser(request).id, request.query.pet_id, request.body);
      return reply.code(201).send(appointment);
    },
  );

  app.put(
    '/v1/appointment',
    route(
      {
        summary: 'Replace the fields of an appointment',
        description:
          'The fields sent are replaced (blank or null optional texts become null); a field left out keeps its ' +
          'stored value; a new appointment_date earlier than today (at the stored reminder_time_zone) is ' +
          'Date_In_Past_Error as on the create; appointment_type ' +
          'and reminder_time_zone stay those of the create. Allowed on every plan. A changed reminder moves its ' +
          `job, a removed one cancels it. ${REMINDER}`,
        querystring: apptIdQuerySchema,
        body: appointmentUpdateBodySchema,
      },
      { 200: appointmentSchema },
    ),
    async (request) => service.update(signedInUser(request).id, request.query.appt_id, request.body),
  );

  app.delete(
    '/v1/appointment',
    route(
      {
        summary: 'Delete an appointment and cancel its pending reminder',
        description: 'Allowed on every plan.',
        querystring: apptIdQuerySchema,
      },
      { 200: messageResponseSchema },
    ),
    async (request) => {
      await service.delete(signedInUser(request).id, request.query.appt_id);
      return { message: 'Appointment deleted' };
    },
  );
};
