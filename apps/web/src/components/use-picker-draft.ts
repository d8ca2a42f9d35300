import { useEffect, useRef, useState } from 'react';
import { isValid } from 'date-fns';

/**
 * The binding shared by DateStringPicker and TimeStringPicker: MUI's pickers work on a Date (an
 * invalid one while the user is still typing), the form holds text. Returns the picker's draft
 * Date and its change handler, which reports '' when cleared, the formatted text when valid and
 * `incomplete` for a half-typed value (so validation can name it).
 */
export function usePickerDraft({
  value,
  onChange,
  toDate,
  toText,
  incomplete,
}: {
  value: string | null | undefined;
  onChange: (text: string) => void;
  toDate: (value: string | null | undefined) => Date | null;
  toText: (date: Date) => string;
  incomplete: string;
}): [Date | null, (next: Date | null) => void] {
  const [draft, setDraft] = useState<Date | null>(() => toDate(value));
  const lastEmitted = useRef<string | null | undefined>(value);

  useEffect(() => {
    // A change from outside (form reset, edit of another record) replaces the draft.
    if (value !== lastEmitted.current) {
      lastEmitted.current = value;
      setDraft(toDate(value));
    }
    // toDate is a module-level parser in both callers; only a new value matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const handleChange = (next: Date | null) => {
    setDraft(next);
    const text = next === null ? '' : isValid(next) ? toText(next) : incomplete;
    lastEmitted.current = text;
    onChange(text);
  };

  return [draft, handleChange];
}
