import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n-react';
import { PASSWORD_MAX_LENGTH, changePasswordFormSchema, type ChangePasswordForm } from '@pet/contract';
import { PageTitle } from '@/components/PageTitle';
import { RouterLink } from '@/components/RouterLink';
import { errorKeyOf, isApiError } from '@/lib/api-client';
import { useChangePasswordMutation } from '../api/change-password';
import { FailureAlert, type Failure } from './AuthFrame';
import { IdentityForm, SubmitButton } from './IdentityForm';
import { NewPasswordFields, PasswordField } from './PasswordField';

export interface ChangePasswordScreenProps {
  title: string;
  /** For password managers: the account the password belongs to. */
  email: string;
  /** Success: the app signs the user out and goes to / (section 8). */
  onChanged: () => void | Promise<void>;
}

/**
 * /my-account/change-password: old, new and confirmed password (6 to 30, inputs capped at 30,
 * checked on blur). A wrong old password (or a 500) shows Invalid_Password_Text; other failures
 * show the server's message and status.
 */
export function ChangePasswordScreen({ title, email, onChanged }: ChangePasswordScreenProps) {
  const { t } = useTranslation();
  const change = useChangePasswordMutation();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [leaving, setLeaving] = useState(false);
  const form = useForm<ChangePasswordForm>({
    mode: 'onTouched',
    resolver: zodResolver(changePasswordFormSchema) as Resolver<ChangePasswordForm>,
    defaultValues: { oldpassword: '', newpassword: '', confirmpassword: '' },
  });

  const onSubmit = form.handleSubmit(async ({ oldpassword, newpassword }) => {
    setFailure(null);
    try {
      await change.mutateAsync({ currentPassword: oldpassword, newPassword: newpassword });
    } catch (error) {
      const key = errorKeyOf(error);
      if (key === 'Invalid_Password_Text') {
        form.setError('oldpassword', { message: key }, { shouldFocus: true });
        setFailure({ key });
      } else if (isApiError(error) && error.kind === 'http' && key !== 'Too_Many_Requests_Text') {
        setFailure({
          key: 'identity.changePassword.failed',
          detailText: `${error.message} (${error.status})`,
        });
      } else {
        setFailure({ key });
      }
      return;
    }
    setLeaving(true);
    await onChanged();
  });

  const busy = change.isPending || leaving;

  return (
    <>
      <PageTitle title={title} subtitle={t('identity.changePassword.subtitle')} />
      <Card sx={{ maxWidth: 600 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } }}>
          <FailureAlert failure={failure} />
          <IdentityForm onSubmit={onSubmit} username={email}>
            <PasswordField
              control={form.control}
              name="oldpassword"
              label={t('identity.fields.oldPassword')}
              autoComplete="current-password"
              maxLength={PASSWORD_MAX_LENGTH}
              required
            />
            <NewPasswordFields
              form={form}
              password="newpassword"
              confirmation="confirmpassword"
              passwordLabel={t('identity.fields.newPassword')}
            />
            <Alert severity="info" icon={<InfoOutlinedIcon />} variant="outlined" role="note">
              {t('identity.changePassword.signOutNote')}
            </Alert>
            <Stack
              direction={{ xs: 'column-reverse', sm: 'row' }}
              spacing={1.5}
              sx={{ justifyContent: 'flex-end' }}
            >
              <Button component={RouterLink} to="/my-account/profile" variant="text" disabled={busy}>
                {t('identity.cancel')}
              </Button>
              <SubmitButton pending={busy}>{t('identity.changePassword.submit')}</SubmitButton>
            </Stack>
          </IdentityForm>
        </CardContent>
      </Card>
    </>
  );
}
