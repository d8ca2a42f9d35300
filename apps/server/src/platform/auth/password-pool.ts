import os from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * A small pool of worker threads for scrypt. Hashing at OWASP strength costs a few hundred
 * milliseconds of CPU and 128 MiB per call; on libuv's shared thread pool (crypto.scrypt) a flood of
 * sign-ins also starved everything else that pool runs (WebCrypto, file system), and CPU-bound
 * hashing on more threads than cores slows the event loop. So hashing runs on its own threads, at
 * most `workers` at a time, with at most `maxQueue` waiting: a call beyond that is refused at once
 * (PasswordPoolBusyError, answered 429 with Retry-After) instead of queueing without bound.
 */
export interface PasswordPoolOptions {
  /** Threads hashing at once. Default: one core less than the machine has (at least 1, at most 4). */
  workers?: number;
  /**
   * Calls waiting for a thread before new ones are refused. Default: 16 per thread (a few seconds of
   * hashing: a burst of sign-ins waits, a flood is refused).
   */
  maxQueue?: number;
}

export class PasswordPoolBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Password hashing is at capacity');
  }
}

interface Job {
  password: string;
  salt: Buffer;
  n: number;
  r: number;
  p: number;
  keyLength: number;
}

interface Pending {
  job: Job;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

// Plain CommonJS evaluated in the worker: runs the same under tsx, vitest and a build.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
// Lowest CPU priority for this thread (Linux: setpriority on the calling thread only), so on a
// busy machine the event loop goes first and hashing takes what is left.
try { require('node:os').setPriority(19); } catch {}
parentPort.on('message', ({ password, salt, n, r, p, keyLength }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keyLength, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 });
    parentPort.postMessage({ key });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
});
`;

export function defaultWorkers(): number {
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}

class PoolThread {
  private worker: Worker | null = null;
  current: Pending | null = null;

  constructor(private readonly onFree: (thread: PoolThread) => void) {}

  run(pending: Pending) {
    this.current = pending;
    const worker = this.ensure();
    worker.ref();
    worker.postMessage({ ...pending.job, salt: new Uint8Array(pending.job.salt) });
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    worker.on('message', (message: { key?: Uint8Array; error?: string }) => this.finish(message));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      this.fail(new Error('password worker exited'));
    });
    this.worker = worker;
    return worker;
  }

  private finish({ key, error }: { key?: Uint8Array; error?: string }) {
    const pending = this.current;
    this.current = null;
    this.worker?.unref();
    if (pending) {
      if (key) pending.resolve(Buffer.from(key));
      else pending.reject(new Error(error ?? 'scrypt failed'));
    }
    this.onFree(this);
  }

  private fail(error: Error) {
    const pending = this.current;
    this.current = null;
    if (pending) pending.reject(error);
    this.onFree(this);
  }

  async close() {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}

export class PasswordPool {
  readonly workers: number;
  readonly maxQueue: number;
  private readonly threads: PoolThread[];
  private readonly queue: Pending[] = [];
  /** Running average of one hash, for Retry-After. */
  private averageMs = 500;
  private closed = false;

  constructor(options: PasswordPoolOptions = {}) {
    this.workers = Math.max(1, options.workers ?? defaultWorkers());
    this.maxQueue = Math.max(0, options.maxQueue ?? this.workers * 16);
    this.threads = Array.from({ length: this.workers }, () => new PoolThread((t) => this.next(t)));
  }

  /** Calls running or waiting now. */
  get load(): number {
    return this.queue.length + this.threads.filter((t) => t.current).length;
  }

  scrypt(job: Job): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('password pool closed'));
    const idle = this.threads.find((t) => !t.current);
    if (!idle && this.queue.length >= this.maxQueue) {
      // Waiting calls ahead, shared by the threads: when a slot is likely free again.
      const seconds = Math.ceil(((this.queue.length + 1) * this.averageMs) / this.workers / 1000);
      return Promise.reject(new PasswordPoolBusyError(Math.max(1, seconds)));
    }
    const started = Date.now();
    return new Promise<Buffer>((resolve, reject) => {
      const pending: Pending = {
        job,
        resolve: (key) => {
          this.averageMs = this.averageMs * 0.8 + (Date.now() - started) * 0.2;
          resolve(key);
        },
        reject,
      };
      if (idle) idle.run(pending);
      else this.queue.push(pending);
    });
  }

  private next(thread: PoolThread) {
    const pending = this.queue.shift();
    if (pending) thread.run(pending);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('password pool closed'));
    await Promise.all(this.threads.map((t) => t.close()));
  }
}
