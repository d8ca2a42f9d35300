import type pg from 'pg';
import type { DatabaseHandle } from './database.ts';

/** A fixed number: every instance of the portal takes the same lock. */
const STARTUP_LOCK_KEY = 72_616_741;

/**
 * Instances that start together on one PostgreSQL database take turns to migrate and seed (two
 * concurrent CREATE TABLEs collide). A session advisory lock on a connection of its own: it is also
 * gone when that connection ends, so a start that crashed holds nothing. SQLite is one process.
 * Answers the release.
 */
export async function acquireStartupLock(database: DatabaseHandle): Promise<() => Promise<void>> {
  if (database.kind !== 'postgres') return async () => {};
  const client = await (database.driver as pg.Pool).connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    try {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
      client.release();
    } catch (err) {
      // Dropping the connection drops the lock with it.
      client.release(err as Error);
    }
  };
}
