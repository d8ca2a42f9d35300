// Care plans at scale (issue 36): the "Today" call for USERS users × 3 pets × 2 schedules, and the
// reminder sweep's run time for one day's doses, each over a plain indexed SQL query of the same
// rows (one run, ratios printed; see bench/README or HISTORY.md). In-process on SQLite (the
// default store): the rows are written with SQL, the calls go through the real services.
// BENCH_SHORT=1: 300 users, no budget. The mailer is a counting stub: this measures the sweep's
// queries and schedule expansion, not SMTP.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../apps/server/src/config.ts';
import { buildApp } from '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { createBrands } from '../apps/server/src/platform/brand.ts';
import type { AdjustableClock } from '../apps/server/src/platform/clock.ts';
import { CareReminders } from '../apps/server/src/modules/care/care.reminders.ts';
import { CareSettingsStore } from '../apps/server/src/modules/care/care.settings.ts';
import { PetAccessPolicy } from '../apps/server/src/modules/pets/pet-access.ts';
import { localDayOf, dayNumber, dayOfNumber, zonedTimeToUtc } from '@pet/contract';

const SHORT = process.env.BENCH_SHORT === '1';
const USERS = Number(process.env.BENCH_USERS ?? (SHORT ? 300 : 10_000));
const SAMPLE = Math.min(USERS, SHORT ? 100 : 500);
const ZONE = 'Europe/Berlin';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-care-bench-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  LOG_LEVEL: 'error',
});
const app = await buildApp(config);
await app.ready();
const db = app.db as Kysely<Database>;
const clock = app.clock as AdjustableClock;

/** NOT NULL columns without default get a neutral value; `values` wins. */
async function filler(table: string): Promise<Record<string, unknown>> {
  const { rows } = await sql<{ name: string; type: string; notnull: number; dflt_value: unknown }>`
    select name, type, "notnull", dflt_value from pragma_table_info(${table})`.execute(db);
  const row: Record<string, unknown> = {};
  for (const c of rows) {
    if (!c.notnull || c.dflt_value !== null) continue;
    row[c.name] = /INT|REAL|NUM/i.test(c.type)
      ? 0
      : /DATE|TIME/i.test(c.type)
        ? new Date().toISOString()
        : 'x';
  }
  return row;
}

async function insertMany(table: string, rows: Array<Record<string, unknown>>): Promise<void> {
  const base = await filler(table);
  const full = rows.map((row) => ({ ...base, ...row }));
  const per = Math.max(1, Math.floor(30_000 / Object.keys(full[0] ?? { a: 1 }).length));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < full.length; i += per) {
      await trx
        .insertInto(table as keyof Database)
        .values(full.slice(i, i + per) as never)
        .execute();
    }
  });
}

// ------------------------------------------------------------------------------------------------
// The rows: USERS users on the premium plan, 3 pets each, 2 medications with a schedule per pet.
const seedStart = performance.now();
const premium = await db
  .selectFrom('product')
  .select('id')
  .where('partner_id', '=', 'primepet')
  .where('plan_key', '=', 'premium')
  .executeTakeFirstOrThrow();
