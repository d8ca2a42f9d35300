import type { FastifyInstance } from 'fastify';
import { brandForPartner, originForBrand } from '../../platform/brand.ts';
import { appointmentsRoutes } from './appointments.routes.ts';
import { APPOINTMENT_REMINDER_JOB, AppointmentsService } from './appointments.service.ts';
import { cancelPetReminderJobs } from './appointments.repo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    appointments: AppointmentsService;
  }
}

/** Register after identity (mailer, languages) and pets (pet deletion cancels the reminders). */
export async function registerAppointments(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const service = new AppointmentsService({
    db: app.db,
    kind: app.database.kind,
    jobs: app.jobs,
    mailer: app.mailer,
    log: app.log,
    language: async (userId) => (await app.identityService.userSettings(userId))?.language ?? null,
    brandForPartner: (partnerId) => brandForPartner(partnerId, config.defaultBrand),
    originForBrand: (brand) => originForBrand(config, brand),
  });
  app.decorate('appointments', service);
  app.jobs.register(APPOINTMENT_REMINDER_JOB, (payload, job) => service.sendReminder(payload, job));
  app.pets.addDeletionStep((trx, userId, petId) => cancelPetReminderJobs(trx, userId, petId));
  await app.register(appointmentsRoutes, { service });
}
