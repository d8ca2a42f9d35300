import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n-react';
import { NAME_MAX_LENGTH, profileNameFormSchema, type ProfileNameForm } from '@pet/contract';
import { useNotify } from '@/lib/notifications';
import { useModifyUser } from '@/features/account/api/modify-user';

/**
 * The editable name of the profile (account-area section 5): required (Name_Error), saved when
 * the field loses focus (or on Enter) if it is valid and changed. A name that changes elsewhere
 * (saved, reloaded) replaces the field's value unless the user is editing it.
 */
export function ProfileNameField({ name }: { name: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const modify = useModifyUser();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<ProfileNameForm>({
    resolver: zodResolver(profileNameFormSchema),
    mode: 'onBlur',
    // Saving runs on blur: focusing the invalid field again would fight any dialog that takes focus.
    shouldFocusError: false,
    values: { name },
    resetOptions: { keepDirtyValues: true },
  });

  const save = handleSubmit(async (values) => {
    if (values.name === name.trim() || modify.isPending) return;
    try {
      await modify.mutateAsync({ name: values.name });
      notify.success('account.profile.nameSaved');
    } catch (error) {
      notify.error(error);
    }
  });

  const saving = modify.isPending;
  const saved = modify.isSuccess && !isDirty;

  return (
    <Box component="form" noValidate onSubmit={save}>
      <TextField
        {...register('name', { onBlur: () => void save() })}
        label={t('account.profile.name')}
        required
        fullWidth
        autoComplete="name"
        error={Boolean(errors.name)}
        helperText={errors.name?.message ? t(errors.name.message) : t('account.profile.nameHelper')}
        slotProps={{
          htmlInput: { maxLength: NAME_MAX_LENGTH },
          input: {
            endAdornment: saving ? (
              <InputAdornment position="end">
                <CircularProgress size={20} aria-label={t('account.common.saving')} />
              </InputAdornment>
            ) : saved ? (
              <InputAdornment position="end">
                <CheckCircleOutlineIcon color="success" aria-label={t('account.common.saved')} />
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
    </Box>
  );
}
