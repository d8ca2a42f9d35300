import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { useNotify } from '@/lib/notifications';
import { useCanOnPet } from '@/lib/pet-relation';
import { useSchedule } from '../api/fetch-schedule';
import { useDeleteSchedule } from '../api/save-schedule';
import { useDoses } from '../api/list-doses';
import { dateTimeIn, doseAmountText } from '../care-format';
import { scheduleInWords } from '../schedule-words';
import { ScheduleDialog } from './ScheduleDialog';

/** A medication's schedule in words (the medication list's row), nothing while it has none. */
export function ScheduleWords({ medId }: { medId: string }) {
  const { t, i18n } = useTranslation();
  const schedule = useSchedule(medId);
  if (!schedule.data) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<ScheduleOutlinedIcon />}
      label={scheduleInWords(schedule.data.rule, t, i18n.language)}
      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}

/**
 * The care part of an open medication (issue 36): its schedule in words with set, change and
 * remove (owners and co-owners: care_plan), and the dose log (who gave it when).
 */
export function MedicationCare({
  petId,
  medId,
  medicationName,
}: {
  petId: string;
  medId: string;
  medicationName: string;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const notify = useNotify();
  const schedule = useSchedule(medId);
  const remove = useDeleteSchedule(medId);
  const canEdit = useCanOnPet(petId, 'update', 'care_plan');
  const [editing, setEditing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [showLog, setShowLog] = useState(false);

  const removeIt = async () => {
    try {
      await remove.mutateAsync();
      notify.success('care.schedule.deleted');
      setConfirmRemove(false);
    } catch (error) {
      notify.error(error);
    }
  };

  const current = schedule.data ?? null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('care.schedule.title')}
      </Typography>
      {schedule.isPending ? (
        <Skeleton variant="text" width="60%" />
      ) : schedule.isError ? (
        <Alert severity="error">{t('care.schedule.loadError')}</Alert>
      ) : current ? (
        <Stack spacing={0.5} sx={{ mt: 0.5 }}>
          <Typography>
            {scheduleInWords(current.rule, t, i18n.language)} ·{' '}
            {doseAmountText(current.dose_amount, current.dose_unit, t, i18n.language)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {current.ends_on
              ? t('care.schedule.window', { from: current.starts_on, to: current.ends_on })
              : t('care.schedule.from', { from: current.starts_on })}{' '}
            · {t('care.schedule.zone', { zone: current.time_zone })}
          </Typography>
          {current.stock_days_left !== null ? (
            <Typography variant="body2" sx={{ color: current.stock_low ? 'warning.main' : 'text.secondary' }}>
              {t('care.schedule.stockLeft', { count: Math.max(0, Math.floor(current.stock_days_left)) })}
            </Typography>
          ) : null}
        </Stack>
      ) : (
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('care.schedule.none')}</Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
        {canEdit && !schedule.isPending ? (
          <Button variant="outlined" startIcon={<ScheduleOutlinedIcon />} onClick={() => setEditing(true)}>
            {current ? t('care.schedule.edit') : t('care.schedule.set')}
          </Button>
        ) : null}
        {canEdit && current ? (
          <Button color="error" onClick={() => setConfirmRemove(true)}>
            {t('care.schedule.delete')}
          </Button>
        ) : null}
        {current ? (
          <Button onClick={() => setShowLog((shown) => !shown)} aria-expanded={showLog}>
            {t('care.doses.show')}
          </Button>
        ) : null}
      </Stack>
      {showLog ? <DoseLog medId={medId} timeZone={current?.time_zone} /> : null}
      <ScheduleDialog
        open={editing}
        medId={medId}
        medicationName={medicationName}
        schedule={current}
        onClose={() => setEditing(false)}
      />
      <ConfirmActionDialog
        open={confirmRemove}
        title={t('care.schedule.deleteTitle', { name: medicationName })}
        text={t('care.schedule.deleteText')}
        confirmLabel={t('care.schedule.delete')}
        cancelLabel={t('care.schedule.cancel')}
        pending={remove.isPending}
        onConfirm={() => void removeIt()}
        onClose={() => setConfirmRemove(false)}
      />
    </Box>
  );
}

/** The dose log: given or skipped, by whom and when, newest first. */
function DoseLog({ medId, timeZone }: { medId: string; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const doses = useDoses(medId);
  if (doses.isPending) return <Skeleton variant="rounded" height={48} sx={{ mt: 1 }} />;
  if (doses.isError) return <Alert severity="error">{t('care.doses.loadError')}</Alert>;
  if (doses.data.length === 0) {
    return <Typography sx={{ mt: 1, color: 'text.secondary' }}>{t('care.doses.empty')}</Typography>;
  }
  return (
    <Box component="ul" aria-label={t('care.doses.title')} sx={{ mt: 1, pl: 2.5 }}>
      {doses.data.map((entry) => (
        <li key={entry.id}>
          <Typography variant="body2">
            {t(entry.action === 'given' ? 'care.doses.given' : 'care.doses.skipped', {
              when: dateTimeIn(entry.confirmed_at, timeZone, i18n.language),
              name: entry.confirmed_by?.name ?? t('care.dose.someone'),
              reason: entry.skip_reason ?? '',
            })}
          </Typography>
        </li>
      ))}
    </Box>
  );
}
