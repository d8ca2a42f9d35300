/**
 * Runs `work` once the screen has been painted and the browser is idle: for code a screen needs
 * only after it shows (a date picker, a form's validation schema), so that it competes neither
 * for a phone's bandwidth with the screen's own code nor for the main thread with its first
 * render. Answers a function that cancels the call if it has not run yet.
 */
export function whenIdleAfterFirstPaint(work: () => void): () => void {
  let cancelIdle = () => {};
  // The frame's callback runs before its paint; what it schedules, after.
  const frame = requestAnimationFrame(() => {
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(work, { timeout: 2000 });
      cancelIdle = () => cancelIdleCallback(idle);
    } else {
      const timer = setTimeout(work, 200); // Safari has no idle callbacks
      cancelIdle = () => clearTimeout(timer);
    }
  });
  return () => {
    cancelAnimationFrame(frame);
    cancelIdle();
  };
}
