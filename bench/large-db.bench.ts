// Lists stay as fast on a full database (issue 16, "keep" row): the latency of a signed-in owner's
// reads (myinfo, the medical list of a pet with 200 records, the documents and appointments lists)
// on a database of 10,000 users with 3 pets and 200 medical records each, over the same reads when
// the owner is alone in it. The read cache is off (READ_CACHE_TTL_MS=0): this measures the queries
// and their indexes. SQLite (the default store); the other users are copies of the owner's rows
// made with SQL, as loading six million records through the API would take hours.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import Database from 'better-sqlite3';
import { signedInSession, startServer } from './support/server.ts';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const PETS_PER_USER = 3;
const RECORDS_PER_PET = 200;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * Budget: a read on the full database takes at most this multiple of the same read alone. The issue
 * measured 1.00-1.06 and asks to keep it; 1.2 leaves room for a shared 2-core machine's noise.
 * Results by date: bench/HISTORY.md.
 */
const MAX_RATIO = 1.2;

// Two copies of the data: the owner alone, and the owner among USERS users. A server runs on each
// at the same time and the rounds alternate between them.
const fullDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-large-db-'));
const aloneDir = `${fullDir}-alone`;
const envOf = (dataDir: string) => ({ DATA_DIR: dataDir, READ_CACHE_TTL_MS: '0' });
const dbFile = path.join(fullDir, 'portal.sqlite');

/** The columns of a table and which of them must stay unique (primary key and unique indexes). */
function columnsOf(db: Database.Database, table: string) {
  const columns = (
    db.prepare(`PRAGMA table_info("${table}")`).all() as Array<{ name: string; pk: number }>
  ).map((c) => ({ name: c.name, unique: c.pk > 0 }));
  for (const index of db.prepare(`PRAGMA index_list("${table}")`).all() as Array<{
    name: string;
    unique: number;
  }>) {
    if (!index.unique) continue;
    for (const { name } of db.prepare(`PRAGMA index_info("${index.name}")`).all() as Array<{
      name: string;
    }>) {
      const column = columns.find((c) => c.name === name);
      if (column) column.unique = true;
    }
  }
  return columns;
}

/**
 * Copies the rows of `table` that belong to the owner `copies` times: ids, references to the
 * owner's user and pets, and unique values get the copy's number as a suffix, so each copy is
 * another user with their own pets and records.
 */
function copyRows(db: Database.Database, table: string, ownerFilter: string, copies: number) {
  const references = new Set(['id', 'user_id', 'userId', 'pet_id']);
  const select = columnsOf(db, table)
    .map(({ name, unique }) => (references.has(name) || unique ? `"${name}" || '-' || n.i` : `"${name}"`))
    .join(', ');
  const names = columnsOf(db, table)
    .map((c) => `"${c.name}"`)
    .join(', ');
  return db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO "${table}" (${names}) SELECT ${select} FROM "${table}" CROSS JOIN n WHERE ${ownerFilter}`,
    )
    .run(copies).changes;
}

interface Owner {
  token: string;
  petIds: string[];
}

/** Signs up the owner through the API; their 3 pets and 600 records are written with SQL. */
async function createOwner(): Promise<Owner> {
  const server = await startServer(envOf(fullDir));
  let token: string;
  let firstPet: string;
  try {
    ({ token } = await signedInSession(server.url));
    const res = await fetch(`${server.url}/v1/pet`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ name: 'Bello', pet_type: 'Dog' }),
    });
    if (res.status !== 201) throw new Error(`pet not created: ${res.status} ${await res.text()}`);
    firstPet = ((await res.json()) as { id: string }).id;
  } finally {
    await server.stop();
  }
  const db = new Database(dbFile);
  try {
    // The owner's other pets: letters, so no copy's '-{number}' suffix can match their ids.
    const petIds = [
      firstPet,
      ...'bcdefghij'
        .slice(0, PETS_PER_USER - 1)
        .split('')
        .map((l) => `${firstPet}-${l}`),
    ];
    db.transaction(() => {
      for (const id of petIds.slice(1)) {
        db.prepare(
          `INSERT INTO pet SELECT ?, user_id, name || ?, pet_type, gender, race, date_of_birth, size, color,
             features, labeling, ancestry, image_key, created_at, updated_at FROM pet WHERE id = ?`,
        ).run(id, id.slice(-2), firstPet);
      }
      for (const petId of petIds) {
        db.prepare(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
           INSERT INTO medical_record (id, pet_id, user_id, medical_type, name, date, known_since, still_acute,
             executing_person, comments, created_at, updated_at)
           SELECT ? || '-m' || n.i, pet.id, pet.user_id, 'allergy', 'Pollen ' || n.i, '02.04.2021', '01.04.2021',
             'Yes', 'Dr. Tierlieb', 'Sneezes in spring',
             '2026-01-01T00:00:' || printf('%02d', n.i % 60) || '.' || printf('%03d', n.i) || 'Z',
             '2026-01-01T00:00:00.000Z'
           FROM pet CROSS JOIN n WHERE pet.id = ?`,
        ).run(RECORDS_PER_PET, petId, petId);
      }
    })();
    return { token, petIds };
  } finally {
    db.close();
  }
}

