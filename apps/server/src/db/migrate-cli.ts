import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { seedPlans } from './seed.ts';

// `npm run migrate`: the same migrations the server runs at start, without starting it.
const config = loadConfig();
const handle = openDatabase(config);
try {
  const applied = await migrateToLatest(handle.db);
  const seeded = await seedPlans(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database already up to date.');
  if (seeded > 0) console.log(`Seeded ${seeded} plan(s).`);
} finally {
  await handle.close();
}
