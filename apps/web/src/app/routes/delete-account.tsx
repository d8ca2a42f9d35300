import { useNavigate } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { endSession, useSignedInState } from '@/app/session-actions';
import { DeleteAccountPage } from '@/features/account/components/DeleteAccountPage';

/** /my-account/delete-account: explanation, confirmation, then the deleted screen (OK signs out). */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const signedIn = useSignedInState();
  const navigate = useNavigate();
  return (
    <DeleteAccountPage
      title={t(handle?.titleKey ?? 'route.deleteAccount')}
      onSignOut={() => endSession(signedIn, '/signin', navigate)}
    />
  );
}
