import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdleAfterFirstPaint } from '@/lib/after-first-paint';

describe('whenIdleAfterFirstPaint', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A browser whose frames and idle periods run when the test says so. */
  function controlledBrowser() {
    const frames: FrameRequestCallback[] = [];
    const idles: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => {};
    });
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idles.push(callback));
    vi.stubGlobal('cancelIdleCallback', (id: number) => {
      idles[id - 1] = () => {};
    });
    return {
      frame: () => frames.splice(0).forEach((callback) => callback(0)),
      idle: () => idles.splice(0).forEach((callback) => callback()),
    };
  }

  it('runs the work only after the next frame and then when the browser is idle', () => {
    const browser = controlledBrowser();
    const work = vi.fn();
    whenIdleAfterFirstPaint(work);
    browser.idle();
    expect(work).not.toHaveBeenCalled();
    browser.frame();
    expect(work).not.toHaveBeenCalled();
    browser.idle();
    expect(work).toHaveBeenCalledOnce();
  });

  it('does not run cancelled work, before or after the frame', () => {
    const browser = controlledBrowser();
    const beforeFrame = vi.fn();
    whenIdleAfterFirstPaint(beforeFrame)();
    const afterFrame = vi.fn();
    const cancel = whenIdleAfterFirstPaint(afterFrame);
    browser.frame();
    cancel();
    browser.idle();
    expect(beforeFrame).not.toHaveBeenCalled();
    expect(afterFrame).not.toHaveBeenCalled();
  });

  it('waits a moment after the frame where there are no idle callbacks (Safari)', () => {
    vi.useFakeTimers();
    try {
      const frames: FrameRequestCallback[] = [];
      vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
      vi.stubGlobal('requestIdleCallback', undefined);
      const work = vi.fn();
      whenIdleAfterFirstPaint(work);
      frames.forEach((callback) => callback(0));
      vi.advanceTimersByTime(199);
      expect(work).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(work).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
