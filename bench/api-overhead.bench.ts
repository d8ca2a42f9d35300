// What the full stack costs per request (issue 16): requests per second of signed-in list calls
// (myinfo, medical list, documents list, appointments list; bearer session) and of GET /v1/config
// (no session) over a bare Fastify route answering the same status and JSON. Both servers run in
// their own processes, autocannon in this one; the sides alternate, the median of the rounds' ratios.
import autocannon from 'autocannon';
import { pacedRead, percentile } from './support/paced-reader.ts';
import { startBareServer, startServer, signedInToken } from './support/server.ts';

// Results by date: bench/HISTORY.md.
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Budgets (issue 16): signed-in list calls keep half a bare route's rate, /v1/config 70 %. */
const MIN_SIGNED_IN_RATIO = 0.5;
const MIN_CONFIG_RATIO = 0.7;
/** Budget (issue 16): at half of the app's max rate, its p99 stays within twice the bare route's. */
const MAX_P99_RATIO = 2.0;

const server = await startServer();
const bare = { stop: async () => undefined } as Awaited<ReturnType<typeof startBareServer>>;
let failed = false;
try {
  const token = await signedInToken(server.url);
  const auth = { authorization: `Bearer ${token}` };
  const pet = (await (
    await fetch(`${server.url}/v1/pet`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ name: 'Bello', pet_type: 'Dog' }),
    })
  ).json()) as { id: string };

  const targets: Array<{ name: string; path: string; signedIn: boolean }> = [
    { name: 'GET /v1/auth/myinfo', path: '/v1/auth/myinfo', signedIn: true },
    { name: 'GET medical list', path: `/v1/medical/mypetmedicals?pet_id=${pet.id}`, signedIn: true },
    { name: 'GET documents list', path: `/v1/document/mydocs?pet_id=${pet.id}`, signedIn: true },
    { name: 'GET appointments list', path: '/v1/appointment/myappointments', signedIn: true },
    { name: 'GET /v1/config', path: '/v1/config', signedIn: false },
  ];
  // The bare side answers what the app answers (status and body), on the same paths.
  const routes: Record<string, { status: number; body: unknown }> = {};
  for (const target of targets) {
    const res = await fetch(`${server.url}${target.path}`, { headers: target.signedIn ? auth : {} });
    if (!res.ok) throw new Error(`${target.name}: ${res.status} ${await res.text()}`);
    routes[target.path.split('?')[0]!] = {
      status: res.status,
      body: res.status === 204 ? null : await res.json(),
    };
  }
  Object.assign(bare, await startBareServer(routes));

  /** The mean throughput of one autocannon run at full speed. */
  const rate = async (url: string, headers: Record<string, string>) => {
    const result = await autocannon({ url, headers, connections: 10, duration: DURATION_S });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result.requests.average;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  /** Each round's app ÷ bare (the two ran back to back). */
  const perRound = (app: number[], bareSide: number[]) => app.map((value, round) => value / bareSide[round]!);

  console.log(`${ROUNDS} rounds of ${DURATION_S} s per side, alternating; medians:`);
  for (const target of targets) {
    const headers = target.signedIn ? auth : {};
    const bareRates: number[] = [];
    const appRates: number[] = [];
    await rate(`${server.url}${target.path}`, headers); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      bareRates.push(await rate(`${bare.url}${target.path}`, headers));
      appRates.push(await rate(`${server.url}${target.path}`, headers));
    }
    // The ratio of each round's pair (run back to back), then their median: the machine's speed
    // drifts between rounds (the bare route alone has moved between 25,000 and 44,000 req/s within
    // one run), and a pair sees the same state of it, where the two medians may come from
    // different rounds.
    const rateRatios = perRound(appRates, bareRates);
    const ratio = median(rateRatios);
    const budget = target.signedIn ? MIN_SIGNED_IN_RATIO : MIN_CONFIG_RATIO;
    console.log(
      `${target.name.padEnd(24)} app ${median(appRates).toFixed(0).padStart(6)} req/s, bare ` +
        `${median(bareRates).toFixed(0).padStart(6)} req/s (medians), ratio ${ratio.toFixed(2)} ` +
        `(budget >= ${budget}; per round ${rateRatios.map((value) => value.toFixed(2)).join(', ')})`,
    );
    if (ratio < budget) failed = true;

    // Latency under a steady load both sides can carry: half of the app's max rate, paced evenly
    // (support/paced-reader.ts: autocannon's rate sends each second's share at full speed, and
    // its latencies are whole milliseconds), after a second at that rate that is not counted.
    const halfRate = Math.max(1, Math.floor(median(appRates) / 2));
    // How far this process fell behind the schedule: a stall of the client, not of the servers.
    let clientLateMs = 0;
    const p99Of = async (url: string) => {
      const result = await pacedRead({
        url,
        headers,
        ratePerSecond: halfRate,
        durationMs: DURATION_S * 1000,
        connections: 10,
        latencyFrom: 'sent',
        warmupMs: 1000,
      });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      clientLateMs = Math.max(clientLateMs, result.maxLateMs);
      return percentile(result.latencies, 99);
    };
    const bareP99: number[] = [];
    const appP99: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bareP99.push(await p99Of(`${bare.url}${target.path}`));
      appP99.push(await p99Of(`${server.url}${target.path}`));
    }
    const p99Ratios = perRound(appP99, bareP99);
    const p99Ratio = median(p99Ratios);
    console.log(
      `${''.padEnd(24)} at ${halfRate} req/s: p99 app ${median(appP99).toFixed(2)} ms, bare ` +
        `${median(bareP99).toFixed(2)} ms (medians), ratio ${p99Ratio.toFixed(2)} (budget <= ${MAX_P99_RATIO}; ` +
        `per round ${p99Ratios.map((value) => value.toFixed(2)).join(', ')}; sends at most ` +
        `${clientLateMs.toFixed(0)} ms late)`,
    );
    if (p99Ratio > MAX_P99_RATIO) failed = true;
  }
} finally {
  await Promise.all([server.stop(), bare.stop()]);
}
if (failed) {
  console.error('BUDGET BROKEN: the app stack costs too much per request');
  process.exit(1);
}
