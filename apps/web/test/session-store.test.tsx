import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, currentIdentityHeaderValue, setIdentityId } from '@/lib/api-client';
import { useLocalMutation } from '@/lib/local-mutation';
import {
  clearSignedOutReason,
  createSessionStore,
  patchSessionUser,
  SessionStoreContext,
  signedOutReasonKey,
  usePetsReloading,
  useSession,
  type SessionStore,
} from '@/lib/session';
import { apiError, installFakeApi, json, locationOf, makeUser, renderApp } from './helpers';

/**
 * The session store (lib/session.ts on lib/remote-value.ts) replaces the TanStack query of
 * GET /v1/auth/myinfo: the same states and the same rules (staleTime, focus refetch, invalidate
 * -> "reloading", retries), so a signed-out visit needs no TanStack Query.
 */

function wrapperFor(store: SessionStore) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <SessionStoreContext value={store}>{children}</SessionStoreContext>;
  };
}

function renderSession(store: SessionStore) {
  return renderHook(() => ({ session: useSession(), reloading: usePetsReloading() }), {
    wrapper: wrapperFor(store),
  });
}

/** A response the test releases itself, to look at the state while a load runs. */
function deferred() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  vi.useRealTimers();
  setIdentityId(null);
  clearSignedOutReason();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

describe('session store', () => {
  it('is loading first, then signed in with the user and the identity header', async () => {
    const fake = installFakeApi({ user: makeUser({ id: 'user-7' }) });
    const { result } = renderSession(createSessionStore({ retry: false }));

    expect(result.current.session.status).toBe('loading');
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'));
    expect(result.current.session.user?.id).toBe('user-7');
    expect(currentIdentityHeaderValue()).toContain('user-7');
    // Two readers (useSession, usePetsReloading), one call.
    expect(fake.callsTo('GET', '/v1/auth/myinfo')).toHaveLength(1);
  });

  it('is signed out on 401 and keeps the Account_Disabled reason for the sign-in screen', async () => {
    installFakeApi({
      user: null,
      routes: { 'GET /v1/auth/myinfo': () => apiError(401, 'Account_Disabled', 'revoked') },
    });
    const { result } = renderSession(createSessionStore({ retry: false }));

    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    expect(result.current.session.user).toBeNull();
    expect(signedOutReasonKey()).toBe('Account_Disabled');
  });

  it('shows an error, and its retry goes through loading to signed in', async () => {
    let down = true;
    const fake = installFakeApi({
      routes: {
        'GET /v1/auth/myinfo': () => (down ? apiError(503, 'Server_Down_Text') : json(makeUser())),
      },
    });
    const { result } = renderSession(createSessionStore({ retry: false }));

    await waitFor(() => expect(result.current.session.status).toBe('error'));
    down = false;
    const { session } = result.current;
    if (session.status !== 'error') throw new Error('expected the error state');
    act(() => session.retry());
    expect(result.current.session.status).toBe('loading');
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'));
    expect(fake.callsTo('GET', '/v1/auth/myinfo')).toHaveLength(2);
  });

  it('retries server failures twice with backoff, a 4xx decision never', async () => {
    vi.useFakeTimers();
    const fake = installFakeApi({
      routes: { 'GET /v1/auth/myinfo': () => apiError(503, 'Server_Down_Text') },
    });
    const store = createSessionStore();
    const failure = store.fetch().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(999);
    expect(fake.callsTo('GET', '/v1/auth/myinfo')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.callsTo('GET', '/v1/auth/myinfo')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fake.callsTo('GET', '/v1/auth/myinfo')).toHaveLength(3);
    expect(await failure).toMatchObject({ status: 503 });
    expect(store.getState().isError).toBe(true);

    const decision = installFakeApi({
      routes: { 'GET /v1/auth/myinfo': () => apiError(400, 'Bad_Request_Text') },
    });
    await expect(createSessionStore().fetch()).rejects.toMatchObject({ status: 400 });
    expect(decision.callsTo('GET', '/v1/auth/myinfo')).toHaveLength(1);
  });

  it('after invalidate reloads at once and says "reloading" until the answer is there', async () => {
    let answer: ReturnType<typeof deferred> | null = null;
    const fake = installFakeApi({
      routes: {
        'GET /v1/auth/myinfo': () => (answer ? answer.promise : json(makeUser())),
      },
    });
    const store = createSessionStore({ retry: false });
    const { result } = renderSession(store);
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'));
    expect(result.current.reloading).toBe(false);

    answer = deferred();
    let done = false;
    act(() => {
      void store.invalidate().then(() => {
        done = true;
      });
    });
    expect(result.current.reloading).toBe(true);
    // The old user stays on screen while it reloads.
    expect(result.current.session.status).toBe('signedIn');
    await waitFor(() => expect(fake.callsTo('GET', '/v1/auth/myinfo')).toHaveLength(2));

    answer.release(json(makeUser({ pets: [] })));
    await waitFor(() => expect(result.current.reloading).toBe(false));
    expect(result.current.session.user?.pets).toEqual([]);
    await waitFor(() => expect(done).toBe(true));
  });

  it('patches the user at once, then reloads it', async () => {
    const fake = installFakeApi({ user: makeUser({ name: 'Anna' }) });
    const store = createSessionStore({ retry: false });
    const { result } = renderSession(store);
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'));

    let reload: Promise<void> = Promise.resolve();
    act(() => {
      reload = patchSessionUser(store, { name: 'Berta' });
    });
    expect(result.current.session.user?.name).toBe('Berta');
    await act(() => reload);
    // The server still says Anna: the reload wins, as the query's invalidation did.
    expect(result.current.session.user?.name).toBe('Anna');
    expect(fake.callsTo('GET', '/v1/auth/myinfo')).toHaveLength(2);
  });

  it('reloads when the window regains focus only once the answer is older than a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fake = installFakeApi();
    const store = createSessionStore({ retry: false });
    const { result, unmount } = renderSession(store);
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'));
    const calls = () => fake.callsTo('GET', '/v1/auth/myinfo').length;

    vi.setSystemTime(Date.now() + 59_000);
    act(() => setVisibility('hidden'));
    act(() => setVisibility('visible'));
    expect(calls()).toBe(1);

    vi.setSystemTime(Date.now() + 2_000);
    act(() => setVisibility('hidden'));
    expect(calls()).toBe(1);
    act(() => setVisibility('visible'));
    await waitFor(() => expect(calls()).toBe(2));
    // A focus refetch is quiet: the pets are not "reloading".
    expect(result.current.reloading).toBe(false);

    // Nobody reads the session any more: focus does not reload it.
    await waitFor(() => expect(store.getState().isFetching).toBe(false));
    unmount();
    vi.setSystemTime(Date.now() + 120_000);
    setVisibility('visible');
    expect(calls()).toBe(2);
  });

  it('a set answer (sign-out) drops a load that was running', async () => {
    const answer = deferred();
    installFakeApi({ routes: { 'GET /v1/auth/myinfo': () => answer.promise } });
    const store = createSessionStore({ retry: false });
    const { result } = renderSession(store);
    expect(result.current.session.status).toBe('loading');

    act(() => store.set(null));
    expect(result.current.session.status).toBe('signedOut');
    answer.release(json(makeUser()));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(result.current.session.status).toBe('signedOut');
  });
});

