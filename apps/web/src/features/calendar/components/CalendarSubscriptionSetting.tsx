import { useId, useState, type FocusEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { paidExtrasAllowed } from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { RouterLink } from '@/components/RouterLink';
import { SUBSCRIPTION_PATH } from '@/components/UpgradePrompt';
import { useBrand } from '@/lib/brand';
import { useNotify } from '@/lib/notifications';
import { useSignedInUser } from '@/lib/session';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useCalendarFeed } from '../api/fetch-calendar-feed';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';

/** webcal:// opens the address in the device's calendar app as a subscription. */
const webcalOf = (url: string) => url.replace(/^https?:/, 'webcal:');

/**
 * Settings: the private calendar subscription (issue 17). The address is shown once, right after it
 * is made (only its hash is stored); making a new one retires the old one. A paid-plan extra: the
 * free plan sees the upsell.
 */
export function CalendarSubscriptionSetting() {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const brand = useBrand();
  const notify = useNotify();
  const titleId = useId();
  const allowed = paidExtrasAllowed(user.product);
  const feed = useCalendarFeed(allowed);
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);

  const makeAddress = async () => {
    try {
      setShownUrl((await create.mutateAsync()).url);
    } catch (error) {
      notify.error(error);
    }
  };

  const switchOff = async () => {
    try {
      await revoke.mutateAsync();
      setShownUrl(null);
      setConfirmOff(false);
      notify.success('Success_Message_Text');
    } catch (error) {
      notify.error(error);
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('calendar.copied');
    } catch {
      // No clipboard permission: the field is selected so the user can copy it by hand.
      document.getElementById(`${titleId}-url`)?.focus();
    }
  };

  const active = feed.data?.active ?? false;
  const since = feed.data?.created_at
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(feed.data.created_at))
    : null;

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <EventAvailableOutlinedIcon sx={{ color: 'primary.main' }} aria-hidden />
        <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
          {t('calendar.title')}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('calendar.intro')}
      </Typography>

      {!allowed ? (
        <Alert severity="info" variant="outlined" sx={{ borderRadius: '12px' }}>
          {t('Paid_Extras_Not_Allowed_Text')}
          {brand.hiddenMenuItems.includes('subscription') ? null : (
            <Box sx={{ mt: 1.5 }}>
              <Button component={RouterLink} to={SUBSCRIPTION_PATH} variant="contained" size="small">
                {t('calendar.upgrade')}
              </Button>
            </Box>
          )}
        </Alert>
      ) : feed.isPending ? (
        <Skeleton variant="rounded" height={40} aria-label={t('calendar.loading')} />
      ) : (
        <Stack spacing={2}>
          {shownUrl ? (
            <Stack spacing={1.5}>
              <Alert severity="success" sx={{ borderRadius: '12px' }}>
                {t('calendar.shownOnce')}
              </Alert>
              <TextField
                id={`${titleId}-url`}
                label={t('calendar.address')}
                value={shownUrl}
                fullWidth
                slotProps={{
                  htmlInput: {
                    readOnly: true,
                    onFocus: (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select(),
                  },
                }}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <Button
                  variant="contained"
                  startIcon={<ContentCopyIcon />}
                  onClick={() => void copy(shownUrl)}
                >
                  {t('calendar.copy')}
                </Button>
                <Button variant="outlined" href={webcalOf(shownUrl)}>
                  {t('calendar.openInApp')}
                </Button>
              </Stack>
            </Stack>
          ) : (
            <Typography variant="body2" data-testid="calendar-status">
              {active ? t('calendar.activeSince', { date: since }) : t('calendar.inactive')}
            </Typography>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button
              variant={shownUrl ? 'outlined' : 'contained'}
              onClick={() => void makeAddress()}
              disabled={create.isPending}
              startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {active ? t('calendar.regenerate') : t('calendar.create')}
            </Button>
            {active ? (
              <Button variant="text" color="error" onClick={() => setConfirmOff(true)}>
                {t('calendar.switchOff')}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      )}

      <ConfirmActionDialog
        open={confirmOff}
        title={t('calendar.switchOffTitle')}
        text={t('calendar.switchOffText')}
        confirmLabel={t('calendar.switchOff')}
        cancelLabel={t('calendar.cancel')}
        pending={revoke.isPending}
        onConfirm={() => void switchOff()}
        onClose={() => setConfirmOff(false)}
      />
    </Box>
  );
}
