import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A write of a signed-out screen (sign-in, registration, password reset): the part of TanStack's
 * useMutation those screens use (isPending, error, mutate / mutateAsync), without loading TanStack
 * Query on a first visit to /signin. Like the app's mutations it never retries; like useMutation
 * only the latest call updates the state, and mutate's callbacks run only while still mounted.
 */
export interface LocalMutation<TVariables, TData> {
  mutateAsync: (variables: TVariables) => Promise<TData>;
  mutate: (
    variables: TVariables,
    callbacks?: { onSuccess?: (data: TData) => void; onError?: (error: unknown) => void },
  ) => void;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  error: unknown;
  data: TData | undefined;
  reset: () => void;
}

type MutationState<TData> =
  | { status: 'idle' | 'pending'; data: undefined; error: null }
  | { status: 'success'; data: TData; error: null }
  | { status: 'error'; data: undefined; error: unknown };

const IDLE = { status: 'idle', data: undefined, error: null } as const;

export function useLocalMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
): LocalMutation<TVariables, TData> {
  const [state, setState] = useState<MutationState<TData>>(IDLE);
  const latest = useRef(0);
  const mounted = useRef(true);
  const fn = useRef(mutationFn);
  useEffect(() => {
    fn.current = mutationFn;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutateAsync = useCallback(async (variables: TVariables): Promise<TData> => {
    const call = ++latest.current;
    const isLatest = () => mounted.current && call === latest.current;
    setState({ status: 'pending', data: undefined, error: null });
    try {
      const data = await fn.current(variables);
      if (isLatest()) setState({ status: 'success', data, error: null });
      return data;
    } catch (error) {
      if (isLatest()) setState({ status: 'error', data: undefined, error });
      throw error;
    }
  }, []);

  const mutate = useCallback<LocalMutation<TVariables, TData>['mutate']>(
    (variables, callbacks) => {
      mutateAsync(variables).then(
        (data) => {
          if (mounted.current) callbacks?.onSuccess?.(data);
        },
        (error: unknown) => {
          if (mounted.current) callbacks?.onError?.(error);
        },
      );
    },
    [mutateAsync],
  );

  const reset = useCallback(() => {
    latest.current++;
    setState(IDLE);
  }, []);

  return {
    mutateAsync,
    mutate,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    isSuccess: state.status === 'success',
    error: state.error,
    data: state.data,
    reset,
  };
}
