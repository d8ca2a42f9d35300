import { createContext, useContext, type MouseEvent } from 'react';
import Box, { type BoxProps } from '@mui/material/Box';
import { useSubmitOnce } from './use-submit-once';

/**
 * Keeps the click on a submit button that also ends a field's editing (issue 14.6).
 *
 * Pressing the button takes the focus away from the field; its on-blur check shows a message above
 * the button and moves it down before the button is released, so the release lands beside it and
 * the click is lost. Holding the focus where it is (no blur, so nothing moves) lets the click
 * arrive; the submit then checks every field and shows all messages at once, and react-hook-form
 * moves the focus to the first field in error. Keyboard submits (Enter, Space) never blur.
 */
export function keepSubmitClick(event: MouseEvent<HTMLElement>): void {
  if (event.button !== 0 || !(event.target instanceof Element)) return;
  const button = event.target.closest('button[type="submit"]');
  if (!button || (button as HTMLButtonElement).disabled || !event.currentTarget.contains(button)) return;
  event.preventDefault();
}

export type FormElementProps = Omit<BoxProps<'form'>, 'component'>;

/** True while the enclosing FormElement's submit runs (FormActions disables its buttons). */
const FormBusyContext = createContext(false);
export const useFormBusy = (): boolean => useContext(FormBusyContext);

/**
 * The form element of every form of the app: validated by react-hook-form (hence noValidate: the
 * browser's own bubbles would show untranslated texts), a click on its submit button is never
 * lost to an on-blur message that moves the button, and it sends once: a submit while the last one
 * runs is dropped (use-submit-once.ts).
 */
export function FormElement({ onMouseDown, onSubmit, ...props }: FormElementProps) {
  const once = useSubmitOnce(onSubmit);
  return (
    <FormBusyContext.Provider value={once.busy}>
      <Box
        component="form"
        noValidate
        aria-busy={once.busy}
        {...props}
        onSubmit={once.onSubmit}
        onMouseDown={(event: MouseEvent<HTMLFormElement>) => {
          keepSubmitClick(event);
          onMouseDown?.(event);
        }}
      />
    </FormBusyContext.Provider>
  );
}
