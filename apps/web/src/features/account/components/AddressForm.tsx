import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n-react';
import { FormElement } from '@/components/FormElement';
import {
  addressFormSchema,
  userInfoToAddressForm,
  type AddressForm as AddressFormValues,
  type UserInfo,
} from '@pet/contract';
import { useNotify } from '@/lib/notifications';
import { useUpdateAddress } from '@/features/account/api/update-address';

type AddressField = keyof AddressFormValues;

/** Field, label key, autocomplete token and grid width (account-area section 3, Address form). */
const FIELDS: ReadonlyArray<{ name: AddressField; labelKey: string; autoComplete: string; wide?: boolean }> =
  [
    {
      name: 'addressName',
      labelKey: 'account.address.addressName',
      autoComplete: 'address-line1',
      wide: true,
    },
    { name: 'street', labelKey: 'account.address.street', autoComplete: 'address-line2', wide: true },
    { name: 'postalCode', labelKey: 'account.address.postalCode', autoComplete: 'postal-code' },
    { name: 'city', labelKey: 'account.address.city', autoComplete: 'address-level2' },
    { name: 'country', labelKey: 'account.address.country', autoComplete: 'country-name' },
    { name: 'number', labelKey: 'account.address.number', autoComplete: 'tel' },
  ];

/**
 * The address of User Administration: plain strings without bounds (the country may stay empty),
 * saved with PUT /v1/user/update?id=. Save is enabled once something changed and while nothing is
 * being saved.
 */
export function AddressForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateAddress(user.id);
  const {
    register,
    handleSubmit,
    reset,
    formState: { isDirty, isSubmitting },
  } = useForm<AddressFormValues>({
    resolver: zodResolver(addressFormSchema),
    defaultValues: userInfoToAddressForm(user),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      reset(values);
      notify.success('Success_Message_Text');
    } catch (error) {
      notify.error(error);
    }
  });

  return (
    <FormElement onSubmit={onSubmit} aria-label={t('account.address.formLabel')}>
      <Grid container spacing={2}>
        {FIELDS.map(({ name, labelKey, autoComplete, wide }) => (
          <Grid key={name} size={{ xs: 12, sm: wide ? 12 : 6 }}>
            <TextField
              {...register(name)}
              label={t(labelKey)}
              fullWidth
              autoComplete={autoComplete}
              type={name === 'number' ? 'tel' : 'text'}
            />
          </Grid>
        ))}
      </Grid>
      {/* As FormActions: stacked with save on top on phones, where the two labels do not fit side by side. */}
      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'flex-end', alignItems: { xs: 'stretch', sm: 'center' }, mt: 2.5 }}
      >
        <Button type="button" color="inherit" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
          {t('account.common.discard')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!isDirty || isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('account.address.save')}
        </Button>
      </Stack>
    </FormElement>
  );
}
