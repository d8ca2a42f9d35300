import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { DOSE_UNITS, type DoseUnit, type Schedule, type ScheduleKind } from '@pet/contract';
import { useTranslation } from '@/lib/i18n-react';
import { useApiErrorMessage, useNotify } from '@/lib/notifications';
import { errorKeyOf, isApiError } from '@/lib/api-client';
import { useSaveSchedule } from '../api/save-schedule';
import {
  KINDS_WITH_TIMES,
  SCHEDULE_KINDS,
  emptyScheduleForm,
  scheduleFormOf,
  toScheduleBody,
  type ScheduleErrors,
  type ScheduleField,
  type ScheduleFormState,
} from '../schedule-form';
import { weekdayName } from '../schedule-words';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Today as yyyy-MM-dd in the browser's zone (the form's default start). */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * The schedule of a medication (issue 36): every kind of scheduleRuleSchema, dose amount and unit,
 * start and end, stock and its warning. The contract's schema checks the body before it is sent;
 * its keys (CARE_KEYS) are the field errors, and so are the server's.
 */
export function ScheduleDialog({
  open,
  medId,
  medicationName,
  schedule,
  onClose,
}: {
  open: boolean;
  medId: string;
  medicationName: string;
  schedule: Schedule | null;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [pending, setPending] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
    >
      {/* Mounted while open: each opening starts from the stored schedule. */}
      {open ? (
        <ScheduleFormBody
          titleId={titleId}
          medId={medId}
          medicationName={medicationName}
          schedule={schedule}
          onClose={onClose}
          onPending={setPending}
        />
      ) : null}
    </Dialog>
  );
}

