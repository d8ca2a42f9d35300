// Requests per second of GET /v1/config (the full app: brand resolution, helmet, zod serializer,
// logging) over a bare Fastify route answering the same JSON, measured in one run on one machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
/** Budget: the full stack keeps at least this share of a bare route's throughput. */
const MIN_RATIO = 0.25;

async function measure(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 20, duration: DURATION_S });
  return result.requests.average;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-bench-'));
const app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
const payload = (await app.inject({ url: '/v1/config' })).json();

const bare = Fastify();
bare.get('/v1/config', async () => payload);
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

const bareRps = await measure(`${bareUrl}/v1/config`);
const appRps = await measure(`${appUrl}/v1/config`);
await Promise.all([app.close(), bare.close()]);
fs.rmSync(dataDir, { recursive: true, force: true });

const ratio = appRps / bareRps;
console.log(`bare fastify route: ${bareRps.toFixed(0)} req/s`);
console.log(`GET /v1/config:     ${appRps.toFixed(0)} req/s`);
console.log(`ratio app/bare:     ${ratio.toFixed(2)} (budget >= ${MIN_RATIO})`);
if (ratio < MIN_RATIO) {
  console.error('BUDGET BROKEN: the app stack costs too much per request');
  process.exit(1);
}
