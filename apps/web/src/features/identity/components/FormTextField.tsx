import type { ReactNode } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type ForwardedProps = Pick<
  TextFieldProps,
  'label' | 'type' | 'autoComplete' | 'autoFocus' | 'required' | 'disabled' | 'placeholder' | 'sx'
>;

export interface FormTextFieldProps<T extends FieldValues> extends ForwardedProps {
  control: Control<T>;
  name: Path<T>;
  /** Shown when the field has no error. */
  hint?: ReactNode;
  /** Caps the input (the spec's "inputs capped at 30"). */
  maxLength?: number;
  /** Shows "n/maxLength" under the field. */
  counter?: boolean;
  endAdornment?: ReactNode;
  inputMode?: 'email' | 'text';
  slotInputProps?: Record<string, unknown>;
}

/**
 * A text field bound to react-hook-form: the field's error is a translation key of the contract's
 * schema and shows translated under the field (announced through aria-describedby).
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  hint,
  maxLength,
  counter = false,
  endAdornment,
  inputMode,
  slotInputProps,
  ...props
}: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        const errorText = fieldState.error?.message ? t(fieldState.error.message) : undefined;
        const counterText = counter && maxLength ? `${value.length}/${maxLength}` : undefined;
        return (
          <TextField
            {...props}
            name={field.name}
            value={value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            fullWidth
            error={Boolean(fieldState.error)}
            helperText={
              errorText || hint || counterText ? (
                <span style={{ display: 'flex', gap: 8, justifyContent: 'space-between' }}>
                  <span>{errorText ?? hint}</span>
                  {counterText ? (
                    <span aria-hidden style={{ marginLeft: 'auto', whiteSpace: 'nowrap' }}>
                      {counterText}
                    </span>
                  ) : null}
                </span>
              ) : undefined
            }
            slotProps={{
              input: endAdornment ? { endAdornment, ...slotInputProps } : slotInputProps,
              htmlInput: {
                ...(maxLength ? { maxLength } : {}),
                ...(inputMode ? { inputMode } : {}),
              },
              formHelperText: { component: 'div' } as Record<string, unknown>,
            }}
          />
        );
      }}
    />
  );
}

/**
 * The e-mail address field of the identity forms (required, the e-mail keyboard on phones);
 * autoComplete says whether it names the account ("username") or a new address ("email").
 */
export function EmailField<T extends FieldValues>(
  props: Omit<FormTextFieldProps<T>, 'label' | 'type' | 'inputMode'>,
) {
  const { t } = useTranslation();
  return (
    <FormTextField label={t('identity.fields.email')} type="email" inputMode="email" required {...props} />
  );
}
