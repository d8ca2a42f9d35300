import { useRef, useState } from 'react';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from '@/lib/i18n-react';
import { CONTACT_TYPES } from '@pet/contract';

/** The select entry that opens the text field for a type of the user's own. */
const NEW_TYPE = '__new__';

export interface ContactTypeFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The user's own types already in use for this pet. */
  customTypes: readonly string[];
  /** Translated error text, if any. */
  error?: string;
  name: string;
}

/**
 * contact_type (pet-data section 3): one of the built-in types (shown translated, stored as
 * Holder, Vet, ...), one of the user's own types, or a new own type typed into a text field.
 */
export function ContactTypeField({
  value,
  onChange,
  onBlur,
  customTypes,
  error,
  name,
}: ContactTypeFieldProps) {
  const { t } = useTranslation();
  const known: readonly string[] = [...CONTACT_TYPES, ...customTypes];
  const [newTypeMode, setNewTypeMode] = useState(() => value.trim() !== '' && !known.includes(value));
  const customInput = useRef<HTMLInputElement>(null);
  const selectValue = newTypeMode ? NEW_TYPE : known.includes(value) ? value : '';

  const choose = (next: string) => {
    if (next === NEW_TYPE) {
      setNewTypeMode(true);
      onChange('');
      // After the text field has rendered.
      setTimeout(() => customInput.current?.focus(), 0);
      return;
    }
    setNewTypeMode(false);
    onChange(next);
  };

  return (
    <Stack spacing={2}>
      <TextField
        select
        required
        fullWidth
        name={name}
        label={t('contacts.field.contactType')}
        value={selectValue}
        onChange={(event) => choose(event.target.value)}
        onBlur={newTypeMode ? undefined : onBlur}
        error={Boolean(error) && !newTypeMode}
        helperText={!newTypeMode ? error : undefined}
      >
        {CONTACT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`contacts.type.${type}`)}
          </MenuItem>
        ))}
        {customTypes.length > 0 ? <Divider /> : null}
        {customTypes.length > 0 ? <ListSubheader>{t('contacts.field.ownTypes')}</ListSubheader> : null}
        {customTypes.map((type) => (
          <MenuItem key={`custom-${type}`} value={type}>
            {type}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem value={NEW_TYPE}>{t('contacts.field.newType')}</MenuItem>
      </TextField>
      {newTypeMode ? (
        <TextField
          required
          fullWidth
          inputRef={customInput}
          label={t('contacts.field.customType')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          error={Boolean(error)}
          helperText={error ?? t('contacts.field.customTypeHelper')}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
      ) : null}
    </Stack>
  );
}
