import Button from '@mui/material/Button';
import { useTranslation } from '@/lib/i18n-react';
import { RouterLink } from '@/components/RouterLink';
import { useNotify } from '@/lib/notifications';
import { useSendVerificationEmailMutation } from '../api/send-verification-email';
import { MailSentPanel } from './MailSentPanel';

/** Registration step 1: check your inbox, then log in (the Login button goes to /). */
export function RegisterThankYou({ email }: { email: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const resend = useSendVerificationEmailMutation();
  return (
    <MailSentPanel
      title={t('identity.thankYou.title')}
      text={t('identity.thankYou.text', { email })}
      hint={t('identity.thankYou.hint')}
      actions={
        <>
          <Button component={RouterLink} to="/" variant="contained" size="large">
            {t('identity.thankYou.login')}
          </Button>
          <Button
            variant="outlined"
            size="large"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(
                { email, url: `${window.location.origin}/` },
                {
                  onSuccess: () => notify.success('identity.verify.resent'),
                  onError: (error) => notify.error(error),
                },
              )
            }
          >
            {t('identity.verify.resend')}
          </Button>
        </>
      }
    />
  );
}
