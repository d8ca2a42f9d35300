import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/platform/errors.ts';
import { PdfRenderPool, pdfRendererIn } from '../src/platform/pdf/index.ts';
import type * as Fixtures from './fixtures/pdf/renderers.ts';

const renderer = pdfRendererIn<typeof Fixtures>(new URL('./fixtures/pdf/renderers.ts', import.meta.url));

let pool: PdfRenderPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('PDF render pool (worker threads with a time limit)', { timeout: 60_000 }, () => {
  it('renders in a worker and answers the bytes', async () => {
    pool = new PdfRenderPool({ size: 1, timeoutMs: 20_000 });
    const bytes = await pool.render(renderer('echo'), { text: 'hello' });
    expect(bytes.toString()).toBe('%PDF-hello');
  });

  it('answers 503 Failure_Call_Text past the time limit, keeps the event loop free, and replaces the worker', async () => {
    pool = new PdfRenderPool({ size: 1, timeoutMs: 1_500 });
    // Warm the worker up first, so the limit measures the render, not the worker's start.
    await pool.render(renderer('echo'), { text: 'warm' });
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 50);
    const started = Date.now();
    const error = await pool.render(renderer('spin'), {}).catch((caught: unknown) => caught);
    clearInterval(ticker);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 503, key: 'Failure_Call_Text' });
    expect(Date.now() - started).toBeLessThan(10_000);
    // The endless render ran in the worker: this thread kept ticking the whole time.
    expect(ticks).toBeGreaterThan(10);
    // The stuck worker was terminated; the next render gets a fresh one.
    expect((await pool.render(renderer('echo'), { text: 'again' })).toString()).toBe('%PDF-again');
  });

  it('reports a renderer error as an ordinary failure and goes on', async () => {
    pool = new PdfRenderPool({ size: 1, timeoutMs: 20_000 });
    await expect(pool.render(renderer('fail'), {})).rejects.toThrow(/renderer broke/);
    expect((await pool.render(renderer('echo'), { text: 'ok' })).toString()).toBe('%PDF-ok');
  });

  it('ends a worker that had nothing to do for idleMs, never one at work, and starts a new one on demand', async () => {
    pool = new PdfRenderPool({ size: 1, timeoutMs: 20_000, idleMs: 300 });
    const first = (await pool.render(renderer('thread'), {})).toString();
    expect(pool.workers).toBe(1);
    // A render longer than idleMs on a worker that was idle before it: not ended under it.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await pool.render(renderer('thread'), { ms: 600 })).toString()).toBe(first);
    expect(pool.workers).toBe(1);
    const until = Date.now() + 10_000;
    while (pool.workers > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pool.workers).toBe(0);
    const second = (await pool.render(renderer('thread'), {})).toString();
    expect(second).toMatch(/^%PDF-\d+$/);
    expect(second).not.toBe(first);
  });

  it('refuses with 503 at once when its queue is full', async () => {
    pool = new PdfRenderPool({ size: 1, timeoutMs: 2_000, maxQueue: 1 });
    const busy = pool.render(renderer('spin'), {}).catch(() => 'timed out');
    const queued = pool.render(renderer('echo'), { text: 'queued' });
    await expect(pool.render(renderer('echo'), { text: 'third' })).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(await busy).toBe('timed out');
    expect((await queued).toString()).toBe('%PDF-queued');
  });
});
