import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import type { AppConfig } from '../config.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = AppConfig['database']['kind'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The raw driver, handed to the identity service so it shares the same database. */
  driver: SQLite.Database | pg.Pool;
  close(): Promise<void>;
}

// PostgreSQL returns int8 (COUNT, bigint) as strings by default; our values fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * Statements run through Kysely since start, counted only when `SQL_STATEMENT_COUNT=1` outside
 * production (the mixed-workload bench reads it at /dev/sql-statements; better-auth's own queries
 * on the raw driver and the data-version reads are not counted).
 */
export const statementCount = { enabled: false, count: 0 };

export function openDatabase(config: Pick<AppConfig, 'database' | 'countStatements'>): DatabaseHandle {
  statementCount.enabled = config.countStatements;
  const log = config.countStatements
    ? () => {
        statementCount.count += 1;
      }
    : undefined;
  if (config.database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.database.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`PostgreSQL pool: idle connection lost (${err.message})`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return { db, kind: 'postgres', driver: pool, close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(config.database.file), { recursive: true });
  const sqlite = new SQLite(config.database.file);
  // WAL lets readers proceed while one writer commits; busy_timeout waits instead of failing
  // when two requests write at the same moment.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    log,
  });
  return { db, kind: 'sqlite', driver: sqlite, close: () => db.destroy() };
}

/** How many distinct SQL texts keep their prepared statement (the app has a few hundred). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query anew; preparing costs more than running one of our point queries
 * (a signed-in list call spent 16 % of its time in `prepare`). Statements are kept per SQL text
 * (parameters are bound per call; SQLite re-prepares by itself after a schema change). A statement
 * still being iterated (a streamed query) is busy, so that caller gets a fresh one.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (statement && !statement.busy) {
        // Most recently used last, so the first entry is the one to drop.
        statements.delete(sqlText);
        statements.set(sqlText, statement);
        return statement;
      }
      statement = sqlite.prepare(sqlText);
      statements.set(sqlText, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

export async function isDatabaseReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export const toDbBool = (value: boolean): 0 | 1 => (value ? 1 : 0);
export const fromDbBool = (value: number | boolean | null | undefined): boolean => Boolean(value);
export const nowIso = (): string => new Date().toISOString();
