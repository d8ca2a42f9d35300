import { useCallback } from 'react';
import { useNavigate } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { endSession, useSignedInState } from '@/app/session-actions';
import { ChangePasswordScreen } from '@/features/identity/components/ChangePasswordScreen';
import { useNotify } from '@/lib/notifications';
import { useSignedInUser } from '@/lib/session';

/** /my-account/change-password: on success the user is signed out and goes to / (section 8). */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const user = useSignedInUser();
  const signedIn = useSignedInState();
  const navigate = useNavigate();
  const notify = useNotify();
  const onChanged = useCallback(async () => {
    notify.success('identity.changePassword.done');
    await endSession(signedIn, '/', navigate);
  }, [navigate, notify, signedIn]);
  return (
    <ChangePasswordScreen
      title={t(handle?.titleKey ?? 'route.changePassword')}
      email={user.email}
      onChanged={onChanged}
    />
  );
}
