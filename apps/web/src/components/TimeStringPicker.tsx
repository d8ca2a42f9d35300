import { format, isValid, parse } from 'date-fns';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimeField } from '@mui/x-date-pickers/TimeField';
import { TIME_FORMAT } from '@pet/contract';
import { dateFnsLocale } from '@/lib/dates';
import { useLanguage } from '@/lib/use-language';
import type { DateStringPickerProps } from './DateStringPicker';
import { usePickerDraft } from './use-picker-draft';

/** A half-typed time: fails the contract's HH:mm check, so the form shows Time_Format_Error. */
const INCOMPLETE_TIME = 'incomplete';

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parse(value, TIME_FORMAT, new Date());
  return isValid(date) ? date : null;
}

/** The same field props as DateStringPicker, without the calendar limits. */
export type TimeStringPickerProps = Pick<
  DateStringPickerProps,
  'label' | 'value' | 'onChange' | 'onBlur' | 'name' | 'error' | 'helperText' | 'required' | 'inputRef'
>;

/**
 * A 24-hour time field (HH:mm in both languages) bound to the form's text value: the time
 * counterpart of DateStringPicker, sharing its binding (usePickerDraft).
 */
export function TimeStringPicker({
  label,
  value,
  onChange,
  onBlur,
  name,
  error,
  helperText,
  required,
  inputRef,
}: TimeStringPickerProps) {
  const { language } = useLanguage();
  const [draft, handleChange] = usePickerDraft({
    value,
    onChange,
    toDate,
    toText: (date) => format(date, TIME_FORMAT),
    incomplete: INCOMPLETE_TIME,
  });

  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={dateFnsLocale(language)}>
      <TimeField
        label={label}
        value={draft}
        onChange={handleChange}
        format={TIME_FORMAT}
        ampm={false}
        name={name}
        fullWidth
        required={required}
        error={error ? true : undefined}
        helperText={helperText}
        onBlur={onBlur}
        inputRef={inputRef}
      />
    </LocalizationProvider>
  );
}
