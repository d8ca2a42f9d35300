import { AsyncLocalStorage } from 'node:async_hooks';

/** Where better-auth keeps its process-wide state, its AsyncLocalStorage stores among it. */
const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');

/**
 * better-auth keeps its request context in AsyncLocalStorage stores. On Node 20 an enabled store
 * turns on V8's promise hooks for every promise of the process, whoever makes it: after the first
 * sign-in, a request that never touches better-auth cost 88 µs of CPU instead of 63 (GET
 * /v1/config), a third of a cached signed-in answer. better-auth's work is short and bounded, so
 * its stores are switched off whenever none of it is running; the next call's `run` switches them
 * on again before it creates a promise.
 *
 * Every way into better-auth goes through here: its handler and API (`trackedAuth`), the internal
 * adapter (`betterAuthActivity.run`) and its background tasks (`track`). The count is per process,
 * as the stores are: several apps in one process (the tests) share them.
 */
class BetterAuthActivity {
  private running = 0;

  get active(): boolean {
    return this.running > 0;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    this.running += 1;
    try {
      return await work();
    } finally {
      this.settle();
    }
  }

  /** Work better-auth left running after answering (mail sent after the answer). */
  track(promise: Promise<unknown>): void {
    this.running += 1;
    promise.then(this.settle, this.settle);
  }

  private readonly settle = () => {
    this.running -= 1;
    if (this.running === 0) releaseStores();
  };
}

export const betterAuthActivity = new BetterAuthActivity();

function releaseStores(): void {
  const state = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    BETTER_AUTH_GLOBAL
  ];
  for (const value of Object.values(state?.context ?? {})) {
    if (value instanceof AsyncLocalStorage) value.disable();
  }
}

/** better-auth's instance with its handler and every API call counted as activity. */
export function trackedAuth<A extends { handler: (request: Request) => Promise<Response>; api: object }>(
  auth: A,
): A {
  const wrapped = new Map<PropertyKey, unknown>();
  const api = new Proxy(auth.api, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      if (!wrapped.has(name)) {
        wrapped.set(name, (...args: unknown[]) =>
          betterAuthActivity.run(async () => (value as (...a: unknown[]) => unknown).apply(target, args)),
        );
      }
      return wrapped.get(name);
    },
  });
  return {
    ...auth,
    api,
    handler: (request: Request) => betterAuthActivity.run(() => auth.handler(request)),
  };
}
