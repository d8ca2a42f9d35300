import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  CARE_PATHS,
  careSettingsBodySchema,
  careSettingsSchema,
  doseBodySchema,
  doseLogEntrySchema,
  idQuerySchema,
  idSchema,
  medIdQuerySchema,
  messageResponseSchema,
  noticeSchema,
  petIdQuerySchema,
  scheduleBodySchema,
  scheduleSchema,
  timestampSchema,
  todayQuerySchema,
  todayResponseSchema,
  vaccinationDoneBodySchema,
  vaccinationDueBodySchema,
  vaccinationDueSchema,
  weightGoalBodySchema,
  weightGoalSchema,
} from '@pet/contract';
import { moduleRoutes, ownerScopedErrors } from '../../http/route-helpers.ts';
import { signedInUser } from '../../platform/auth/plugin.ts';
import type { CareRecordsService } from './care.records.ts';
import type { CareService } from './care.service.ts';
import type { CareSettingsStore } from './care.settings.ts';

const errors = {
  ...ownerScopedErrors(
    'Invalid field: the key names it (Care_Schedule_Error, Care_Schedule_Window_Error, Care_Dose_Skip_Reason_Error, ' +
      'Care_Weight_Goal_Error, Care_Time_Zone_Error, ...)',
    'No such pet, medication, schedule, dose, vaccination or notice the caller may reach ' +
      '(Care_Dose_Slot_Unknown_Text: not a slot of the schedule)',
  ),
  500: apiErrorBodySchema.describe('The plan has no medical allowance (Medical_Not_Allowed_Text)'),
};
const route = moduleRoutes('care', errors, 'petData');
const confirmed = apiErrorBodySchema.describe(
  'Care_Dose_Already_Confirmed_Error (the slot is given or skipped already), Care_Dose_Undo_Too_Late_Error',
);
const doseLogQuerySchema = medIdQuerySchema.extend({ before: timestampSchema.optional() });
const vaccinationQuerySchema = z.object({ id: idSchema });

