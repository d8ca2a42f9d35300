import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.ts';

/**
 * PDF rendering off the event loop (issue 15 item 6): pdfkit lays text out synchronously, so a long
 * document held every other request. Renderers run in worker threads; a render that exceeds its time
 * limit has its worker terminated (and replaced) and answers 503, so neither a hostile input nor a
 * bug can stall the server. A renderer is a module export `(data) => Readable | Promise<Readable>`
 * whose data survives structured cloning (Buffers arrive as Uint8Array), named by a handle
 * (`pdfRendererIn`).
 */

export interface PdfRenderPoolOptions {
  /** Worker threads (default: 2, at most the CPUs less one, at least 1). */
  size?: number;
  /**
   * Time limit of one render from its start in a worker, in ms (default 20 s: below the clients'
   * 30 s request timeout, so they get a clear 503 rather than no answer).
   */
  timeoutMs?: number;
  /** Renders waiting for a worker before further ones are refused with 503 (default 32). */
  maxQueue?: number;
  /** Heap limit of a worker in MB (default 256): a runaway document ends as an error, not a crash. */
  maxHeapMb?: number;
  /**
   * A worker with nothing to do for this long, in ms, is ended (default 5 minutes). One that has
   * drawn a PDF thumbnail holds about 200 MB of the process's memory (pdf.js, the canvas, tsx),
   * which a server that renders now and then should not keep for good. The next render starts a
   * new worker, about a second later than a warm one would answer; a user who downloads several
   * PDFs in a row waits for that once.
   */
  idleMs?: number;
}

/** What a renderer answers: the PDF's bytes as a stream (a pdfkit document, a Readable) or as chunks. */
type PdfRenderOutput = AsyncIterable<unknown> | Iterable<Uint8Array>;
type RenderFunction = (data: never) => PdfRenderOutput | Promise<PdfRenderOutput>;
/** A module's exports that are renderers. */
type RendererNames<Module> = {
  [Name in keyof Module]: Module[Name] extends RenderFunction ? Name : never;
}[keyof Module] &
  string;
type RendererData<Render> = Render extends (data: infer Data) => unknown ? Data : never;

/** A renderer the pool runs: export `exportName` of the module at `moduleUrl`, which takes `Data`. */
export interface PdfRendererHandle<Data> {
  readonly moduleUrl: string;
  readonly exportName: string;
  /** Never set: carries `Data`, which `render` holds its argument to. */
  readonly takes?: (data: Data) => void;
}

/**
 * Names renderers of one module for the pool, typed from the module's own type (`import type * as`),
 * so neither a name nor the data can drift from the renderer, and only the workers load the module:
 * `pdfRendererIn<typeof TagSheet>(new URL('./tag-sheet.pdf.ts', import.meta.url))('renderTagSheet')`.
 */
export function pdfRendererIn<Module>(moduleUrl: URL) {
  return <Name extends RendererNames<Module>>(
    exportName: Name,
  ): PdfRendererHandle<RendererData<Module[Name]>> => ({
    moduleUrl: moduleUrl.href,
    exportName,
  });
}

export interface PdfRenderer {
  /** Runs the renderer with `data` in a worker; answers the PDF bytes. */
  render<Data>(renderer: PdfRendererHandle<Data>, data: NoInfer<Data>): Promise<Buffer>;
  close(): Promise<void>;
}

/** The answer for a render over its time limit or a full queue: the catalogue's generic 5xx. */
export const pdfUnavailable = (message: string) => new AppError(503, 'Failure_Call_Text', message);

const WORKER_URL = new URL('./render-worker.mjs', import.meta.url);

interface Job {
  id: number;
  moduleUrl: string;
  exportName: string;
  data: unknown;
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** While the worker waits for work: ends it after `idleMs`. */
  idleTimer: NodeJS.Timeout | null;
}

type WorkerMessage = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; message: string };

export class PdfRenderPool implements PdfRenderer {
  private readonly size: number;
  private readonly timeoutMs: number;
  private readonly maxQueue: number;
  private readonly maxHeapMb: number;
  private readonly idleMs: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: PdfRenderPoolOptions = {}) {
    this.size = options.size ?? Math.max(1, Math.min(2, os.availableParallelism() - 1));
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.maxQueue = options.maxQueue ?? 32;
    this.maxHeapMb = options.maxHeapMb ?? 256;
    this.idleMs = options.idleMs ?? 5 * 60_000;
  }

  /** Worker threads running now (started on demand, ended after `idleMs` without work). */
  get workers(): number {
    return this.slots.length;
  }

  render<Data>(renderer: PdfRendererHandle<Data>, data: NoInfer<Data>): Promise<Buffer> {
    if (this.closed) return Promise.reject(pdfUnavailable('PDF rendering is shut down'));
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(pdfUnavailable('Too many PDFs are being rendered; try again shortly'));
    }
    return new Promise<Buffer>((resolve, reject) => {
      const { moduleUrl, exportName } = renderer;
      this.queue.push({ id: this.nextId++, moduleUrl, exportName, data, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(pdfUnavailable('PDF rendering is shut down'));
    await Promise.all(this.slots.splice(0).map((slot) => this.stop(slot, 'PDF rendering is shut down')));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => candidate.job === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      this.finish(slot); // an idle worker's countdown ends
      slot.job = job;
      // The limit runs from the start in a worker: a queued render is not charged for its wait.
      slot.timer = setTimeout(() => {
        this.slots.splice(this.slots.indexOf(slot), 1);
        void this.stop(slot, `PDF rendering exceeded its time limit of ${this.timeoutMs} ms`);
        this.dispatch();
      }, this.timeoutMs);
      slot.worker.postMessage({
        id: job.id,
        moduleUrl: job.moduleUrl,
        exportName: job.exportName,
        data: job.data,
      });
    }
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL, {
      // Not the parent's flags (a test runner's or a --watch): the worker registers tsx itself.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
    });
    // An idle worker does not keep the process alive.
    worker.unref();
    const slot: Slot = { worker, job: null, timer: null, idleTimer: null };
    worker.on('message', (message: WorkerMessage) => {
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      this.finish(slot);
      if (message.ok)
        job.resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.length));
      else job.reject(new Error(`PDF rendering failed: ${message.message}`));
      this.dispatch();
      if (slot.job === null) this.endWhenIdle(slot);
    });
    const fail = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index !== -1) this.slots.splice(index, 1);
      const job = slot.job;
      this.finish(slot);
      job?.reject(error);
      this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`PDF render worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }

  private endWhenIdle(slot: Slot): void {
    slot.idleTimer = setTimeout(() => {
      const index = this.slots.indexOf(slot);
      if (index === -1 || slot.job !== null) return;
      this.slots.splice(index, 1);
      void this.stop(slot, 'idle');
    }, this.idleMs);
    // Waiting to end an idle worker keeps nothing alive.
    slot.idleTimer.unref();
  }

  /** The slot has no job and no countdown (its job ended, or it takes one now). */
  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.timer = null;
    slot.idleTimer = null;
    slot.job = null;
  }

  private async stop(slot: Slot, reason: string): Promise<void> {
    const job = slot.job;
    this.finish(slot);
    job?.reject(pdfUnavailable(reason));
    slot.worker.removeAllListeners('exit');
    slot.worker.removeAllListeners('message');
    slot.worker.on('error', () => {});
    await slot.worker.terminate();
  }
}
