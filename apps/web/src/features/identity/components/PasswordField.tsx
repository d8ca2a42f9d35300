import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n-react';
import { PASSWORD_MAX_LENGTH } from '@pet/contract';
import { useConfirmRevalidation } from '../use-confirm-revalidation';
import { FormTextField, type FormTextFieldProps } from './FormTextField';
import { usePasswordVisibility } from './PasswordVisibility';

/** A password field with the show-password toggle (and optionally the 30-character counter). */
export function PasswordField<T extends FieldValues>(
  props: Omit<FormTextFieldProps<T>, 'type' | 'endAdornment'>,
) {
  return <FormTextField {...props} {...usePasswordVisibility()} />;
}

export interface NewPasswordFieldsProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** The field of the new password and the field that repeats it. */
  password: Path<T>;
  confirmation: Path<T>;
  /** "Password" when registering, "New password" when replacing one. */
  passwordLabel: string;
  autoFocus?: boolean;
}

/**
 * A new password (6 to 30, with the hint and the counter) and its confirmation, as registration,
 * the reset link and change password ask for it. The confirmation, once filled in, follows later
 * changes of the password.
 */
export function NewPasswordFields<T extends FieldValues>({
  form,
  password,
  confirmation,
  passwordLabel,
  autoFocus,
}: NewPasswordFieldsProps<T>) {
  const { t } = useTranslation();
  useConfirmRevalidation(form, password, confirmation);
  return (
    <>
      <PasswordField
        control={form.control}
        name={password}
        label={passwordLabel}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        counter
        hint={t('identity.passwordHint')}
        required
        autoFocus={autoFocus}
      />
      <PasswordField
        control={form.control}
        name={confirmation}
        label={t('identity.fields.confirmPassword')}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        counter
        required
      />
    </>
  );
}
