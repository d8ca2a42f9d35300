import { useId, type ChangeEvent, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from '@/lib/i18n-react';

/** What the identity forms' text fields show and do, however their form keeps its state. */
export interface TextFieldLookProps {
  label?: ReactNode;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  sx?: SxProps<Theme>;
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

export interface TextFieldViewProps extends TextFieldLookProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The field's error: a translation key (of the contract's rules), shown translated. */
  errorKey?: string | undefined;
}

/**
 * A text field of the identity forms: the error (a translation key) shows translated under the
 * field, announced through aria-describedby. FormTextField binds it to react-hook-form; the
 * sign-in form, which keeps its own state (use-sign-in-form.ts), uses it as it is.
 *
 * Composed of the parts MUI's outlined TextField renders (FormControl, InputLabel, OutlinedInput,
 * FormHelperText) with the same ids and classes: TextField itself imports Select (with Menu,
 * Popover and Modal) and the filled and standard inputs, which the sign-in page's first visit
 * would download without using them (bench/bundle-size.bench.ts).
 */
export function TextFieldView({
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  errorKey,
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
}: TextFieldViewProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorText = errorKey ? t(errorKey) : undefined;
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
      error={Boolean(errorKey)}
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
        name={name}
        type={type}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
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
}

/** What makes a text field the e-mail field (required, the e-mail keyboard on phones). */
export function emailFieldLook(label: string): TextFieldLookProps {
  return { label, type: 'email', inputMode: 'email', required: true };
}
