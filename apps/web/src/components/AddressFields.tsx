import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n-react';
import { CountryField } from '@/components/CountryField';
import { FieldController } from '@/components/FieldController';

/** The address part of a form's values: street and house number, postcode, city, country code. */
export interface AddressFieldValues {
  address?: string | null;
  zip?: string | null;
  city?: string | null;
  country?: string | null;
}

type AddressTextField = 'address' | 'zip' | 'city';

/** Each text field's label key (translation.json `addressFields`), autofill token and column width. */
const TEXT_FIELDS: ReadonlyArray<{
  name: AddressTextField;
  labelKey: string;
  autoComplete: string;
  size: 12 | { xs: 12; sm: 4 | 8 };
}> = [
  { name: 'address', labelKey: 'addressFields.street', autoComplete: 'street-address', size: 12 },
  { name: 'zip', labelKey: 'addressFields.zip', autoComplete: 'postal-code', size: { xs: 12, sm: 4 } },
  { name: 'city', labelKey: 'addressFields.city', autoComplete: 'address-level2', size: { xs: 12, sm: 8 } },
];

/**
 * The address block of the contact and appointment forms (pet-data section 5): street and house
 * number, postcode and city on one row from tablet width, and the searchable country. One markup,
 * one set of labels and autofill tokens; the form's zod schema owns the validation, whose message
 * keys are shown under the field. Rendered inside the caller's `Grid container`.
 */
export function AddressFields<T extends FieldValues & AddressFieldValues>({
  control,
}: {
  control: Control<T>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {TEXT_FIELDS.map(({ name, labelKey, autoComplete, size }) => (
        <Grid key={name} size={size}>
          <FieldController
            control={control}
            name={name as Path<T>}
            render={(field) => (
              <TextField
                {...field}
                value={field.value ?? ''}
                label={t(labelKey)}
                autoComplete={autoComplete}
                fullWidth
              />
            )}
          />
        </Grid>
      ))}
      <Grid size={{ xs: 12, sm: 6 }}>
        <FieldController
          control={control}
          name={'country' as Path<T>}
          render={(field) => (
            <CountryField
              {...field}
              label={t('addressFields.country')}
              noOptionsText={t('addressFields.noCountry')}
              clearText={t('addressFields.clear')}
              openText={t('addressFields.open')}
              closeText={t('addressFields.close')}
            />
          )}
        />
      </Grid>
    </>
  );
}