/** Care plans (issue 36): schedules, doses, vaccinations due, weight goals, notices, settings. */
export const careRoutes: FastifyPluginAsyncZod<{
  care: CareService;
  records: CareRecordsService;
  settings: CareSettingsStore;
}> = async (app, { care, records, settings }) => {
  app.get(
    CARE_PATHS.schedule,
    route({ summary: "A medication's schedule", querystring: medIdQuerySchema }, { 200: scheduleSchema }),
    async (request) => care.getSchedule(signedInUser(request).id, request.query.med_id),
  );
  app.put(
    CARE_PATHS.schedule,
    route(
      {
        summary: "Set (replace) a medication's schedule (medical_type medication only)",
        querystring: medIdQuerySchema,
        body: scheduleBodySchema,
      },
      { 200: scheduleSchema },
    ),
    async (request) => care.putSchedule(signedInUser(request).id, request.query.med_id, request.body),
  );
  app.delete(
    CARE_PATHS.schedule,
    route(
      { summary: "Remove a medication's schedule", querystring: medIdQuerySchema },
      { 200: messageResponseSchema },
    ),
    async (request) => {
      await care.deleteSchedule(signedInUser(request).id, request.query.med_id);
      return { message: 'Schedule deleted' };
    },
  );

  app.get(
    CARE_PATHS.today,
    route(
      {
        summary: "Every dose of a day across the caller's and shared pets, each in its household zone",
        description:
          "day defaults to the caller's today; open doses of the day before are listed as overdue.",
        querystring: todayQuerySchema,
      },
      { 200: todayResponseSchema },
    ),
    async (request) => care.today(signedInUser(request).id, request.query.day),
  );

  app.post(
    CARE_PATHS.dose,
    route(
      {
        summary: 'Confirm one dose given or skipped (once per slot; as needed: without slot)',
        description:
          'A slot not of the schedule is 404 Care_Dose_Slot_Unknown_Text; a second confirmation 409 ' +
          'Care_Dose_Already_Confirmed_Error (also in parallel); a skip needs skip_reason. "given" takes ' +
          'dose_amount off stock_units in the same transaction.',
        querystring: medIdQuerySchema,
        body: doseBodySchema,
      },
      { 201: doseLogEntrySchema, 409: confirmed },
    ),
    async (request, reply) =>
      reply
        .code(201)
        .send(await care.confirmDose(signedInUser(request).id, request.query.med_id, request.body)),
  );
  app.delete(
    CARE_PATHS.dose,
    route(
      {
        summary:
          'Undo a confirmation within UNDO_WINDOW_MINUTES (a carer only their own); the stock gets it back',
        querystring: idQuerySchema,
      },
      { 200: messageResponseSchema, 409: confirmed },
    ),
    async (request) => {
      await care.undoDose(signedInUser(request).id, request.query.id);
      return { message: 'Dose undone' };
    },
  );
  app.get(
    CARE_PATHS.doses,
    route(
      { summary: 'The dose log of a medication, newest first, 50 a page', querystring: doseLogQuerySchema },
      { 200: z.array(doseLogEntrySchema) },
    ),
    async (request) => care.doseLog(signedInUser(request).id, request.query.med_id, request.query.before),
  );

  app.get(
    CARE_PATHS.vaccinations,
    route(
      { summary: "A pet's vaccinations that come due", querystring: petIdQuerySchema },
      { 200: z.array(vaccinationDueSchema) },
    ),
    async (request) => records.vaccinations(signedInUser(request).id, request.query.pet_id),
  );
  app.post(
    CARE_PATHS.vaccination,
    route(
      {
        summary: 'Add a vaccination due date (optionally from a Vaccination appointment or a medical entry)',
        querystring: petIdQuerySchema,
        body: vaccinationDueBodySchema,
      },
      { 201: vaccinationDueSchema },
    ),
    async (request, reply) =>
      reply
        .code(201)
        .send(await records.createVaccination(signedInUser(request).id, request.query.pet_id, request.body)),
  );
  app.put(
    CARE_PATHS.vaccination,
    route(
      {
        summary: 'Change a vaccination due date',
        querystring: vaccinationQuerySchema,
        body: vaccinationDueBodySchema,
      },
      { 200: vaccinationDueSchema },
    ),
    async (request) => records.updateVaccination(signedInUser(request).id, request.query.id, request.body),
  );
  app.delete(
    CARE_PATHS.vaccination,
    route(
      { summary: 'Remove a vaccination due date', querystring: vaccinationQuerySchema },
      { 200: messageResponseSchema },
    ),
    async (request) => {
      await records.deleteVaccination(signedInUser(request).id, request.query.id);
      return { message: 'Vaccination deleted' };
    },
  );
  app.post(
    CARE_PATHS.vaccinationDone,
    route(
      {
        summary: 'Record a vaccination as given (default today): no more reminders',
        querystring: vaccinationQuerySchema,
        body: vaccinationDoneBodySchema,
      },
      { 200: vaccinationDueSchema },
    ),
    async (request) =>
      records.vaccinationDone(signedInUser(request).id, request.query.id, request.body?.done_on),
  );

  app.get(
    CARE_PATHS.weightGoal,
    route(
      { summary: "A pet's weight goal (404 when none)", querystring: petIdQuerySchema },
      { 200: weightGoalSchema },
    ),
    async (request) => records.weightGoal(signedInUser(request).id, request.query.pet_id),
  );
  app.put(
    CARE_PATHS.weightGoal,
    route(
      {
        summary: "Set a pet's weight goal band (kg)",
        querystring: petIdQuerySchema,
        body: weightGoalBodySchema,
      },
      { 200: weightGoalSchema },
    ),
    async (request) => records.putWeightGoal(signedInUser(request).id, request.query.pet_id, request.body),
  );
  app.delete(
    CARE_PATHS.weightGoal,
    route(
      { summary: "Clear a pet's weight goal", querystring: petIdQuerySchema },
      { 200: messageResponseSchema },
    ),
    async (request) => {
      await records.deleteWeightGoal(signedInUser(request).id, request.query.pet_id);
      return { message: 'Weight goal deleted' };
    },
  );

  app.get(
    CARE_PATHS.notices,
    route({ summary: "The caller's open care notices, newest first" }, { 200: z.array(noticeSchema) }),
    async (request) => records.notices(signedInUser(request).id),
  );
  app.post(
    CARE_PATHS.noticeDismiss,
    route({ summary: 'Dismiss a notice', querystring: idQuerySchema }, { 200: messageResponseSchema }),
    async (request) => {
      await records.dismissNotice(signedInUser(request).id, request.query.id);
      return { message: 'Notice dismissed' };
    },
  );

  app.get(
    CARE_PATHS.settings,
    route({ summary: "The caller's time zone and reminder channels" }, { 200: careSettingsSchema }),
    async (request) => settings.get(signedInUser(request).id),
  );
  app.put(
    CARE_PATHS.settings,
    route(
      {
        summary: "Change the caller's time zone and reminder channels (fields left out stay)",
        body: careSettingsBodySchema,
      },
      { 200: careSettingsSchema },
    ),
    async (request) => settings.put(signedInUser(request).id, request.body),
  );
};
