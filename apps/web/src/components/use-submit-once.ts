import { useCallback, useRef, useState, type SubmitEvent } from 'react';

/** A form's submit handler: react-hook-form's handleSubmit(...) or one that calls it. */
export type SubmitHandler = (event: SubmitEvent<HTMLFormElement>) => unknown;

/**
 * Every form sends once (issue 40.7: a double click on "Add pet" created two pets). From the first
 * submit until its promise settles (validation and the server's answer) a further submit is
 * dropped. The guard is a ref, set in the event itself: a second click can arrive before React has
 * rendered the disabled button, and state alone would let it through. `busy` is the same span for
 * the screen (a disabled, busy button).
 */
export function useSubmitOnce(handler: SubmitHandler | undefined): {
  busy: boolean;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
} {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const onSubmit = useCallback(
    (event: SubmitEvent<HTMLFormElement>) => {
      if (running.current) {
        event.preventDefault();
        return;
      }
      if (!handler) return;
      running.current = true;
      setBusy(true);
      const done = () => {
        running.current = false;
        setBusy(false);
      };
      try {
        void Promise.resolve(handler(event)).finally(done);
      } catch (error) {
        done();
        throw error;
      }
    },
    [handler],
  );
  return { busy, onSubmit };
}
