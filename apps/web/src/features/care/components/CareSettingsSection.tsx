import { useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { CARE_KEYS, careSettingsSchema, type CareSettings } from '@pet/contract';
import { useTranslation } from '@/lib/i18n-react';
import { useApiErrorMessage, useNotify } from '@/lib/notifications';
import { useSignedInUser } from '@/lib/session';
import { useCareSettings, useSaveCareSettings } from '../api/care-settings';
import { browserTimeZone } from '../care-format';

const REMINDER_KINDS = ['doses', 'vaccinations', 'appointments', 'stock'] as const;
type ReminderKind = (typeof REMINDER_KINDS)[number];

/** Every IANA zone the browser knows, the user's own first when it is missing from the list. */
function zonesWith(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}

/**
 * Settings, "Time zone and reminders" (issue 36): the user's zone (searchable, the browser's as
 * the suggestion), mail and push per kind of reminder, the missed-dose repeat and doses in the
 * calendar feed. The device's own push switch is the push feature's section, not this one.
 */
export function CareSettingsSection() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const titleId = useId();
  const settings = useCareSettings(true);

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <NotificationsActiveOutlinedIcon sx={{ color: 'primary.main' }} aria-hidden />
        <div>
          <Typography id={titleId} component="h2" sx={{ fontWeight: 600 }}>
            {t('care.settings.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('care.settings.hint')}
          </Typography>
        </div>
      </Stack>
      {settings.isPending ? (
        <Skeleton variant="rounded" height={120} aria-label={t('care.settings.loading')} />
      ) : settings.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
              {t('care.today.retry')}
            </Button>
          }
        >
          {t('care.settings.loadError')}
        </Alert>
      ) : (
        <CareSettingsForm
          key={settings.dataUpdatedAt}
          titleId={titleId}
          stored={settings.data}
          allowed={user.product?.medical === true}
        />
      )}
    </Box>
  );
}

/** The form, started from the stored settings (a new answer starts it again). */
function CareSettingsForm({
  titleId,
  stored,
  allowed,
}: {
  titleId: string;
  stored: CareSettings;
  allowed: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const errorText = useApiErrorMessage();
  const save = useSaveCareSettings();
  const [draft, setDraft] = useState<CareSettings>(stored);
  const [zoneError, setZoneError] = useState<string | null>(null);
  const [repeatText, setRepeatText] = useState(String(stored.missed_dose_repeat_minutes));
  const browserZone = browserTimeZone();
  const zones = useMemo(() => zonesWith(draft.time_zone), [draft.time_zone]);

  const submit = async () => {
    const body = { ...draft, missed_dose_repeat_minutes: Number(repeatText) };
    const checked = careSettingsSchema.safeParse(body);
    if (!checked.success) {
      const zoneIssue = checked.error.issues.find((issue) => issue.path[0] === 'time_zone');
      setZoneError(zoneIssue ? t(CARE_KEYS.timeZone) : null);
      if (!zoneIssue) notify.error('care.settings.repeatError');
      return;
    }
    setZoneError(null);
    try {
      await save.mutateAsync(checked.data);
      notify.success('care.settings.saved');
    } catch (error) {
      notify.show(errorText(error), 'error');
    }
  };

  const setChannel = (kind: ReminderKind, channel: 'mail' | 'push', on: boolean) =>
    setDraft((current) => ({ ...current, [kind]: { ...current[kind], [channel]: on } }));

  return (
    <Stack
      component="form"
      aria-labelledby={titleId}
      noValidate
      spacing={2.5}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Autocomplete
        options={zones}
        value={draft.time_zone}
        disableClearable
        onChange={(_event, zone) => setDraft({ ...draft, time_zone: zone })}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('care.settings.timeZone')}
            error={zoneError !== null}
            helperText={
              zoneError ??
              (browserZone && browserZone !== draft.time_zone
                ? t('care.settings.browserZone', { zone: browserZone })
                : ' ')
            }
          />
        )}
      />
      {browserZone && browserZone !== draft.time_zone ? (
        <Button
          size="small"
          sx={{ alignSelf: 'flex-start', mt: '-8px !important' }}
          onClick={() => setDraft({ ...draft, time_zone: browserZone })}
        >
          {t('care.settings.useBrowserZone')}
        </Button>
      ) : null}

      <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', maxWidth: 480 }}>
        <caption style={{ textAlign: 'left', captionSide: 'top', paddingBottom: 8 }}>
          {t('care.settings.channels')}
        </caption>
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ textAlign: 'left', fontWeight: 500 }}>
              {t('care.settings.kind')}
            </Box>
            <th scope="col">{t('care.settings.mail')}</th>
            <th scope="col">{t('care.settings.push')}</th>
          </tr>
        </thead>
        <tbody>
          {REMINDER_KINDS.map((kind) => (
            <tr key={kind}>
              <Box component="th" scope="row" sx={{ textAlign: 'left', fontWeight: 400 }}>
                {t(`care.settings.kinds.${kind}`)}
              </Box>
              {(['mail', 'push'] as const).map((channel) => (
                <Box component="td" key={channel} sx={{ textAlign: 'center' }}>
                  <Switch
                    checked={draft[kind][channel]}
                    onChange={(event) => setChannel(kind, channel, event.target.checked)}
                    slotProps={{
                      input: {
                        'aria-label': t('care.settings.switch', {
                          kind: t(`care.settings.kinds.${kind}`),
                          channel: t(`care.settings.${channel}`),
                        }),
                      },
                    }}
                  />
                </Box>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
      {!allowed ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('care.settings.paidHint')}
        </Typography>
      ) : null}

      <TextField
        type="number"
        label={t('care.settings.repeat')}
        value={repeatText}
        onChange={(event) => setRepeatText(event.target.value)}
        helperText={t('care.settings.repeatHint')}
        slotProps={{ htmlInput: { min: 0, max: 240, inputMode: 'numeric' } }}
        sx={{ maxWidth: 320 }}
      />
      <FormControlLabel
        control={
          <Switch
            checked={draft.ical_doses}
            onChange={(event) => setDraft({ ...draft, ical_doses: event.target.checked })}
          />
        }
        label={t('care.settings.icalDoses')}
      />
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('care.settings.save')}
      </Button>
    </Stack>
  );
}
