import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate, useSearchParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { emailSchema } from '@pet/contract';
import { RouterLink } from '@/components/RouterLink';
import { errorKeyOf } from '@/lib/api-client';
import { useNotify } from '@/lib/notifications';
import { useSessionStore } from '@/lib/session';
import { useResetPasswordMutation } from '../api/reset-password';
import { resetPasswordFormSchema, type ResetPasswordForm } from '../forms';
import { AuthFrame, AuthHeading, FailureAlert, type Failure } from './AuthFrame';
import { IdentityForm, SubmitButton } from './IdentityForm';
import { MailSentPanel } from './MailSentPanel';
import { NewPasswordFields } from './PasswordField';

/**
 * /reset-password. Without a token (after /forgot-password): the mail is on its way, with a resend
 * button back to /forgot-password. With ?token= (the link of the reset mail): the new password.
 */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPasswordForm token={token} /> : <ResetMailSent email={params.get('email')} />;
}

function ResetMailSent({ email }: { email: string | null }) {
  const { t } = useTranslation();
  const valid = emailSchema.safeParse(email ?? '');
  const resendTo = valid.success
    ? `/forgot-password?email=${encodeURIComponent(valid.data)}`
    : '/forgot-password';
  return (
    <MailSentPanel
      title={t('identity.reset.sentTitle')}
      text={valid.success ? t('identity.reset.sentTo', { email: valid.data }) : t('identity.reset.sent')}
      hint={t('identity.reset.sentHint')}
      actions={
        <>
          <Button component={RouterLink} to={resendTo} variant="contained" size="large">
            {t('identity.reset.resend')}
          </Button>
          <Button component={RouterLink} to="/signin" variant="outlined" size="large">
            {t('identity.reset.backToLogin')}
          </Button>
        </>
      }
    />
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const session = useSessionStore();
  const reset = useResetPasswordMutation();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm<ResetPasswordForm>({
    mode: 'onTouched',
    resolver: zodResolver(resetPasswordFormSchema) as Resolver<ResetPasswordForm>,
    defaultValues: { newpassword: '', confirmpassword: '' },
  });

  const onSubmit = form.handleSubmit(async ({ newpassword }) => {
    setFailure(null);
    try {
      await reset.mutateAsync({ token, newPassword: newpassword });
    } catch (error) {
      setFailure({ key: errorKeyOf(error) });
      return;
    }
    // Every session of the user ended with the reset: this tab learns it before moving on.
    await session.invalidate();
    notify.success('identity.reset.done');
    await navigate('/signin', { replace: true });
  });

  const linkInvalid = failure?.key === 'identity.reset.linkInvalid';

  return (
    <AuthFrame maxWidth={520}>
      <AuthHeading title={t('identity.reset.newTitle')} subtitle={t('identity.reset.newSubtitle')} />
      {linkInvalid ? (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button component={RouterLink} to="/forgot-password" color="inherit" size="small">
              {t('identity.reset.requestNew')}
            </Button>
          }
        >
          {t('identity.reset.linkInvalid')}
        </Alert>
      ) : (
        <FailureAlert failure={failure} />
      )}
      <IdentityForm onSubmit={onSubmit}>
        <NewPasswordFields
          form={form}
          password="newpassword"
          confirmation="confirmpassword"
          passwordLabel={t('identity.fields.newPassword')}
          autoFocus
        />
        <SubmitButton pending={reset.isPending} size="large" fullWidth>
          {t('identity.reset.submit')}
        </SubmitButton>
        <Button component={RouterLink} to="/signin" variant="text" size="large" fullWidth>
          {t('identity.reset.backToLogin')}
        </Button>
      </IdentityForm>
    </AuthFrame>
  );
}