function ScheduleFormBody({
  titleId,
  medId,
  medicationName,
  schedule,
  onClose,
  onPending,
}: {
  titleId: string;
  medId: string;
  medicationName: string;
  schedule: Schedule | null;
  onClose: () => void;
  onPending: (pending: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const errorText = useApiErrorMessage();
  const save = useSaveSchedule(medId);
  const [form, setForm] = useState<ScheduleFormState>(() =>
    schedule ? scheduleFormOf(schedule, localToday()) : emptyScheduleForm(localToday()),
  );
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = <K extends keyof ScheduleFormState>(key: K, value: ScheduleFormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const errorOf = (field: ScheduleField) => (errors[field] ? t(errors[field]) : undefined);

  const submit = async () => {
    const checked = toScheduleBody(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    onPending(true);
    try {
      await save.mutateAsync(checked.body);
      onPending(false);
      notify.success('care.schedule.saved');
      onClose();
    } catch (error) {
      onPending(false);
      // The server's field keys land on the fields they name; anything else above the buttons.
      const key = errorKeyOf(error);
      if (isApiError(error) && key === 'Care_Schedule_Window_Error') setErrors({ ends_on: key });
      else if (isApiError(error) && key === 'Care_Schedule_Error') setErrors({ rule: key });
      else setFailure(errorText(error));
    }
  };

  const times = form.times.length ? form.times : [''];
  const daysLabel = form.kind === 'course' ? t('care.schedule.courseDays') : t('care.schedule.everyDays');

  return (
    <>
      <DialogTitle id={titleId}>{t('care.schedule.dialogTitle', { name: medicationName })}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          noValidate
          aria-labelledby={titleId}
          spacing={2.5}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            select
            label={t('care.schedule.kind')}
            value={form.kind}
            onChange={(event) => set('kind', event.target.value as ScheduleKind)}
            error={!!errors.rule}
            helperText={errorOf('rule')}
          >
            {SCHEDULE_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {t(`care.kind.${kind}`)}
              </MenuItem>
            ))}
          </TextField>

          {form.kind === 'every_hours' ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="number"
                label={t('care.schedule.everyHours')}
                value={form.hours}
                onChange={(event) => set('hours', event.target.value)}
                error={!!errors.hours}
                helperText={errorOf('hours')}
                slotProps={{ htmlInput: { min: 1, max: 72, inputMode: 'numeric' } }}
                fullWidth
              />
              <TextField
                type="time"
                label={t('care.schedule.firstTime')}
                value={form.first_time}
                onChange={(event) => set('first_time', event.target.value)}
                error={!!errors.first_time}
                helperText={errorOf('first_time')}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            </Stack>
          ) : null}

          {form.kind === 'weekdays' ? (
            <FormControl error={!!errors.weekdays} component="fieldset">
              <FormLabel component="legend">{t('care.schedule.weekdays')}</FormLabel>
              <ToggleButtonGroup
                value={form.weekdays}
                onChange={(_event, value: number[]) => set('weekdays', value)}
                size="small"
                sx={{ flexWrap: 'wrap', mt: 1 }}
              >
                {WEEKDAYS.map((day) => (
                  <ToggleButton key={day} value={day} aria-label={weekdayName(day, i18n.language)}>
                    {weekdayName(day, i18n.language, 'short')}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              {errors.weekdays ? <FormHelperText>{errorOf('weekdays')}</FormHelperText> : null}
            </FormControl>
          ) : null}

          {form.kind === 'every_days' || form.kind === 'course' ? (
            <TextField
              type="number"
              label={daysLabel}
              value={form.days}
              onChange={(event) => set('days', event.target.value)}
              error={!!errors.days}
              helperText={errorOf('days')}
              slotProps={{
                htmlInput: { min: form.kind === 'course' ? 1 : 2, max: 365, inputMode: 'numeric' },
              }}
            />
          ) : null}

          {form.kind === 'monthly' ? (
            <TextField
              type="number"
              label={t('care.schedule.dayOfMonth')}
              value={form.day_of_month}
              onChange={(event) => set('day_of_month', event.target.value)}
              error={!!errors.day_of_month}
              helperText={errorOf('day_of_month') ?? t('care.schedule.dayOfMonthHint')}
              slotProps={{ htmlInput: { min: 1, max: 31, inputMode: 'numeric' } }}
            />
          ) : null}

          {KINDS_WITH_TIMES.has(form.kind) ? (
            <FormControl error={!!errors.times} component="fieldset">
              <FormLabel component="legend">{t('care.schedule.times')}</FormLabel>
              <Stack spacing={1.5} sx={{ mt: 1.5 }}>
                {times.map((time, index) => (
                  <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <TextField
                      type="time"
                      label={t('care.schedule.time', { n: index + 1 })}
                      value={time}
                      onChange={(event) =>
                        set(
                          'times',
                          times.map((old, at) => (at === index ? event.target.value : old)),
                        )
                      }
                      slotProps={{ inputLabel: { shrink: true } }}
                      size="small"
                    />
                    {times.length > 1 ? (
                      <IconButton
                        aria-label={t('care.schedule.removeTime', { n: index + 1 })}
                        onClick={() =>
                          set(
                            'times',
                            times.filter((_old, at) => at !== index),
                          )
                        }
                      >
                        <DeleteOutlineIcon />
                      </IconButton>
                    ) : null}
                  </Stack>
                ))}
              </Stack>
              {errors.times ? <FormHelperText>{errorOf('times')}</FormHelperText> : null}
              {times.length < 12 ? (
                <Button
                  startIcon={<AddIcon />}
                  onClick={() => set('times', [...times, ''])}
                  sx={{ alignSelf: 'flex-start', mt: 1 }}
                >
                  {t('care.schedule.addTime')}
                </Button>
              ) : null}
            </FormControl>
          ) : null}

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('care.schedule.doseAmount')}
              value={form.dose_amount}
              onChange={(event) => set('dose_amount', event.target.value)}
              error={!!errors.dose_amount}
              helperText={errorOf('dose_amount')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              fullWidth
            />
            <TextField
              select
              label={t('care.schedule.doseUnit')}
              value={form.dose_unit}
              onChange={(event) => set('dose_unit', event.target.value as DoseUnit)}
              fullWidth
            >
              {DOSE_UNITS.map((unit) => (
                <MenuItem key={unit} value={unit}>
                  {t(`care.unit.${unit}`, { count: 2 })}
                </MenuItem>
              ))}
            </TextField>
          </Stack>

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              label={t('care.schedule.startsOn')}
              value={form.starts_on}
              onChange={(event) => set('starts_on', event.target.value)}
              error={!!errors.starts_on}
              helperText={errorOf('starts_on')}
              slotProps={{ inputLabel: { shrink: true } }}
              required
              fullWidth
            />
            <TextField
              type="date"
              label={t('care.schedule.endsOn')}
              value={form.ends_on}
              onChange={(event) => set('ends_on', event.target.value)}
              error={!!errors.ends_on}
              helperText={errorOf('ends_on')}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
          </Stack>

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('care.schedule.stockUnits')}
              value={form.stock_units}
              onChange={(event) => set('stock_units', event.target.value)}
              error={!!errors.stock_units}
              helperText={errorOf('stock_units')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              fullWidth
            />
            <TextField
              label={t('care.schedule.stockWarnDays')}
              value={form.stock_warn_days}
              onChange={(event) => set('stock_warn_days', event.target.value)}
              error={!!errors.stock_warn_days}
              helperText={errorOf('stock_warn_days')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              fullWidth
            />
          </Stack>
          {failure ? (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          ) : null}
          {/* Enter in a field submits. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} color="inherit" disabled={save.isPending}>
          {t('care.schedule.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
          {t('care.schedule.save')}
        </Button>
      </DialogActions>
    </>
  );
}
