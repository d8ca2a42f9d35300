import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/i18n-react';
import type { WindowEnd, WindowValue } from '../share-format';

const HOURS = Array.from({ length: 24 }, (_unused, hour) => hour);

function EndFields({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: WindowEnd;
  onChange: (value: WindowEnd) => void;
  error?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
      <TextField
        type="date"
        label={label}
        value={value.date}
        onChange={(event) => onChange({ ...value, date: event.target.value })}
        error={error}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: 1, minWidth: 0 }}
      />
      <TextField
        select
        label={t('sharing.window.hour')}
        value={value.hour}
        disabled={value.date === ''}
        onChange={(event) => onChange({ ...value, hour: Number(event.target.value) })}
        sx={{ width: 104, flexShrink: 0 }}
      >
        {HOURS.map((hour) => (
          <MenuItem key={hour} value={hour}>
            {`${String(hour).padStart(2, '0')}:00`}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/** From and until, each a date and an hour in the browser's time zone; empty dates leave it open. */
export function WindowFields({
  value,
  onChange,
  errorText,
}: {
  value: WindowValue;
  onChange: (value: WindowValue) => void;
  errorText?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('sharing.window.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('sharing.window.hint', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <EndFields
          label={t('sharing.window.from')}
          value={value.from}
          onChange={(from) => onChange({ ...value, from })}
        />
        <EndFields
          label={t('sharing.window.until')}
          value={value.until}
          onChange={(until) => onChange({ ...value, until })}
          error={Boolean(errorText)}
        />
      </Stack>
      {errorText ? (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main', mt: 1 }}>
          {errorText}
        </Typography>
      ) : null}
    </Box>
  );
}
