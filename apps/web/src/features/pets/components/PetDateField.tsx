import { lazy, Suspense } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import EventIcon from '@mui/icons-material/Event';

export interface PetDateFieldProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
  name?: string;
  disableFuture?: boolean;
  required?: boolean;
}

// MUI X's date pickers are about 38 KiB brotli and their first render is heavy: the pet form
// shows without waiting for them (a phone's first visit to My Animal).
const PetDatePicker = lazy(() => import('./PetDatePicker'));

/**
 * A dd.MM.yyyy date as text, typed or picked from the calendar. Until the picker's code is there,
 * the same field read-only, with its value, label, error and calendar button, so nothing moves
 * when the picker takes its place.
 */
export function PetDateField(props: PetDateFieldProps) {
  return (
    <Suspense fallback={<DateFieldWhileLoading {...props} />}>
      <PetDatePicker {...props} />
    </Suspense>
  );
}

function DateFieldWhileLoading({ label, value, error, helperText, name, required }: PetDateFieldProps) {
  return (
    <TextField
      label={label}
      name={name}
      value={value}
      required={required}
      error={error}
      helperText={helperText}
      fullWidth
      slotProps={{
        htmlInput: { readOnly: true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton edge="end" disabled tabIndex={-1} aria-hidden>
                <EventIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