const now = clock.now().getTime();
const today = localDayOf(now, ZONE);
// Start at 00:00 local today: one day's doses are ahead.
const dayStart = zonedTimeToUtc(today, '00:00', ZONE);
const users = Array.from({ length: USERS }, (_, i) => ({ id: randomUUID(), i }));
const iso = new Date().toISOString();
await insertMany(
  'user',
  users.map((u) => ({
    id: u.id,
    name: `User ${u.i}`,
    email: `u${u.i}@bench.test`,
    emailVerified: 1,
    partnerId: 'primepet',
    createdAt: iso,
    updatedAt: iso,
  })),
);
await insertMany(
  'user_profile',
  users.map((u) => ({
    user_id: u.id,
    partner_id: 'primepet',
    language: 'German',
    created_at: iso,
    updated_at: iso,
  })),
);
await insertMany(
  'user_subscription',
  users.map((u) => ({
    user_id: u.id,
    partner_id: 'primepet',
    product_id: premium.id,
    code_choice: 'no',
    created_at: iso,
    updated_at: iso,
  })),
);
const pets = users.flatMap((u) =>
  [0, 1, 2].map((k) => ({ id: randomUUID(), user: u.id, name: `Pet ${u.i}-${k}` })),
);
await insertMany(
  'pet',
  pets.map((p) => ({
    id: p.id,
    user_id: p.user,
    name: p.name,
    pet_type: 'Dog',
    created_at: iso,
    updated_at: iso,
  })),
);
const meds = pets.flatMap((p) => [0, 1].map((k) => ({ id: randomUUID(), pet: p.id, user: p.user, k })));
await insertMany(
  'medical_record',
  meds.map((m) => ({
    id: m.id,
    pet_id: m.pet,
    user_id: m.user,
    medical_type: 'medication',
    name: `Med ${m.k}`,
    created_at: iso,
    updated_at: iso,
  })),
);
const rule = JSON.stringify({ kind: 'daily', times: ['08:00', '20:00'] });
const firstSlot = new Date(zonedTimeToUtc(today, '08:00', ZONE)).toISOString();
await insertMany(
  'medication_schedule',
  meds.map((m) => ({
    med_id: m.id,
    pet_id: m.pet,
    user_id: m.user,
    kind: 'daily',
    rule,
    dose_amount: 1,
    dose_unit: 'tablet',
    starts_on: dayOfNumber(dayNumber(today) - 30),
    ends_on: null,
    stock_units: null,
    stock_warn_days: null,
    stock_low_warned: 0,
    next_slot_at: firstSlot,
    created_by: m.user,
    created_at: iso,
    updated_at: iso,
  })),
);
console.log(
  `care bench: ${USERS} users, ${pets.length} pets, ${meds.length} schedules seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

// ------------------------------------------------------------------------------------------------
// "Today": the service call vs a plain indexed query of the same rows (schedules of the user's
// pets with names, and their dose log entries of the day).
const sample = Array.from({ length: SAMPLE }, (_, i) => users[Math.floor((i * USERS) / SAMPLE)]!.id);
const from = new Date(dayStart - 86_400_000).toISOString();
const to = new Date(dayStart + 86_400_000).toISOString();
async function plainToday(userId: string) {
  const rows = await db
    .selectFrom('medication_schedule as s')
    .innerJoin('pet as p', 'p.id', 's.pet_id')
    .innerJoin('medical_record as m', 'm.id', 's.med_id')
    .select(['s.med_id', 's.rule', 's.dose_amount', 'p.name', 'm.name as med'])
    .where('p.user_id', '=', userId)
    .execute();
  await db
    .selectFrom('dose_log')
    .select(['med_id', 'slot'])
    .where(
      'med_id',
      'in',
      rows.map((r) => r.med_id),
    )
    .where('slot', '>=', from)
    .where('slot', '<', to)
    .execute();
  return rows.length;
}
async function timed(label: string, fn: (userId: string) => Promise<unknown>): Promise<number> {
  for (const userId of sample.slice(0, 10)) await fn(userId); // warm-up
  const start = performance.now();
  for (const userId of sample) await fn(userId);
  const ms = (performance.now() - start) / sample.length;
  console.log(`  ${label.padEnd(34)} ${ms.toFixed(3)} ms per call`);
  return ms;
}
console.log(`Today (${SAMPLE} users, 6 schedules each):`);
const check = await app.care.today(sample[0]!);
if (check.doses.length < 6)
  throw new Error(`Today answered ${check.doses.length} doses, expected at least 6`);
const todayMs = await timed('GET today (service)', (id) => app.care.today(id));
const plainMs = await timed('plain indexed query', plainToday);
console.log(`  ratio today / plain: ${(todayMs / plainMs).toFixed(2)}`);

// ------------------------------------------------------------------------------------------------
// The sweep: one day's doses (2 per schedule), swept once an hour of business time over the day,
// vs the plain indexed query that reads the same due rows each hour.
let mails = 0;
const brands = createBrands(config);
const settings = new CareSettingsStore({ db, clock });
const reminders = new CareReminders({
  db,
  clock,
  access: new PetAccessPolicy({ db, kind: app.database.kind, clock }),
  settings,
  mailer: {
    kind: 'outbox',
    send: async () => {
      mails += 1;
    },
    close: async () => {},
  },
  log: app.log,
  language: async () => 'de',
  brandForPartner: brands.forPartner,
  originForBrand: brands.originFor,
});
if (clock.now().getTime() < dayStart) throw new Error('clock before the day');
// Run the day from now on, hour by hour, as the sweep would (it also runs every minute in between).
const hours = 24;
let sweepMs = 0;
let plainSweepMs = 0;
let swept = 0;
for (let h = 0; h < hours; h += 1) {
  clock.advance(3_600_000);
  const at = clock.now().toISOString();
  let start = performance.now();
  const rows = await db
    .selectFrom('medication_schedule as s')
    .innerJoin('medical_record as m', 'm.id', 's.med_id')
    .innerJoin('pet as p', 'p.id', 's.pet_id')
    .select(['s.med_id', 's.next_slot_at', 'm.name', 'p.name as pet_name'])
    .where('s.next_slot_at', 'is not', null)
    .where('s.next_slot_at', '<=', at)
    .execute();
  plainSweepMs += performance.now() - start;
  start = performance.now();
  const sent = await reminders.sweep();
  sweepMs += performance.now() - start;
  swept += sent.doses;
  if (rows.length > 0 && sent.doses === 0) throw new Error('the sweep sent nothing for due rows');
}
console.log(`Reminder sweep over ${hours} h (${swept} doses reminded, ${mails} mails):`);
console.log(
  `  sweep total                        ${sweepMs.toFixed(0)} ms (${(sweepMs / Math.max(1, swept)).toFixed(3)} ms per dose)`,
);
console.log(`  plain indexed query of due rows    ${plainSweepMs.toFixed(0)} ms`);
console.log(`  ratio sweep / plain: ${(sweepMs / Math.max(0.001, plainSweepMs)).toFixed(1)}`);

await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
