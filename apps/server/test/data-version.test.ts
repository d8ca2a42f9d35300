import { describe, expect, it } from 'vitest';
import { sharedReadsAfterArrival } from '../src/db/data-version.ts';

/** A read whose answers the test hands out one by one. */
function controlledRead() {
  const pending: Array<(value: string) => void> = [];
  let reads = 0;
  return {
    read: () =>
      new Promise<string>((resolve) => {
        reads += 1;
        pending.push(resolve);
      }),
    get reads() {
      return reads;
    },
    answerNext(value: string) {
      const resolve = pending.shift();
      if (!resolve) throw new Error('no read in flight');
      resolve(value);
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('data version reads shared between callers (PostgreSQL)', () => {
  it('a caller that finds a read in flight gets the next read, never the one sent before it came', async () => {
    const db = controlledRead();
    const version = sharedReadsAfterArrival(db.read);

    const first = version();
    expect(db.reads).toBe(1);
    // Arrive while the first read is in flight: a write may have committed after it was sent.
    const second = version();
    const third = version();
    expect(db.reads).toBe(1);

    db.answerNext('1/A');
    expect(await first).toBe('1/A');
    await settle();
    // The queued callers' read started only now, and they share it.
    expect(db.reads).toBe(2);
    db.answerNext('1/B');
    expect(await second).toBe('1/B');
    expect(await third).toBe('1/B');

    // Nothing in flight: the next caller reads at once.
    const fourth = version();
    expect(db.reads).toBe(3);
    db.answerNext('1/C');
    expect(await fourth).toBe('1/C');
  });

  it('a failed read fails its own callers only; the queued ones read again', async () => {
    let calls = 0;
    const version = sharedReadsAfterArrival(async () => {
      calls += 1;
      if (calls === 1) throw new Error('connection lost');
      return `v${calls}`;
    });
    const first = version();
    const queued = version();
    await expect(first).rejects.toThrow('connection lost');
    expect(await queued).toBe('v2');
    expect(await version()).toBe('v3');
  });
});
