import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n-react';
import { CountryField } from '@/components/CountryField';
import type { DeliveryForm } from '../delivery-form';

type TextFieldName = Exclude<keyof DeliveryForm, 'country'>;

const FIELDS: ReadonlyArray<{
  name: TextFieldName;
  labelKey: string;
  autoComplete: string;
  size: { xs: number; sm: number };
  type?: string;
}> = [
  { name: 'name', labelKey: 'subscription.delivery.name', autoComplete: 'name', size: { xs: 12, sm: 6 } },
  {
    name: 'email',
    labelKey: 'subscription.delivery.email',
    autoComplete: 'email',
    size: { xs: 12, sm: 6 },
    type: 'email',
  },
  {
    name: 'address',
    labelKey: 'subscription.delivery.address',
    autoComplete: 'address-line1',
    size: { xs: 12, sm: 12 },
  },
  {
    name: 'street',
    labelKey: 'subscription.delivery.street',
    autoComplete: 'address-line2',
    size: { xs: 12, sm: 12 },
  },
  {
    name: 'zipcode',
    labelKey: 'subscription.delivery.zipcode',
    autoComplete: 'postal-code',
    size: { xs: 5, sm: 4 },
  },
  {
    name: 'city',
    labelKey: 'subscription.delivery.city',
    autoComplete: 'address-level2',
    size: { xs: 7, sm: 8 },
  },
];

/** The delivery address of the payment step (the payment request's address fields). */
export function DeliveryFields({
  control,
  register,
  errors,
  disabled,
}: {
  control: Control<DeliveryForm>;
  register: UseFormRegister<DeliveryForm>;
  errors: FieldErrors<DeliveryForm>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      {FIELDS.map(({ name, labelKey, autoComplete, size, type }) => (
        <Grid key={name} size={size}>
          <TextField
            {...register(name)}
            label={t(labelKey)}
            type={type ?? 'text'}
            autoComplete={autoComplete}
            fullWidth
            disabled={disabled}
            error={Boolean(errors[name])}
            helperText={errors[name]?.message ? t(errors[name].message) : undefined}
          />
        </Grid>
      ))}
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={control}
          name="country"
          render={({ field }) => (
            <CountryField
              value={field.value || null}
              onChange={(code) => field.onChange(code ?? '')}
              onBlur={field.onBlur}
              name={field.name}
              inputRef={field.ref}
              label={t('subscription.delivery.country')}
              noOptionsText={t('subscription.delivery.noCountry')}
              clearText={t('subscription.delivery.clear')}
              openText={t('subscription.delivery.open')}
              closeText={t('subscription.delivery.close')}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          {...register('phone')}
          label={t('subscription.delivery.phone')}
          type="tel"
          autoComplete="tel"
          fullWidth
          disabled={disabled}
        />
      </Grid>
    </Grid>
  );
}
