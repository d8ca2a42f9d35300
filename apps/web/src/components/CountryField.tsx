import { useMemo, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { countryOptions, type CountryOption } from '@/lib/countries';
import { useLanguage } from '@/lib/use-language';

export interface CountryFieldProps {
  /** ISO 3166-1 alpha-2 code, null when empty. */
  value: string | null | undefined;
  onChange: (code: string | null) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  label: string;
  /** Translated Autocomplete texts: no match, and the clear/open/close button labels. */
  noOptionsText: string;
  clearText: string;
  openText: string;
  closeText: string;
  error?: boolean;
  helperText?: string;
}

/**
 * The searchable country select of the contact and appointment forms: every ISO country with its
 * name in the UI language (lib/countries.ts), the form holding only the code. Shared so both forms
 * list, sort and autofill countries the same way; the caller translates the texts.
 */
export function CountryField({
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  label,
  noOptionsText,
  clearText,
  openText,
  closeText,
  error,
  helperText,
}: CountryFieldProps) {
  const { language } = useLanguage();
  const countries = useMemo(() => countryOptions(language), [language]);
  return (
    <Autocomplete<CountryOption>
      options={countries}
      value={countries.find((option) => option.code === value) ?? null}
      onChange={(_event, option) => onChange(option?.code ?? null)}
      onBlur={onBlur}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.code}
      isOptionEqualToValue={(option, selected) => option.code === selected.code}
      autoHighlight
      noOptionsText={noOptionsText}
      clearText={clearText}
      openText={openText}
      closeText={closeText}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          inputRef={inputRef}
          label={label}
          error={error}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, autoComplete: 'country-name' },
          }}
        />
      )}
    />
  );
}
