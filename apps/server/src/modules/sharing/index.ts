import type { FastifyInstance } from 'fastify';
import type { ShareEndings } from './share-endings.ts';
import {
  ACTIVITY_RETENTION_JOB,
  SHARE_ENDED_JOB,
  SHARE_MAIL_JOB,
  SHARE_STARTED_JOB,
} from './sharing.jobs.ts';
import { sharingRoutes } from './sharing.routes.ts';
import type { SharingService } from './sharing.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sharing: SharingService;
  }
}

const DAY_MS = 24 * 3600 * 1000;

export async function registerSharing(
  app: FastifyInstance,
  services: { sharing: SharingService; endings: ShareEndings },
): Promise<void> {
  const { sharing, endings } = services;
  app.decorate('sharing', sharing);
  app.jobs.register(SHARE_STARTED_JOB, ({ shareId, startsAt }) => endings.windowStarted(shareId, startsAt));
  app.jobs.register(SHARE_ENDED_JOB, ({ shareId, endsAt }) => endings.windowEnded(shareId, endsAt));
  app.jobs.register(SHARE_MAIL_JOB, (payload) => endings.sendMail(payload));
  registerRetention(app, endings);
  await app.register(sharingRoutes, { service: sharing });
}

/**
 * The activity log's retention, daily in business time: each run sits on a day's slot (dedupe key
 * per day, so restarts and instances schedule it once) and schedules the next one before it works.
 */
function registerRetention(app: FastifyInstance, endings: ShareEndings): void {
  const scheduleAfter = (at: Date) => {
    const next = new Date((Math.floor(at.getTime() / DAY_MS) + 1) * DAY_MS);
    const slot = next.toISOString().slice(0, 10);
    return app.jobs.schedule(
      ACTIVITY_RETENTION_JOB,
      { slot },
      { runAt: next, dedupeKey: `${ACTIVITY_RETENTION_JOB.name}:${slot}` },
    );
  };
  app.jobs.register(ACTIVITY_RETENTION_JOB, async () => {
    await scheduleAfter(app.clock.now());
    const removed = await endings.applyRetention();
    if (removed > 0) app.log.info({ removed }, 'activity log: old lines removed');
  });
  app.addHook('onReady', async () => {
    await scheduleAfter(app.clock.now());
  });
}