/** USERS - 1 more users like the owner: their account rows, pets and records. */
function fillDatabase(ownerPet: string) {
  const db = new Database(dbFile);
  try {
    db.pragma('journal_mode = WAL');
    const ownerId = (db.prepare('SELECT user_id FROM pet WHERE id = ?').get(ownerPet) as { user_id: string })
      .user_id;
    const copies = USERS - 1;
    const counts: Record<string, number> = {};
    db.transaction(() => {
      counts.user = copyRows(db, 'user', `"id" = '${ownerId}'`, copies);
      counts.user_profile = copyRows(db, 'user_profile', `user_id = '${ownerId}'`, copies);
      counts.user_subscription = copyRows(db, 'user_subscription', `user_id = '${ownerId}'`, copies);
      counts.pet = copyRows(db, 'pet', `user_id = '${ownerId}'`, copies);
      counts.medical_record = copyRows(db, 'medical_record', `user_id = '${ownerId}'`, copies);
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('ANALYZE');
    return counts;
  } finally {
    db.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The median latency (ms) of one read asked again and again for `durationMs` over one keep-alive
 * connection, timed to the microsecond (autocannon counts whole milliseconds).
 */
async function medianLatency(url: string, headers: Record<string, string>, durationMs: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  const until = performance.now() + durationMs;
  try {
    while (performance.now() < until) {
      const started = performance.now();
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get(url, { agent, headers }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          })
          .on('error', reject);
      });
      if (status !== 200) throw new Error(`${url}: ${status}`);
      latencies.push(performance.now() - started);
    }
  } finally {
    agent.destroy();
  }
  return median(latencies);
}

/**
 * Median latency (ms) of each read on each side, medians of ROUNDS rounds after a warm-up round;
 * the sides alternate within each round.
 */
async function measure(owner: Owner, sides: Record<string, string>) {
  const servers = Object.fromEntries(
    await Promise.all(
      Object.entries(sides).map(async ([side, dir]) => [side, await startServer(envOf(dir))] as const),
    ),
  );
  try {
    const reads = {
      myinfo: '/v1/auth/myinfo',
      'medical list (200)': `/v1/medical/mypetmedicals?pet_id=${owner.petIds[1]}`,
      'documents list': `/v1/document/mydocs?pet_id=${owner.petIds[1]}`,
      'appointments list': '/v1/appointment/myappointments',
    };
    const samples = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS + 1; round++) {
      for (const [name, url] of Object.entries(reads)) {
        for (const [side, server] of Object.entries(servers)) {
          const latency = await medianLatency(
            `${server.url}${url}`,
            { authorization: `Bearer ${owner.token}` },
            DURATION_S * 1000,
          );
          // The first round warms up.
          if (round > 0)
            samples.set(`${name}\n${side}`, [...(samples.get(`${name}\n${side}`) ?? []), latency]);
        }
      }
    }
    return (name: string, side: string) => median(samples.get(`${name}\n${side}`)!);
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  }
}

let failed = false;
try {
  const owner = await createOwner();
  fs.cpSync(fullDir, aloneDir, { recursive: true });
  const started = Date.now();
  const counts = fillDatabase(owner.petIds[0]!);
  console.log(
    `filled in ${((Date.now() - started) / 1000).toFixed(0)} s: ` +
      Object.entries(counts)
        .map(([table, n]) => `${table} +${n}`)
        .join(', ') +
      `; database ${(fs.statSync(dbFile).size / 2 ** 20).toFixed(0)} MiB`,
  );
  const latency = await measure(owner, { alone: aloneDir, full: fullDir });
  console.log(
    `${ROUNDS} rounds of ${DURATION_S} s per read and side, alternating, one connection, read cache off; medians:`,
  );
  for (const name of ['myinfo', 'medical list (200)', 'documents list', 'appointments list']) {
    const [aloneMs, fullMs] = [latency(name, 'alone'), latency(name, 'full')];
    const ratio = fullMs / aloneMs;
    console.log(
      `${name.padEnd(20)} alone ${aloneMs.toFixed(3)} ms, among ${USERS} users ${fullMs.toFixed(3)} ms, ` +
        `ratio ${ratio.toFixed(2)} (budget <= ${MAX_RATIO})`,
    );
    if (ratio > MAX_RATIO) failed = true;
  }
} finally {
  fs.rmSync(fullDir, { recursive: true, force: true });
  fs.rmSync(aloneDir, { recursive: true, force: true });
}
if (failed) {
  console.error('BUDGET BROKEN: a read is slower on a full database');
  process.exit(1);
}
