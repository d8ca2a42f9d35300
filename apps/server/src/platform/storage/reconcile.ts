import { finishPendingMove } from './finish-pending.ts';
import { finalKeyOf, isPendingKey } from './keys.ts';
import type { FileStorage } from './types.ts';

/** Whoever keeps storage keys in rows: answers every key its rows name (a set of final keys). */
export interface StorageKeyOwner {
  /** For the report, e.g. "document files". */
  name: string;
  keys(): Promise<Iterable<string>>;
  /** Keys its rows may have beside them (thumbnails): kept when present, never reported missing. */
  optionalKeys?(): Promise<Iterable<string>>;
  /** Which of these keys (at most a few hundred) its rows name: the start's check of pending/. */
  named?(keys: readonly string[]): Promise<Iterable<string>>;
}

export interface ReconcileOptions {
  storage: FileStorage;
  owners: readonly StorageKeyOwner[];
  /** Objects younger than this are never removed: their row may be about to commit. */
  graceMs: number;
  now?: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface ReconcileReport {
  /** Objects no row names (and pending uploads whose row never committed), older than the grace. */
  removed: string[];
  /** Pending uploads whose row had committed: moved to their final key. */
  finalized: string[];
  /** Keys a row names that storage does not hold (reported, never invented). */
  missing: { owner: string; key: string }[];
  /** Unowned objects kept because they are younger than the grace period. */
  keptYoung: number;
}

/**
 * Makes storage and rows converge (issue 15.4). Storage is listed before the rows are read, so an
 * upload that commits in between is seen as owned; removal also waits for the grace period.
 */
export async function reconcileStorage(options: ReconcileOptions): Promise<ReconcileReport> {
  const { storage, log } = options;
  const now = (options.now ?? (() => new Date()))().getTime();
  const objects = await storage.listObjects('');
  const stored = new Set(objects.map((object) => object.key));
  const ownerOf = new Map<string, string>();
  const optional = new Set<string>();
  for (const owner of options.owners) {
    for (const key of await owner.keys()) ownerOf.set(key, owner.name);
    for (const key of (await owner.optionalKeys?.()) ?? []) optional.add(key);
  }
  const report: ReconcileReport = { removed: [], finalized: [], missing: [], keptYoung: 0 };
  for (const object of objects) {
    const old = now - object.modifiedAt.getTime() > options.graceMs;
    if (isPendingKey(object.key)) {
      const finalKey = finalKeyOf(object.key);
      if (ownerOf.has(finalKey) && !stored.has(finalKey)) {
        // The row committed but the process died before finalizing: finish it (a reader may
        // have just done so).
        if (await finishPendingMove(storage, finalKey)) {
          stored.add(finalKey);
          report.finalized.push(finalKey);
        }
      } else if (old) {
        await storage.delete(object.key);
        report.removed.push(object.key);
      } else report.keptYoung += 1;
    } else if (!ownerOf.has(object.key) && !optional.has(object.key)) {
      if (old) {
        await storage.delete(object.key);
        report.removed.push(object.key);
      } else report.keptYoung += 1;
    }
  }
  for (const [key, owner] of ownerOf) {
    if (!stored.has(key)) {
      report.missing.push({ owner, key });
      log.warn({ owner, key }, 'storage reconcile: a row names a file that storage does not hold');
    }
  }
  log.info(
    {
      removed: report.removed.length,
      finalized: report.finalized.length,
      missing: report.missing.length,
      keptYoung: report.keptYoung,
    },
    'storage reconciled',
  );
  return report;
}
