// Soak (issue 40.9): the real mix held for a long time at 70 % of its max rate must answer every
// request (0 errors, 0 non-2xx) and keep its memory: the server's RSS at the end within 10 % of
// its RSS after the warm-up. The mix is many users, some writing: each user's client reads myinfo
// and the pet, medical, document and appointment lists, and every tenth request is a pet update.
// First the max rate of that mix (all clients at full speed), then SOAK_S seconds paced at 70 %
// of it (autocannon's overallRate per client), RSS sampled every 5 s.
// Results by date: bench/HISTORY.md.
import autocannon from 'autocannon';
import { rssBytes, signedInToken, startServer } from './support/server.ts';

const SOAK_S = Number(process.env.SOAK_S ?? 600);
const MAX_RATE_S = Number(process.env.BENCH_DURATION ?? 10);
const USERS = Number(process.env.SOAK_USERS ?? 5);
/** Budgets (issue 40.9): no failed request; RSS at the end within 10 % of after the warm-up. */
const MAX_RSS_GROWTH = 0.1;
const WARM_UP_S = Math.min(60, SOAK_S / 5);

const server = await startServer();
let failed = false;
try {
  const clients: Array<{ token: string; petId: string }> = [];
  for (let i = 0; i < USERS; i++) {
    const token = await signedInToken(server.url);
    const res = await fetch(`${server.url}/v1/pet`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ name: `Bello ${i}`, pet_type: 'Dog' }),
    });
    if (res.status !== 200 && res.status !== 201) throw new Error(`pet: ${res.status} ${await res.text()}`);
    clients.push({ token, petId: ((await res.json()) as { id: string }).id });
  }

  /** One user's requests in the order its connections cycle through them: nine reads, one write. */
  const mixOf = (petId: string) => {
    const get = (path: string) => ({ method: 'GET' as const, path });
    return [
      get('/v1/auth/myinfo'),
      get(`/v1/pet?pet_id=${petId}`),
      get(`/v1/medical/mypetmedicals?pet_id=${petId}`),
      get(`/v1/document/mydocs?pet_id=${petId}`),
      get('/v1/appointment/myappointments'),
      get('/v1/auth/myinfo'),
      get(`/v1/contact/mycontacts?pet_id=${petId}`),
      get(`/v1/medical/mypetmedicals?pet_id=${petId}`),
      get(`/v1/document/mydocs?pet_id=${petId}`),
      {
        method: 'PUT' as const,
        path: `/v1/pet?id=${petId}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bello', pet_type: 'Dog', color: 'brown' }),
      },
    ];
  };

  /** Every user's client at once; answers the summed mean rate and the failures. */
  const runMix = async (durationS: number, overallRatePerClient?: number) => {
    const results = await Promise.all(
      clients.map(({ token, petId }) =>
        autocannon({
          url: server.url,
          headers: { authorization: `Bearer ${token}` },
          connections: 2,
          duration: durationS,
          requests: mixOf(petId),
          ...(overallRatePerClient ? { overallRate: overallRatePerClient } : {}),
        }),
      ),
    );
    return {
      rate: results.reduce((sum, r) => sum + r.requests.average, 0),
      total: results.reduce((sum, r) => sum + r.requests.total, 0),
      failures: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    };
  };

  const max = await runMix(MAX_RATE_S);
  if (max.failures > 0) throw new Error(`max-rate run: ${max.failures} failed requests`);
  const soakRate = Math.max(1, Math.floor((max.rate * 0.7) / clients.length));
  console.log(
    `max rate of the mix (${USERS} users, 10 % writes): ${Math.round(max.rate)} req/s; ` +
      `soak ${SOAK_S} s at ${soakRate * clients.length} req/s (70 %)`,
  );

  const samples: Array<{ at: number; rss: number }> = [];
  const started = Date.now();
  const sampler = setInterval(
    () => samples.push({ at: (Date.now() - started) / 1000, rss: rssBytes(server.pid) }),
    5000,
  );
  const soak = await runMix(SOAK_S, soakRate);
  clearInterval(sampler);

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const afterWarmUp = median(
    samples.filter((s) => s.at >= WARM_UP_S && s.at < WARM_UP_S + 60).map((s) => s.rss),
  );
  const atEnd = median(samples.filter((s) => s.at >= SOAK_S - 60).map((s) => s.rss));
  const growth = afterWarmUp ? atEnd / afterWarmUp - 1 : 0;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `soak: ${soak.total} requests, ${soak.failures} failed; RSS after warm-up ${mb(afterWarmUp)} MB, ` +
      `at the end ${mb(atEnd)} MB (${(growth * 100).toFixed(1)} %, budget ${MAX_RSS_GROWTH * 100} %)`,
  );
  if (soak.failures > 0) {
    console.error(`BUDGET BROKEN: ${soak.failures} requests failed during the soak`);
    failed = true;
  }
  if (growth > MAX_RSS_GROWTH) {
    console.error(`BUDGET BROKEN: RSS grew ${(growth * 100).toFixed(1)} % during the soak`);
    failed = true;
  }
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