describe('the 401 sign-out path', () => {
  it('any 401 sets the session to signed out, empties the query cache and goes to /signin', async () => {
    const fake = installFakeApi({ routes: { 'GET /v1/pet': () => apiError(401, 'Session_Expired_Text') } });
    const { router, session, queryClient } = renderApp('/my-account/profile');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(session.getState().data?.id).toBe('user-1');
    queryClient.setQueryData(['pets', 'detail', 'pet-1'], { id: 'pet-1' });

    await expect(api.get('/v1/pet', z.unknown(), { query: { pet_id: 'pet-1' } })).rejects.toMatchObject({
      status: 401,
    });
    await waitFor(() => expect(locationOf(router)).toBe('/signin'));
    expect(session.getState().data).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(fake.callsTo('POST', '/identity/sign-out')).toHaveLength(1);
    expect(currentIdentityHeaderValue()).not.toContain('user-1');
  });
});

describe('local mutation (signed-out screens)', () => {
  it('is pending while the call runs, keeps the error, and only the latest call counts', async () => {
    const first = deferred();
    const calls: string[] = [];
    const { result } = renderHook(() =>
      useLocalMutation(async (value: string) => {
        calls.push(value);
        if (value === 'bad') throw new Error('refused');
        if (value === 'slow') return (await first.promise).status;
        return 200;
      }),
    );
    expect(result.current.isPending).toBe(false);

    let slow: Promise<number> = Promise.resolve(0);
    act(() => {
      slow = result.current.mutateAsync('slow');
    });
    expect(result.current.isPending).toBe(true);

    await act(async () => {
      await expect(result.current.mutateAsync('bad')).rejects.toThrow('refused');
    });
    expect(result.current.isError).toBe(true);
    expect(result.current.error).toEqual(new Error('refused'));

    // The older call ends later: its answer does not overwrite the newer error.
    await act(async () => {
      first.release(new Response(null, { status: 204 }));
      expect(await slow).toBe(204);
    });
    expect(result.current.isError).toBe(true);

    const onSuccess = vi.fn();
    act(() => result.current.mutate('ok', { onSuccess }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(200));
    expect(result.current.isSuccess).toBe(true);
    expect(calls).toEqual(['slow', 'bad', 'ok']);
  });
});
