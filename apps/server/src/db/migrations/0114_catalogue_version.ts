import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The price catalogue's version (modules/subscription/checkout/price-catalogue.ts): one row whose
 * number moves with every write to `product` or `coupon`, by any writer (the app, the admin
 * command, another instance, a hand-made fix in a shell), because triggers bump it in the
 * writing statement's own transaction. A cached price list is used only while the number is the
 * one it was read under, so a changed price or coupon is never answered from the cache.
 */
const TABLES = ['product', 'coupon'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into catalogue_version (id, version) values (1, 1)`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function bump_catalogue_version() returns trigger language plpgsql as $$
      begin
        update catalogue_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const table of TABLES) {
      await sql`create trigger ${sql.raw(`${table}_catalogue_version`)}
        after insert or update or delete on ${sql.table(table)}
        for each statement execute function bump_catalogue_version()`.execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.raw(`${table}_catalogue_version_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin update catalogue_version set version = version + 1 where id = 1; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of TABLES) {
      await sql`drop trigger ${sql.raw(`${table}_catalogue_version`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function bump_catalogue_version()`.execute(db);
  } else {
    for (const table of TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`drop trigger ${sql.raw(`${table}_catalogue_version_${event}`)}`.execute(db);
      }
    }
  }
  await db.schema.dropTable('catalogue_version').execute();
}
