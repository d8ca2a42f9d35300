import type { FastifyInstance } from 'fastify';
import { brandForPartner, originForBrand } from '../../platform/brand.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { CalendarService } from './calendar.service.ts';

/** Register after identity (languages, rate limiter) and appointments. */
export async function registerCalendar(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const service = new CalendarService({
    db: app.db,
    limiter: app.rateLimiter,
    language: async (userId) => (await app.identityService.userSettings(userId))?.language ?? null,
    brandForPartner: (partnerId) => brandForPartner(partnerId, config.defaultBrand),
    originForBrand: (brand) => originForBrand(config, brand),
    now: () => app.clock.now(),
  });
  await app.register(calendarRoutes, { service });
}
