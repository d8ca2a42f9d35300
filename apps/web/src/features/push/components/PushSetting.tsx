import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import type { PushDevice } from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { isApiError } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n-react';
import { useNotify } from '@/lib/notifications';
import {
  PUSH_SUBSCRIPTION_QUERY_KEY,
  usePushDevices,
  usePushKey,
  useRegisterPushDevice,
  useRemovePushDevice,
  useSendTestPush,
} from '../api/push-api';
import {
  currentSubscription,
  deviceLabel,
  notificationPermission,
  pushSupport,
  storedDeviceId,
  storeDeviceId,
  subscribe,
  workerRegistration,
} from '../browser-push';

/**
 * Settings: "Reminders on this device" (issue 36). Switches web push on for this browser (the
 * permission, a subscription with the server's VAPID key, POST /v1/push/device) or off
 * (unsubscribe, DELETE), lists the user's devices with remove (asked first) and sends a test
 * notification. Says so when the browser cannot, the permission is denied or the server has no push.
 */
export default function PushSetting() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const supported = pushSupport() === 'supported';
  const [permission, setPermission] = useState<NotificationPermission>(() => notificationPermission());
  const [thisDevice, setThisDevice] = useState<string | null>(() => storedDeviceId());
  const [switching, setSwitching] = useState(false);
  const [removing, setRemoving] = useState<PushDevice | null>(null);
  const key = usePushKey(supported);
  const queryClient = useQueryClient();
  // Whether this browser's service worker holds a push subscription (the browser's own state).
  const subscription = useQuery({
    queryKey: PUSH_SUBSCRIPTION_QUERY_KEY,
    queryFn: async () => (await currentSubscription().catch(() => null)) !== null,
    enabled: supported,
  });
  const subscribed = supported ? (subscription.data ?? null) : false;
  const setSubscribed = (value: boolean) => queryClient.setQueryData(PUSH_SUBSCRIPTION_QUERY_KEY, value);
  const devices = usePushDevices();
  const register = useRegisterPushDevice();
  const remove = useRemovePushDevice();
  const test = useSendTestPush();
  const serverWithoutPush = key.isError && isApiError(key.error) && key.error.status === 503;

  const on =
    subscribed === true && thisDevice !== null && (devices.data?.some((d) => d.id === thisDevice) ?? true);

  const switchOn = async () => {
    if (!key.data) return;
    setSwitching(true);
    try {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer !== 'granted') return;
      const registration = await workerRegistration();
      if (!registration) {
        notify.error('push.noWorker');
        return;
      }
      const subscription = await subscribe(registration, key.data.public_key);
      const device = await register.mutateAsync({ ...subscription, label: deviceLabel() });
      storeDeviceId(device.id);
      setThisDevice(device.id);
      setSubscribed(true);
      notify.success('push.switchedOn');
    } catch (error) {
      notify.error(isApiError(error) ? error : 'push.subscribeFailed');
    } finally {
      setSwitching(false);
    }
  };

  const switchOff = async () => {
    setSwitching(true);
    try {
      const subscription = await currentSubscription();
      await subscription?.unsubscribe();
      if (thisDevice) await remove.mutateAsync(thisDevice).catch(() => undefined);
      storeDeviceId(null);
      setThisDevice(null);
      setSubscribed(false);
      notify.success('push.switchedOff');
    } catch (error) {
      notify.error(error);
    } finally {
      setSwitching(false);
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      if (removing.id === thisDevice) {
        await (await currentSubscription())?.unsubscribe();
        storeDeviceId(null);
        setThisDevice(null);
        setSubscribed(false);
      }
      setRemoving(null);
      notify.success('push.removed');
    } catch (error) {
      notify.error(error);
    }
  };

  const sendTest = async () => {
    try {
      const result = await test.mutateAsync();
      if (result.delivered > 0) notify.success('push.testSent', { count: result.delivered });
      else notify.info('push.testNone');
    } catch (error) {
      notify.error(error);
    }
  };

  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));

  const state = !supported
    ? 'unsupported'
    : serverWithoutPush
      ? 'serverWithout'
      : permission === 'denied'
        ? 'denied'
        : 'ready';

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <NotificationsActiveOutlinedIcon sx={{ color: 'primary.main' }} aria-hidden />
        <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
          {t('push.title')}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('push.intro')}
      </Typography>

      <Stack spacing={2}>
        {state === 'unsupported' ? (
          <Alert severity="info" variant="outlined" sx={{ borderRadius: '12px' }}>
            {t('push.unsupported')}
          </Alert>
        ) : null}
        {state === 'serverWithout' ? (
          <Alert severity="info" variant="outlined" sx={{ borderRadius: '12px' }}>
            {t('push.serverWithout')}
          </Alert>
        ) : null}
        {state === 'denied' ? (
          <Alert severity="warning" variant="outlined" sx={{ borderRadius: '12px' }}>
            {t('push.denied')}
          </Alert>
        ) : null}

        {state === 'ready' ? (
          subscribed === null || key.isPending ? (
            <Skeleton variant="rounded" height={40} aria-label={t('push.loading')} />
          ) : (
            <FormControlLabel
              control={
                <Switch
                  checked={on}
                  disabled={switching || !key.data}
                  onChange={(event) => void (event.target.checked ? switchOn() : switchOff())}
                />
              }
              label={t('push.switch')}
            />
          )
        ) : null}

        <Box>
          <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
            {t('push.devicesTitle')}
          </Typography>
          {devices.isPending ? (
            <Skeleton variant="rounded" height={56} />
          ) : devices.data && devices.data.length > 0 ? (
            <List dense disablePadding aria-label={t('push.devicesTitle')}>
              {devices.data.map((device) => (
                <ListItem
                  key={device.id}
                  disableGutters
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={t('push.remove', { name: device.label ?? device.service })}
                      onClick={() => setRemoving(device)}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                        <span>{device.label ?? device.service}</span>
                        {device.id === thisDevice ? <Chip size="small" label={t('push.thisDevice')} /> : null}
                      </Stack>
                    }
                    secondary={
                      device.last_success_at
                        ? t('push.lastReached', { date: date(device.last_success_at) })
                        : t('push.addedOn', { date: date(device.created_at) })
                    }
                    sx={{ pr: 5, overflowWrap: 'anywhere' }}
                  />
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('push.noDevices')}
            </Typography>
          )}
        </Box>

        {devices.data && devices.data.length > 0 && !serverWithoutPush ? (
          <Box>
            <Button variant="outlined" onClick={() => void sendTest()} disabled={test.isPending}>
              {t('push.sendTest')}
            </Button>
          </Box>
        ) : null}
      </Stack>

      <ConfirmActionDialog
        open={removing !== null}
        title={t('push.removeTitle')}
        text={t('push.removeText', { name: removing?.label ?? removing?.service ?? '' })}
        confirmLabel={t('push.removeConfirm')}
        cancelLabel={t('push.cancel')}
        pending={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
