import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { endSession } from '@/app/session-actions';
import { ChangePasswordScreen } from '@/features/identity/components/ChangePasswordScreen';
import { useNotify } from '@/lib/notifications';
import { useSignedInUser } from '@/lib/session';

/** /my-account/change-password: on success the user is signed out and goes to / (section 8). */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const onChanged = useCallback(async () => {
    notify.success('identity.changePassword.done');
    await endSession(queryClient, '/', navigate);
  }, [navigate, notify, queryClient]);
  return (
    <ChangePasswordScreen
      title={t(handle?.titleKey ?? 'route.changePassword')}
      email={user.email}
      onChanged={onChanged}
    />
  );
}
