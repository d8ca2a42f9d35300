import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import EventIcon from '@mui/icons-material/Event';
import { whenIdleAfterFirstPaint } from '@/lib/after-first-paint';

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
// shows without waiting for them (a phone's first visit to My Animal), and fetches them once it
// has been painted. Later forms use the loaded picker at once.
const PetDatePicker = lazy(() => import('./PetDatePicker'));
let pickerLoaded = false;

/** True once the form has been painted and the browser is idle (the picker is fetched then). */
function usePickerAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(pickerLoaded);
  useEffect(() => {
    if (ready) return;
    return whenIdleAfterFirstPaint(() => {
      pickerLoaded = true;
      startTransition(() => setReady(true));
    });
  }, [ready]);
  return ready;
}

/**
 * A dd.MM.yyyy date as text, typed or picked from the calendar. Until the picker's code is there,
 * the same field read-only, with its value, label, error and calendar button, so nothing moves
 * when the picker takes its place.
 */
export function PetDateField(props: PetDateFieldProps) {
  const pickerWanted = usePickerAfterFirstPaint();
  if (!pickerWanted) return <DateFieldWhileLoading {...props} />;
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
