import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from '../src/db/database.ts';

describe('SQLite prepared statement cache', () => {
  let sqlite: SQLite.Database;
  afterEach(() => sqlite?.open && sqlite.close());

  const open = () => {
    sqlite = new SQLite(':memory:');
    sqlite.exec('create table item (id integer primary key, name text)');
    sqlite.exec("insert into item (name) values ('a'), ('b'), ('c')");
    return withStatementCache(sqlite);
  };

  it('prepares a SQL text once and binds new parameters on every call', () => {
    const cached = open();
    const first = cached.prepare('select name from item where id = ?');
    const again = cached.prepare('select name from item where id = ?');
    expect(again).toBe(first);
    expect(first.all([1])).toEqual([{ name: 'a' }]);
    expect(again.all([3])).toEqual([{ name: 'c' }]);
  });

  it('hands out a fresh statement while the cached one is still being iterated', () => {
    const cached = open();
    const streaming = cached.prepare('select name from item order by id') as unknown as SQLite.Statement;
    const rows = streaming.iterate();
    expect(rows.next().value).toEqual({ name: 'a' });
    const meanwhile = cached.prepare('select name from item order by id') as unknown as SQLite.Statement;
    expect(meanwhile).not.toBe(streaming);
    expect(meanwhile.all()).toHaveLength(3);
    expect([...rows]).toEqual([{ name: 'b' }, { name: 'c' }]);
  });

  it('keeps at most 1000 statements, dropping the least recently used', () => {
    const cached = open();
    const kept = cached.prepare('select 0');
    const prepared: unknown[] = [];
    for (let i = 1; i <= 1000; i++) {
      prepared[i] = cached.prepare(`select ${i}`);
      if (i % 100 === 0) expect(cached.prepare('select 0')).toBe(kept); // used again: stays
    }
    expect(cached.prepare('select 0')).toBe(kept);
    expect(cached.prepare('select 1000')).toBe(prepared[1000]);
    // 1001 texts were prepared: the least recently used one (`select 1`) was dropped.
    expect(cached.prepare('select 2')).toBe(prepared[2]);
    expect(cached.prepare('select 1')).not.toBe(prepared[1]);
  });

  it('serves Kysely, which sees the schema change a migration makes', async () => {
    const db = new Kysely<{ item: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: open() }),
    });
    const names = async () => (await sql<{ name: string }>`select * from item order by id`.execute(db)).rows;
    expect(await names()).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
      { id: 3, name: 'c' },
    ]);
    await sql`alter table item add column size integer default 7`.execute(db);
    expect((await names())[0]).toEqual({ id: 1, name: 'a', size: 7 });
    await db.destroy();
  });
});
