import type { Ref } from 'react';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE, enUS } from '@mui/x-date-pickers/locales';
import { DATE_FORMAT, formatDdMmYyyy, parseDdMmYyyy } from '@pet/contract';
import { dateFnsLocale } from '@/lib/dates';
import { useLanguage } from '@/lib/use-language';
import { usePickerDraft } from './use-picker-draft';

/**
 * A form value that is not a date yet (the user stopped typing half-way): it fails the contract's
 * date schemas, so the form shows Date_Format_Error instead of silently dropping the input.
 */
export const INCOMPLETE_DATE = 'incomplete';

const PICKER_TEXTS = {
  de: deDE.components.MuiLocalizationProvider.defaultProps.localeText,
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
};

export interface DateStringPickerProps {
  label: string;
  /** dd.MM.yyyy, '' (or null) when empty. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  disableFuture?: boolean;
  /** dd.MM.yyyy: days before it cannot be picked. */
  minDate?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

function toDate(value: string | null | undefined): Date | null {
  return value ? parseDdMmYyyy(value) : null;
}

/**
 * MUI's date picker bound to the app's date strings (dd.MM.yyyy, DESIGN.md section 8), with the
 * calendar and its texts in the UI language. Typing and picking both work; a half-typed date is
 * reported as INCOMPLETE_DATE so validation can name it.
 */
export function DateStringPicker({
  label,
  value,
  onChange,
  onBlur,
  name,
  error,
  helperText,
  required,
  disabled,
  disableFuture,
  minDate,
  inputRef,
}: DateStringPickerProps) {
  const { language } = useLanguage();
  const [draft, handleChange] = usePickerDraft({
    value,
    onChange,
    toDate,
    toText: formatDdMmYyyy,
    incomplete: INCOMPLETE_DATE,
  });

  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={dateFnsLocale(language)}
      localeText={PICKER_TEXTS[language]}
    >
      <DatePicker
        label={label}
        value={draft}
        onChange={handleChange}
        format={DATE_FORMAT}
        disabled={disabled}
        disableFuture={disableFuture}
        minDate={toDate(minDate) ?? undefined}
        onClose={onBlur}
        slotProps={{
          textField: {
            name,
            fullWidth: true,
            required,
            // Without a form error the picker's own check (e.g. a future date) may mark the field.
            error: error ? true : undefined,
            helperText,
            onBlur,
            inputRef,
          },
        }}
      />
    </LocalizationProvider>
  );
}
