import { useState } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { isValid } from 'date-fns';
import { DATE_FORMAT } from '@pet/contract';
import { formatDate, parseDate } from '@/lib/dates';
import { INVALID_DATE_TEXT } from '@/features/pets/pet-form';
import type { PetDateFieldProps } from './PetDateField';
import { PetsLocalizationProvider } from './PetsLocalizationProvider';

/** The text a picker value stands for: '' (empty), dd.MM.yyyy, or INVALID_DATE_TEXT. */
function textOf(date: Date | null): string {
  if (date === null) return '';
  return isValid(date) ? formatDate(date) : INVALID_DATE_TEXT;
}

function dateOf(text: string): Date | null {
  return text === '' || text === INVALID_DATE_TEXT ? null : parseDate(text);
}

/**
 * The date picker of PetDateField (its own chunk, with MUI X's pickers): a dd.MM.yyyy date as
 * text, typed or picked from the calendar. The picker keeps a half-typed date
 * itself (the text is INVALID_DATE_TEXT meanwhile), so typing is never interrupted.
 */
export default function PetDatePicker({
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  name,
  disableFuture = false,
  required = false,
  autoFocus = false,
}: PetDateFieldProps & {
  /** Takes the focus when it mounts: the field it replaced had it. */
  autoFocus?: boolean;
}) {
  const [date, setDate] = useState<Date | null>(() => dateOf(value));
  const [shownValue, setShownValue] = useState(value);
  // A new value from outside (form reset, entry added): show it.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== textOf(date)) setDate(dateOf(value));
  }

  return (
    <PetsLocalizationProvider>
      <DatePicker
        label={label}
        value={date}
        format={DATE_FORMAT}
        disableFuture={disableFuture}
        autoFocus={autoFocus}
        onChange={(next) => {
          const text = textOf(next);
          setDate(next);
          setShownValue(text);
          onChange(text);
        }}
        slotProps={{
          field: { clearable: true },
          textField: {
            name,
            required,
            fullWidth: true,
            error,
            helperText,
            onBlur,
          },
        }}
      />
    </PetsLocalizationProvider>
  );
}
