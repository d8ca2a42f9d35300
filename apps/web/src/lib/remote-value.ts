import { useEffect, useSyncExternalStore } from 'react';

/**
 * One remote answer held outside React (the brand config, the session), with the few rules of
 * TanStack Query the app relied on for them: one load at a time, retries with backoff, staleTime,
 * a refetch when a stale answer gets a new reader or the window regains focus, invalidate ->
 * refetch. It exists so that the screens a signed-out visitor sees (/signin, /register, ...) do not
 * load TanStack Query at all; the signed-in screens keep using TanStack Query for their own data.
 */

/** false = never retry; a number = that many retries; a function decides per failure (0-based). */
export type RetryRule = false | number | ((failureCount: number, error: unknown) => boolean);

export interface RemoteState<T> {
  /** The last answer, undefined until the first one arrived. */
  data: T | undefined;
  /** The failure of the last load (after its retries), null after a successful one. */
  error: unknown;
  isError: boolean;
  /** A load (or one of its retries) is running. */
  isFetching: boolean;
  /** Marked out of date by invalidate() and not reloaded since. */
  isInvalidated: boolean;
  /** When the answer arrived (ms), 0 = never. */
  updatedAt: number;
}

export interface RemoteValueOptions<T> {
  load: (signal: AbortSignal) => Promise<T>;
  /** How long an answer counts as fresh (ms); Infinity = for the whole visit. */
  staleTime: number;
  retry: RetryRule;
  /** Reload a stale answer when the tab becomes visible again or the browser is back online. */
  refetchOnFocus?: boolean;
}

/** TanStack Query's default backoff: 1 s, 2 s, 4 s ... at most 30 s. */
const retryDelay = (failureCount: number) => Math.min(1000 * 2 ** failureCount, 30_000);

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

/** Keeps the old object when the new answer is equal, so effects that depend on it do not rerun. */
function shareEqual<T>(previous: T | undefined, next: T): T {
  if (previous === undefined) return next;
  return JSON.stringify(previous) === JSON.stringify(next) ? previous : next;
}

const ignore = () => undefined;

export class RemoteValue<T> {
  private state: RemoteState<T> = {
    data: undefined,
    error: null,
    isError: false,
    isFetching: false,
    isInvalidated: false,
    updatedAt: 0,
  };
  private readonly listeners = new Set<() => void>();
  private running: { controller: AbortController; promise: Promise<T> } | null = null;
  private detachWindow: (() => void) | null = null;

  constructor(private readonly options: RemoteValueOptions<T>) {}

  getState = (): RemoteState<T> => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1 && this.options.refetchOnFocus) this.attachWindow();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.detachWindow?.();
        this.detachWindow = null;
      }
    };
  };

  isStale(): boolean {
    const { updatedAt, isInvalidated } = this.state;
    return updatedAt === 0 || isInvalidated || Date.now() - updatedAt >= this.options.staleTime;
  }

  /** The running load, or a new one. */
  fetch(): Promise<T> {
    return this.running?.promise ?? this.start();
  }

  /** A new load; a running one is dropped (its answer would be older). */
  refetch(): Promise<T> {
    this.cancel();
    return this.start();
  }

  /** Loads when there is no answer yet or it is stale, unless a load already runs. */
  ensureFresh(): void {
    if (!this.running && this.isStale()) this.start().catch(ignore);
  }

  /**
   * The answer is out of date (the server's state changed): reload it at once when someone reads
   * it, else on the next read. Resolves when that reload is over (it never rejects).
   */
  invalidate(): Promise<void> {
    this.setState({ isInvalidated: true });
    if (this.listeners.size === 0) return Promise.resolve();
    return this.refetch().then(ignore, ignore);
  }

  /** Sets the answer here (a change made in this tab, a sign-out); a running load is dropped. */
  set(update: T | ((previous: T | undefined) => T)): void {
    this.cancel();
    const data =
      typeof update === 'function' ? (update as (previous: T | undefined) => T)(this.state.data) : update;
    this.setState({ data, error: null, isError: false, isInvalidated: false, updatedAt: Date.now() });
  }

  /** Drops a running load: its answer (or failure) will not be kept. */
  cancel(): void {
    if (!this.running) return;
    this.running.controller.abort();
    this.running = null;
    this.setState({ isFetching: false });
  }

  private start(): Promise<T> {
    const controller = new AbortController();
    const { load, retry } = this.options;
    const attempt = async (): Promise<T> => {
      for (let failureCount = 0; ; failureCount++) {
        try {
          return await load(controller.signal);
        } catch (error) {
          const again =
            typeof retry === 'function' ? retry(failureCount, error) : failureCount < (retry || 0);
          if (controller.signal.aborted || !again) throw error;
          await wait(retryDelay(failureCount), controller.signal);
        }
      }
    };
    const isCurrent = () => this.running?.controller === controller;
    const promise = attempt().then(
      (data) => {
        if (isCurrent()) {
          this.running = null;
          this.setState({
            data: shareEqual(this.state.data, data),
            error: null,
            isError: false,
            isFetching: false,
            isInvalidated: false,
            updatedAt: Date.now(),
          });
        }
        return data;
      },
      (error: unknown) => {
        if (isCurrent()) {
          this.running = null;
          this.setState({ error, isError: true, isFetching: false });
        }
        throw error;
      },
    );
    this.running = { controller, promise };
    // Without an answer yet a new load starts over from "loading" (an earlier failure is cleared);
    // with one, the answer stays on screen while it reloads.
    this.setState(
      this.state.updatedAt === 0 ? { isFetching: true, error: null, isError: false } : { isFetching: true },
    );
    return promise;
  }

  private setState(patch: Partial<RemoteState<T>>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((listener) => listener());
  }

  private attachWindow(): void {
    if (typeof window === 'undefined') return;
    const onVisible = () => {
      if (document.visibilityState !== 'hidden') this.ensureFresh();
    };
    const onOnline = () => this.ensureFresh();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    this.detachWindow = () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
    };
  }
}

/** Reads the store and loads the answer when it is missing or stale (as a new query reader did). */
export function useRemoteValue<T>(store: RemoteValue<T>): RemoteState<T> {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  useEffect(() => store.ensureFresh(), [store]);
  return state;
}
