import type { FastifyInstance } from 'fastify';
import {
  finishCommittedUploads,
  reconcileStorage,
  type StorageKeyOwner,
} from '../../platform/storage/index.ts';
import { finderPhotoKeyOf } from '../lost-pet/finder-photo.ts';

export const STORAGE_RECONCILE_JOB = 'storage.reconcile';
const DAY_MS = 24 * 3600 * 1000;
/** Keys per `in (...)` query of the start's check (well below every database's parameter cap). */
const NAMED_KEYS_BATCH = 500;

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
      named: async (keys) =>
        (await app.db.selectFrom('pet').select('image_key').where('image_key', 'in', keys).execute()).map(
          (row) => row.image_key!,
        ),
      // The lost-pet finder page's small copy, made on its first opening.
      optionalKeys: async () =>
        (await app.db.selectFrom('pet').select('image_key').where('image_key', 'is not', null).execute()).map(
          (row) => finderPhotoKeyOf(row.image_key!),
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
      named: async (keys) =>
        (
          await app.db.selectFrom('user_profile').select('image_url').where('image_url', 'in', keys).execute()
        ).map((row) => row.image_url!),
    },
  ];
}

/** Which of `keys` any owner's rows name, asked in batches. */
async function namedKeys(owners: readonly StorageKeyOwner[], keys: readonly string[]): Promise<Set<string>> {
  const named = new Set<string>();
  for (let i = 0; i < keys.length; i += NAMED_KEYS_BATCH) {
    const batch = keys.slice(i, i + NAMED_KEYS_BATCH);
    for (const owner of owners) for (const key of (await owner.named?.(batch)) ?? []) named.add(key);
  }
  return named;
}

/**
 * Storage reconciliation (issue 15.4) as a durable job: once at every start (at most once an hour
 * across restarts and instances) and then daily; each run schedules the next one. Uploads whose row
 * committed but whose bytes a crash left under pending/ are finished on every start, before the
 * server is ready (issue 40.1; the hourly job alone missed a restart within the same hour), and
 * on read (FileStorage.get). Orphans are removed once older than STORAGE_ORPHAN_GRACE_S.
 */
export function registerStorageReconcile(app: FastifyInstance): void {
  const graceMs = app.config.storage.orphanGraceSeconds * 1000;
  const owners = (): StorageKeyOwner[] => [app.documents.storageOwner(), ...imageOwners(app)];
  const run = () => reconcileStorage({ storage: app.storage, owners: owners(), graceMs, log: app.log });
  app.decorate('reconcileStorage', run);
  // onReady: before listen, so neither /readyz nor any request comes before it.
  app.addHook('onReady', async () => {
    const finished = await finishCommittedUploads(app.storage, (keys) => namedKeys(owners(), keys));
    if (finished.length > 0)
      app.log.warn({ finished: finished.length }, 'storage: finished uploads a crash left under pending/');
  });
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
