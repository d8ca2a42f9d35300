import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { COMMENTS_MAX_LENGTH } from '@pet/contract';
import type { Ref } from 'react';

export interface CommentsFieldProps {
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  name: string;
  /** Translated field label. */
  label: string;
  /** Translated hint shown under the field while there is no error. */
  helperText: string;
  /** Translated counter text for the current length, e.g. "12/100". */
  counterText: (length: number, max: number) => string;
  /** Translated error text. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The comments textarea of appointments and medical records: up to COMMENTS_MAX_LENGTH characters
 * (pet-data sections 5 and 9), with a counter that follows the typing. Shared so both features
 * keep the same limit and counter; the caller translates the texts.
 */
export function CommentsField({
  value,
  onChange,
  onBlur,
  name,
  label,
  helperText,
  counterText,
  error,
  inputRef,
}: CommentsFieldProps) {
  const length = (value ?? '').length;
  return (
    <TextField
      name={name}
      inputRef={inputRef}
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      multiline
      minRows={3}
      fullWidth
      error={Boolean(error) || length > COMMENTS_MAX_LENGTH}
      slotProps={{ htmlInput: { maxLength: COMMENTS_MAX_LENGTH } }}
      helperText={
        <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>{error ?? helperText}</span>
          <Box
            component="span"
            data-testid="comments-counter"
            sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
          >
            {counterText(length, COMMENTS_MAX_LENGTH)}
          </Box>
        </Box>
      }
    />
  );
}
