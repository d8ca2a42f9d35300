import http from 'node:http';

/**
 * Latency of a steady stream of GETs, measured open-loop: request i is due at start + i × interval
 * whether or not earlier ones have answered, and its latency counts from that due moment, so a
 * stall of the server (or of this process) is counted for every request it held up.
 *
 * Why not autocannon for this: with a rate, autocannon sends each connection's share of a second
 * back to back and "corrects" coordinated omission with an expected interval of ceil(1 / rate),
 * which is 1 ms for any rate above 1 req/s; at 25 req/s per connection one 20 ms answer was
 * recorded as twenty answers of 1–20 ms, and the p99 of a 100 req/s stream was mostly those.
 */
export interface PacedReadOptions {
  url: string;
  headers?: Record<string, string>;
  ratePerSecond: number;
  durationMs: number;
  /** Keep-alive connections at most (requests beyond wait in the agent, counted in their latency). */
  connections?: number;
}

export interface PacedReadResult {
  /** Latencies in milliseconds, sorted. */
  latencies: number[];
  non2xx: number;
  errors: number;
}

export async function pacedRead(options: PacedReadOptions): Promise<PacedReadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections ?? 8 });
  const target = new URL(options.url);
  const interval = 1000 / options.ratePerSecond;
  const total = Math.round((options.durationMs / 1000) * options.ratePerSecond);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;

  const send = (dueAt: number) =>
    new Promise<void>((resolve) => {
      const request = http.get(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          agent,
          headers: options.headers,
        },
        (response) => {
          if (response.statusCode! < 200 || response.statusCode! >= 300) non2xx += 1;
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - dueAt);
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });

  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const dueAt = start + i * interval;
    const wait = dueAt - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(dueAt));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { latencies: latencies.sort((a, b) => a - b), non2xx, errors };
}

/** The p-th percentile (0–100) of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
