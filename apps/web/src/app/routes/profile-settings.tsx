import { useNavigate } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { endSession, useSignedInState } from '@/app/session-actions';
import { SettingsPage } from '@/features/account/components/SettingsPage';
import { CalendarSubscriptionSetting } from '@/features/calendar/components/CalendarSubscriptionSetting';
import { CareSettingsSection } from '@/features/care/components/CareSettingsSection';
import { DataExportSetting } from '@/features/data-export/components/DataExportSetting';
import { LazyPushSetting } from '@/features/push/components/LazyPushSetting';

/**
 * /my-account/profile/settings: language, address, stay logged in, the calendar subscription,
 * reminders on this device (push), the data export, logout (to /) and help.
 */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const signedIn = useSignedInState();
  const navigate = useNavigate();
  return (
    <SettingsPage
      title={t(handle?.titleKey ?? 'route.settings')}
      onLogout={() => endSession(signedIn, '/', navigate)}
      calendarSetting={<CalendarSubscriptionSetting />}
      pushSetting={<LazyPushSetting />}
      dataExportSetting={<DataExportSetting />}
      careSetting={<CareSettingsSection />}
    />
  );
}
