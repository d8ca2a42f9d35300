import { Migrator, type Kysely, type Migration } from 'kysely';
import * as sandboxTables from './migrations/0001_sandbox_tables.ts';

/** The sandbox's migrations, in order. Names are permanent: add a new one, never change a shipped one. */
const migrations: Record<string, Migration> = {
  '0001_sandbox_tables': sandboxTables,
};

/**
 * Brings the sandbox's tables to their newest shape. Its own migration table (and lock table) keep
 * its history apart from the host's: the host's migrator never sees these migrations, nor they its.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateSandbox(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'stripe_sandbox_migration',
    migrationLockTableName: 'stripe_sandbox_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `Stripe sandbox migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
