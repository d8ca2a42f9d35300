import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { DatabaseHandle } from './database.ts';

/**
 * A value that changes whenever anything is written to the database, by this process or another
 * one, read in one cheap step. Equal values mean nothing was committed in between, so an answer
 * computed after the first reading is still the answer (the read cache, http/read-cache.ts). It may
 * also change without a write of ours (conservative), never the other way round; on SQLite, a
 * write by another connection to the file is seen within OTHER_CONNECTIONS_CHECK_MS.
 */
export type DataVersion = () => string | Promise<string>;

/** How stale the view of other SQLite connections' writes may be (this process's own: never). */
export const OTHER_CONNECTIONS_CHECK_MS = 1_000;

export function dataVersionOf(handle: DatabaseHandle): DataVersion {
  if (handle.kind === 'postgres') {
    // The WAL insert position moves with every committed (and every aborted) write of any
    // instance, including writes committed without waiting for the flush.
    const pool = handle.driver as pg.Pool;
    return sharedReadsAfterArrival(async () => {
      const { rows } = await pool.query<{ v: string }>({
        name: 'pet_data_version',
        text: 'select pg_current_wal_lsn()::text as v',
      });
      return rows[0]!.v;
    });
  }
  // total_changes(): rows written through this process's one connection (the app, better-auth and
  // the job loop all share it), exact and nearly free (no lock). data_version: commits of any other
  // connection to the file (SQLite is the one-instance mode, so that is an operator's shell or a
  // test's second handle); it takes the file's read lock, which cost a tenth of a cached answer,
  // so it is read at most once per OTHER_CONNECTIONS_CHECK_MS.
  const sqlite = handle.driver as SQLite.Database;
  const totalChanges = sqlite.prepare('select total_changes()').pluck();
  const otherConnections = sqlite.prepare('PRAGMA data_version').pluck();
  let othersVersion = 0;
  let othersReadAt = -Infinity;
  // Synchronous: a cache hit then needs no promise at all.
  return () => {
    const now = performance.now();
    if (now - othersReadAt >= OTHER_CONNECTIONS_CHECK_MS) {
      othersVersion = otherConnections.get() as number;
      othersReadAt = now;
    }
    return `${othersVersion}.${totalChanges.get() as number}`;
  };
}

/**
 * One database round trip for many callers without ever answering a value read before a caller
 * arrived: a caller that finds no read in flight starts one; a caller that finds one in flight
 * (sent before it came, so it may miss a write that committed just before) waits for the next
 * read, which starts when that one ends and is shared by everyone who queued meanwhile. Under
 * load that is one read per round trip instead of one per request; each answer is still at least
 * as new as its caller.
 */
export function sharedReadsAfterArrival(read: () => Promise<string>): () => Promise<string> {
  let inFlight: Promise<string> | null = null;
  let queued: Promise<string> | null = null;
  const start = (): Promise<string> => {
    const current: Promise<string> = read().finally(() => {
      if (inFlight === current) inFlight = null;
    });
    inFlight = current;
    return current;
  };
  return () => {
    if (!inFlight) return start();
    queued ??= inFlight
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}
