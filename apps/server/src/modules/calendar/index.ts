import type { FastifyInstance } from 'fastify';
import { calendarRoutes } from './calendar.routes.ts';
import type { CalendarService } from './calendar.service.ts';

export async function registerCalendar(app: FastifyInstance, service: CalendarService): Promise<void> {
  await app.register(calendarRoutes, { service });
}
