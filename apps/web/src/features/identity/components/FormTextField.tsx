import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface ForwardedProps {
  label?: ReactNode;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  sx?: SxProps<Theme>;
}

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
 *
 * Composed of the parts MUI's outlined TextField renders (FormControl, InputLabel, OutlinedInput,
 * FormHelperText) with the same ids and classes: TextField itself imports Select (with Menu,
 * Popover and Modal) and the filled and standard inputs, which the sign-in page's first visit
 * would download without using them (bench/bundle-size.bench.ts).
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
  label,
  type,
  autoComplete,
  autoFocus = false,
  required = false,
  disabled = false,
  placeholder,
  sx,
}: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        const errorText = fieldState.error?.message ? t(fieldState.error.message) : undefined;
        const counterText = counter && maxLength ? `${value.length}/${maxLength}` : undefined;
        const helperText =
          errorText || hint || counterText ? (
            <span style={{ display: 'flex', gap: 8, justifyContent: 'space-between' }}>
              <span>{errorText ?? hint}</span>
              {counterText ? (
                <span aria-hidden style={{ marginLeft: 'auto', whiteSpace: 'nowrap' }}>
                  {counterText}
                </span>
              ) : null}
            </span>
          ) : undefined;
        const helperTextId = helperText ? `${id}-helper-text` : undefined;
        const hasLabel = label != null && label !== '';
        return (
          <FormControl
            className="MuiTextField-root"
            fullWidth
            error={Boolean(fieldState.error)}
            required={required}
            disabled={disabled}
            sx={sx}
          >
            {hasLabel ? (
              <InputLabel htmlFor={id} id={`${id}-label`}>
                {label}
              </InputLabel>
            ) : null}
            <OutlinedInput
              {...slotInputProps}
              id={id}
              label={hasLabel ? label : undefined}
              name={field.name}
              type={type}
              value={value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              autoComplete={autoComplete}
              autoFocus={autoFocus}
              placeholder={placeholder}
              fullWidth
              aria-describedby={helperTextId}
              endAdornment={endAdornment}
              inputProps={{
                ...(maxLength ? { maxLength } : {}),
                ...(inputMode ? { inputMode } : {}),
              }}
            />
            {helperText ? (
              <FormHelperText id={helperTextId} component="div">
                {helperText}
              </FormHelperText>
            ) : null}
          </FormControl>
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
