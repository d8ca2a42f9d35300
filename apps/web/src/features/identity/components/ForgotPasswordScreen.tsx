import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate, useSearchParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { emailSchema, forgotPasswordFormSchema, type ForgotPasswordForm } from '@pet/contract';
import { RouterLink } from '@/components/RouterLink';
import { errorKeyOf } from '@/lib/api-client';
import { useRequestPasswordResetMutation } from '../api/request-password-reset';
import { AuthFrame, AuthHeading, FailureAlert, type Failure } from './AuthFrame';
import { EmailField } from './FormTextField';
import { IdentityForm, SubmitButton } from './IdentityForm';

/**
 * /forgot-password: e-mail (required, valid; on blur), Send, and Login (to /). On success the
 * user goes to /reset-password?email=... .
 */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const prefilled = emailSchema.safeParse(params.get('email') ?? '');
  const request = useRequestPasswordResetMutation();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm<ForgotPasswordForm>({
    mode: 'onTouched',
    resolver: zodResolver(forgotPasswordFormSchema) as Resolver<ForgotPasswordForm>,
    defaultValues: { email: prefilled.success ? prefilled.data : '' },
  });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await request.mutateAsync({ email, url: `${window.location.origin}/reset-password` });
      await navigate(`/reset-password?email=${encodeURIComponent(email)}`);
    } catch (error) {
      setFailure({ key: errorKeyOf(error) });
    }
  });

  return (
    <AuthFrame maxWidth={520}>
      <AuthHeading title={t('route.forgotPassword')} subtitle={t('identity.forgot.subtitle')} />
      <FailureAlert failure={failure} />
      <IdentityForm onSubmit={onSubmit}>
        <EmailField control={form.control} name="email" autoComplete="email" autoFocus={!prefilled.success} />
        <SubmitButton pending={request.isPending} size="large" fullWidth>
          {t('identity.forgot.submit')}
        </SubmitButton>
        <Button component={RouterLink} to="/" variant="text" size="large" fullWidth>
          {t('identity.forgot.login')}
        </Button>
      </IdentityForm>
    </AuthFrame>
  );
}
