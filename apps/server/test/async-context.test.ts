import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betterAuthActivity } from '../src/platform/auth/async-context.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { call, registeredUser, v1 } from './identity-helpers.ts';

/** better-auth's process-wide stores (what async-context.ts switches off). */
function betterAuthStores(): AsyncLocalStorage<unknown>[] {
  const state = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    Symbol.for('better-auth:global')
  ];
  return Object.values(state?.context ?? {}).filter(
    (value): value is AsyncLocalStorage<unknown> => value instanceof AsyncLocalStorage,
  );
}
// `enabled` is Node's own flag of an AsyncLocalStorage (set by run, cleared by disable): while any
// store is enabled, V8's promise hooks run for every promise of the process.
const enabledStores = () =>
  betterAuthStores().filter((store) => (store as unknown as { enabled: boolean }).enabled);

// The app loads better-auth, which creates its process-wide state.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Runs `check` with a store of its own among better-auth's (as if better-auth had made it). */
async function withTestStore(check: (store: AsyncLocalStorage<number>) => Promise<void>): Promise<void> {
  const store = new AsyncLocalStorage<number>();
  const state = (globalThis as Record<symbol, { context: Record<string, unknown> }>)[
    Symbol.for('better-auth:global')
  ]!;
  state.context.testStore = store;
  try {
    await check(store);
  } finally {
    delete state.context.testStore;
  }
}

describe('better-auth activity', () => {
  it('switches the stores off only once the outermost call is done', () =>
    withTestStore(async (store) => {
      let seenInside: number | undefined;
      await betterAuthActivity.run(async () => {
        await store.run(1, async () => {
          await betterAuthActivity.run(async () => undefined);
          // The inner call ended, the outer one did not: the context is still there.
          await new Promise((resolve) => setImmediate(resolve));
          seenInside = store.getStore();
        });
        expect(enabledStores()).toContain(store);
      });
      expect(seenInside).toBe(1);
      expect(enabledStores()).not.toContain(store);
      expect(betterAuthActivity.active).toBe(false);
    }));

  it('keeps them on while a background task runs', () =>
    withTestStore(async (store) => {
      let finish!: () => void;
      store.run(2, () => undefined);
      betterAuthActivity.track(new Promise<void>((resolve) => (finish = resolve)));
      await betterAuthActivity.run(async () => undefined);
      expect(enabledStores()).toContain(store);
      finish();
      await new Promise((resolve) => setImmediate(resolve));
      expect(enabledStores()).not.toContain(store);
    }));
});

describe('better-auth stores on the app', () => {
  it('are off between identity calls: sign-up (its mail sent after the answer), sign-in, session lookups, sign-out', async () => {
    const user = await registeredUser(t.app);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(betterAuthStores().length).toBeGreaterThan(0);
    expect(enabledStores()).toEqual([]);
    expect((await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { cookie: user.cookie })).statusCode).toBe(
      200,
    );
    expect(enabledStores()).toEqual([]);
    expect((await call(t.app, 'POST', '/identity/sign-out', {}, { cookie: user.cookie })).statusCode).toBe(
      200,
    );
    expect(enabledStores()).toEqual([]);
    expect((await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { cookie: user.cookie })).statusCode).toBe(
      401,
    );
  });
});
