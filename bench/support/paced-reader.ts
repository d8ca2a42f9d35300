import net from 'node:net';

/**
 * Latency of a steady stream of GETs, measured open-loop: request i is due at start + i × interval
 * whether or not earlier ones have answered, so a stall of the server is counted for every request
 * it held up. By default a latency counts from the due moment (a stall of this process counts
 * too); `latencyFrom: 'sent'` counts from the send, and `maxLateMs` tells how late sends were.
 *
 * Why not autocannon for this: with a rate, autocannon sends each connection's share of a second
 * back to back and then waits for the next second, so "half the rate" is full speed for half a
 * second; and it "corrects" coordinated omission with an expected interval of ceil(1 / rate),
 * which is 1 ms for any rate above 1 req/s: at 25 req/s per connection one 20 ms answer was
 * recorded as twenty answers of 1–20 ms, and the p99 of a 100 req/s stream was mostly those.
 *
 * The client is a few keep-alive sockets speaking HTTP/1.1 directly (one request in flight per
 * socket, the rest queued here): Node's http agent cost about 120 us of this process's CPU per
 * request, which at thousands per second took a core the servers being measured needed.
 */
export interface PacedReadOptions {
  url: string;
  headers?: Record<string, string>;
  ratePerSecond: number;
  durationMs: number;
  /** Keep-alive connections at most (requests beyond wait here, counted in their latency). */
  connections?: number;
  /**
   * Where a latency starts: at the request's due moment (the default), or when this process
   * sends it or queues it for a busy connection. At thousands of requests per second the timer's
   * 1 ms steps send them in small groups up to 1 ms late; counted from the due moment, that
   * lateness would add up to 1 ms to every request on both sides of a comparison and push its
   * ratio towards 1. Time queued behind busy connections counts either way.
   */
  latencyFrom?: 'due' | 'sent';
  /**
   * Sent at the same rate before the measured stream and not counted. After a pause (the other
   * side of a comparison ran meanwhile) the first tens of milliseconds are slow on either side:
   * new connections, expired caches, a process woken from idle; at thousands per second they
   * alone were the whole 1 % of a p99. This measures the steady rate's latency.
   */
  warmupMs?: number;
  /**
   * Each request's method, path and JSON body, when they vary (a mixed workload); `url` then gives
   * only the host. Called once per request, in order.
   */
  nextRequest?: () => { method: string; path: string; headers?: Record<string, string>; body?: string };
}

export interface PacedReadResult {
  /** Latencies in milliseconds, sorted. */
  latencies: number[];
  /** The most this process sent a counted request after its due moment, in ms (it stalled). */
  maxLateMs: number;
  non2xx: number;
  errors: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('\r\n0\r\n\r\n');

/** One keep-alive connection: sends a request, calls back with the status when its answer is in. */
class Connection {
  private readonly socket: net.Socket;
  private pending: Buffer = Buffer.alloc(0);
  private onAnswer: ((status: number) => void) | null = null;
  readonly ready: Promise<void>;

  constructor(target: URL, onError: () => void) {
    this.socket = net.connect(Number(target.port), target.hostname);
    this.socket.setNoDelay(true);
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('data', (data) => this.read(data));
    this.socket.on('error', onError);
    // The server closed the connection with a request unanswered.
    this.socket.on('close', () => {
      if (this.busy) onError();
    });
  }

  get busy(): boolean {
    return this.onAnswer !== null;
  }

  send(request: Buffer, onAnswer: (status: number) => void): void {
    this.onAnswer = onAnswer;
    this.socket.write(request);
  }

  close(): void {
    this.socket.destroy();
  }

  /** Calls back once a whole answer is in (by its Content-Length, or a chunked body's last chunk). */
  private read(data: Buffer): void {
    this.pending = this.pending.length === 0 ? data : Buffer.concat([this.pending, data]);
    const headerEnd = this.pending.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = this.pending.subarray(0, headerEnd).toString('latin1');
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    const bodyStart = headerEnd + HEADER_END.length;
    let end: number;
    if (length) {
      end = bodyStart + Number(length[1]);
      if (this.pending.length < end) return;
    } else {
      const last = this.pending.indexOf(CHUNKED_END, bodyStart - 2);
      if (last < 0) return;
      end = last + CHUNKED_END.length;
    }
    this.pending = this.pending.subarray(end);
    const answered = this.onAnswer!;
    this.onAnswer = null;
    answered(Number(head.slice(9, 12)));
  }
}

export async function pacedRead(options: PacedReadOptions): Promise<PacedReadResult> {
  const target = new URL(options.url);
  const request = Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nhost: ${target.host}\r\n` +
      Object.entries(options.headers ?? {})
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n',
    'latin1',
  );
  const headerLines = Object.entries(options.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const requestOf = options.nextRequest
    ? () => {
        const { method, path, headers, body } = options.nextRequest!();
        const payload = body === undefined ? '' : body;
        const own = Object.entries(headers ?? {})
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('');
        return Buffer.from(
          `${method} ${path} HTTP/1.1\r\nhost: ${target.host}\r\n${headerLines}${own}` +
            (body === undefined
              ? ''
              : `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`) +
            `\r\n${payload}`,
          'utf8',
        );
      }
    : () => request;
  const interval = 1000 / options.ratePerSecond;
  const warmup = Math.round(((options.warmupMs ?? 0) / 1000) * options.ratePerSecond);
  const total = warmup + Math.round((options.durationMs / 1000) * options.ratePerSecond);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let answered = 0;
  let maxLateMs = 0;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const connections = Array.from(
    { length: options.connections ?? 8 },
    () =>
      new Connection(target, () => {
        errors += 1;
        finish();
      }),
  );
  await Promise.all(connections.map((connection) => connection.ready));

  /** A request's start of latency, or null for a warm-up request (not counted). */
  type Pending = number | null;
  /** Requests due while all connections were busy, in order. */
  const queue: Pending[] = [];
  const send = (connection: Connection, startAt: Pending) =>
    connection.send(requestOf(), (status) => {
      if (startAt !== null) latencies.push(performance.now() - startAt);
      if (status < 200 || status >= 300) non2xx += 1;
      if (queue.length > 0) send(connection, queue.shift()!);
      if (++answered === total) finish();
    });

  const start = performance.now();
  for (let i = 0; i < total && errors === 0; i++) {
    const dueAt = start + i * interval;
    const wait = dueAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const now = performance.now();
    if (i >= warmup) maxLateMs = Math.max(maxLateMs, now - dueAt);
    const startAt = i < warmup ? null : options.latencyFrom === 'sent' ? now : dueAt;
    const idle = connections.find((connection) => !connection.busy);
    if (idle) send(idle, startAt);
    else queue.push(startAt);
  }
  await finished;
  for (const connection of connections) connection.close();
  return { latencies: latencies.sort((a, b) => a - b), maxLateMs, non2xx, errors };
}

/** The p-th percentile (0–100) of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
