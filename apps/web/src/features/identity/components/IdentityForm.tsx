import type { BaseSyntheticEvent, ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { FormElement } from '@/components/FormElement';

/** The form of the identity screens: the app's FormElement with the fields stacked one under the other. */
export function IdentityForm({
  onSubmit,
  username,
  children,
}: {
  /** A react-hook-form `handleSubmit(...)` (or the sign-in form's, use-sign-in-form.ts). */
  onSubmit: (event: BaseSyntheticEvent) => Promise<void>;
  /** For password managers: the account a password typed here belongs to. */
  username?: string;
  children: ReactNode;
}) {
  return (
    <FormElement onSubmit={(event) => void onSubmit(event)}>
      {username !== undefined ? (
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      ) : null}
      <Stack spacing={2.5}>{children}</Stack>
    </FormElement>
  );
}

export interface SubmitButtonProps extends ButtonProps {
  /** The request is in flight: the button is disabled and shows a spinner. */
  pending: boolean;
  spinnerSize?: number;
}

/** A form's submit button (contained unless told otherwise) that shows its request in flight. */
export function SubmitButton({ pending, disabled, spinnerSize = 18, children, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      {...props}
      disabled={pending || disabled}
      startIcon={pending ? <CircularProgress size={spinnerSize} color="inherit" aria-hidden /> : null}
    >
      {children}
    </Button>
  );
}
