import type { FastifyInstance } from 'fastify';
import { CARE_STOCK_MAIL_JOB, CARE_SWEEP_JOB, SWEEP_EVERY_MS } from './care.jobs.ts';
import type { CareRecordsService } from './care.records.ts';
import type { CareReminders } from './care.reminders.ts';
import { careRoutes } from './care.routes.ts';
import type { CareService } from './care.service.ts';
import type { CareSettingsStore } from './care.settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    care: CareService;
  }
}

export async function registerCare(
  app: FastifyInstance,
  services: {
    care: CareService;
    records: CareRecordsService;
    settings: CareSettingsStore;
    reminders: CareReminders;
  },
): Promise<void> {
  const { care, records, settings, reminders } = services;
  app.decorate('care', care);
  app.jobs.register(CARE_STOCK_MAIL_JOB, ({ medId, recipientId, daysLeft }) =>
    reminders.sendStockWarning(medId, recipientId, daysLeft),
  );
  registerSweep(app, reminders);
  await app.register(careRoutes, { care, records, settings });
}

/**
 * The reminder sweep, every SWEEP_EVERY_MS of business time: each run sits on its slot (dedupe key
 * per slot, so restarts and instances schedule it once) and schedules the next before it works.
 */
function registerSweep(app: FastifyInstance, reminders: CareReminders): void {
  const scheduleAfter = (at: Date) => {
    const next = new Date((Math.floor(at.getTime() / SWEEP_EVERY_MS) + 1) * SWEEP_EVERY_MS);
    const slot = next.toISOString();
    return app.jobs.schedule(
      CARE_SWEEP_JOB,
      { at: slot },
      { runAt: next, dedupeKey: `${CARE_SWEEP_JOB.name}:${slot}` },
    );
  };
  app.jobs.register(CARE_SWEEP_JOB, async () => {
    await scheduleAfter(app.clock.now());
    const sent = await reminders.sweep();
    if (sent.doses + sent.repeats + sent.vaccinations > 0) app.log.info(sent, 'care reminders sent');
  });
  app.addHook('onReady', async () => {
    await scheduleAfter(app.clock.now());
  });
}
