/**
 * The one clock that business time is read from: subscription periods, orders, coupons' validity and
 * the job queue. In production it is the system clock. In development and tests it can be moved
 * forward (POST /dev/clock/advance), so a period end is reached in seconds instead of a year.
 */
export interface Clock {
  now(): Date;
}

export class AdjustableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(this.nowMs());
  }

  /** now() in milliseconds, without a Date (for checks on every request). */
  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  /** Moves business time forward; it never goes back (periods and jobs assume a monotonic clock). */
  advance(ms: number): Date {
    if (!Number.isFinite(ms) || ms < 0) throw new Error('the clock only moves forward');
    this.offsetMs += ms;
    return this.now();
  }

  get offset(): number {
    return this.offsetMs;
  }
}
