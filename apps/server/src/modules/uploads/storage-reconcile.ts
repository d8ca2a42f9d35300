import type { FastifyInstance } from 'fastify';
import { reconcileStorage, type StorageKeyOwner } from '../../platform/storage/index.ts';

export const STORAGE_RECONCILE_JOB = 'storage.reconcile';
/** An object no row names is removed only once it is this old: its row may be about to commit. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/**
 * The one place that knows which columns hold storage keys besides the documents module's own
 * (pet photos, avatars); a new column with keys must be added here, or the reconciler removes its
 * files as orphans.
 */
function imageOwners(app: FastifyInstance): StorageKeyOwner[] {
  return [
    {
      name: 'pet photos',
      keys: async () =>
        (await app.db.selectFrom('pet').select('image_key').where('image_key', 'is not', null).execute()).map(
          (row) => row.image_key!,
        ),
    },
    {
      name: 'avatars',
      keys: async () =>
        (
          await app.db
            .selectFrom('user_profile')
            .select('image_url')
            .where('image_url', 'is not', null)
            .execute()
        )
          .map((row) => row.image_url!)
          // An external avatar URL (e.g. Google's) is no file of ours.
          .filter((url) => !/^https?:\/\//.test(url) && !url.startsWith('/')),
    },
  ];
}

/**
 * Storage reconciliation (issue 15.4) as a durable job: once at every start (at most once an hour
 * across restarts and instances) and then daily; each run schedules the next one.
 */
export function registerStorageReconcile(app: FastifyInstance, graceMs = ORPHAN_GRACE_MS): void {
  const owners = (): StorageKeyOwner[] => [app.documents.storageOwner(), ...imageOwners(app)];
  const run = () => reconcileStorage({ storage: app.storage, owners: owners(), graceMs, log: app.log });
  app.decorate('reconcileStorage', run);
  const slot = (at: Date, every: 'hour' | 'day') =>
    `${STORAGE_RECONCILE_JOB}:${at.toISOString().slice(0, every === 'hour' ? 13 : 10)}`;
  app.jobs.register(STORAGE_RECONCILE_JOB, async () => {
    await run();
    const next = new Date(Date.now() + DAY_MS);
    await app.jobs.schedule(STORAGE_RECONCILE_JOB, {}, { runAt: next, dedupeKey: slot(next, 'day') });
  });
  app.addHook('onReady', async () => {
    const now = new Date();
    await app.jobs.schedule(
      STORAGE_RECONCILE_JOB,
      {},
      { runAt: now, dedupeKey: `${slot(now, 'hour')}:start` },
    );
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the storage reconciliation now (the job's body; tests and operators). */
    reconcileStorage: () => ReturnType<typeof reconcileStorage>;
  }
}
