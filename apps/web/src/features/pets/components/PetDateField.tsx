import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
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

// MUI X's date pickers are about 38 KiB brotli and their first render is heavy. They load when
// the user shows that they are about to edit: the pointer over the form or a focus in it
// (PetProfileForm calls requestPetDatePicker), or the field itself. A visit that only looks at
// the profile loads none of it, and a phone's first visit to My Animal no longer spends its
// bandwidth and main thread on them while the page comes in. Later forms use the loaded picker.
const PetDatePicker = lazy(() => import('./PetDatePicker'));
let pickerRequested = false;
const pickerWaiters = new Set<() => void>();

/** Starts loading the picker's code (once); every PetDateField then swaps it in. */
export function requestPetDatePicker(): void {
  if (pickerRequested) return;
  pickerRequested = true;
  for (const waiter of pickerWaiters) waiter();
  pickerWaiters.clear();
}

/** True once the picker has been asked for. */
function usePickerRequested(): boolean {
  const [requested, setRequested] = useState(pickerRequested);
  useEffect(() => {
    if (requested) return;
    // As a transition: the field stays as it is until the picker's code is there (no fallback
    // flashes in between), then the picker takes its place in one commit.
    const swap = () => startTransition(() => setRequested(true));
    if (pickerRequested) {
      swap();
      return;
    }
    pickerWaiters.add(swap);
    return () => void pickerWaiters.delete(swap);
  }, [requested]);
  return requested;
}

/**
 * A dd.MM.yyyy date as text, typed or picked from the calendar. Until the picker's code is there,
 * the same field read-only, with its value, label, error and calendar button, so nothing moves
 * when the picker takes its place; a field that had the focus keeps it.
 */
export function PetDateField(props: PetDateFieldProps) {
  const requested = usePickerRequested();
  const [focused, setFocused] = useState(false);
  const whileLoading = (
    <DateFieldWhileLoading
      {...props}
      onFocus={() => {
        setFocused(true);
        requestPetDatePicker();
      }}
      onBlur={() => setFocused(false)}
      onPointerEnter={requestPetDatePicker}
    />
  );
  if (!requested) return whileLoading;
  return (
    <Suspense fallback={whileLoading}>
      <PetDatePicker {...props} autoFocus={focused} />
    </Suspense>
  );
}

function DateFieldWhileLoading({
  label,
  value,
  error,
  helperText,
  name,
  required,
  onFocus,
  onBlur,
  onPointerEnter,
}: Omit<PetDateFieldProps, 'onBlur'> & {
  onFocus: () => void;
  onBlur: () => void;
  onPointerEnter: () => void;
}) {
  return (
    <TextField
      label={label}
      name={name}
      value={value}
      required={required}
      error={error}
      helperText={helperText}
      onFocus={onFocus}
      onBlur={onBlur}
      onPointerEnter={onPointerEnter}
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
