import type { FastifyInstance } from 'fastify';
import { appointmentsRoutes } from './appointments.routes.ts';
import { APPOINTMENT_REMINDER, type AppointmentsService } from './appointments.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    appointments: AppointmentsService;
  }
}

export async function registerAppointments(
  app: FastifyInstance,
  service: AppointmentsService,
): Promise<void> {
  app.decorate('appointments', service);
  app.jobs.register(APPOINTMENT_REMINDER, (payload, job) => service.sendReminder(payload, job));
  await app.register(appointmentsRoutes, { service });
}
