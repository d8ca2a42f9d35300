import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MedicationOutlinedIcon from '@mui/icons-material/MedicationOutlined';
import { LIMIT_KEYS, type Dose, type TodayResponse } from '@pet/contract';
import { useTranslation } from '@/lib/i18n-react';
import { RouterLink } from '@/components/RouterLink';
import { UpgradeAlert } from '@/components/UpgradeAlert';
import { useApiErrorMessage, useNotify } from '@/lib/notifications';
import { useCanOnPet } from '@/lib/pet-relation';
import { useSignedInUser } from '@/lib/session';
import { useToday } from '../api/fetch-today';
import { useConfirmDose } from '../api/confirm-dose';
import { useUndoDose } from '../api/undo-dose';
import { doseAmountText, minutesSeconds, timeIn, useSecondsLeft } from '../care-format';
import { SkipDoseDialog } from './SkipDoseDialog';

/**
 * "Today" on the dashboard (issue 36): every due and overdue dose of the user's own and shared
 * pets, grouped by time, with given / skipped (a reason), who confirmed it and when, undo while
 * undo_until lies ahead, the stock warnings. Plans without the medical flag see the upsell.
 * `setUpTo` is where "set up a schedule" leads (a medication list), composed in by the route.
 */
export function TodayCard({ setUpTo }: { setUpTo: string }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const titleId = useId();
  const allowed = user.product?.medical === true || (user.shared_pets?.length ?? 0) > 0;
  const today = useToday(allowed);
  const [conflict, setConflict] = useState<string | null>(null);
  const [skipping, setSkipping] = useState<Dose | null>(null);
  const errorText = useApiErrorMessage();

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mt: { xs: 2, md: 3 } }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <MedicationOutlinedIcon sx={{ color: 'primary.main' }} aria-hidden />
          <div>
            <Typography id={titleId} variant="h6" component="h2">
              {t('care.today.title')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('care.today.subtitle')}
            </Typography>
          </div>
        </Stack>
        {!allowed ? (
          <UpgradeAlert message={t(LIMIT_KEYS.medicalNotAllowed)} actionLabel={t('care.today.upgrade')} />
        ) : today.isPending ? (
          <Stack spacing={1} role="status" aria-label={t('care.today.loading')}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        ) : today.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void today.refetch()}>
                {t('care.today.retry')}
              </Button>
            }
          >
            {t('care.today.loadError')} {errorText(today.error)}
          </Alert>
        ) : (
          <>
            {conflict ? (
              <Alert severity="warning" role="alert" onClose={() => setConflict(null)} sx={{ mb: 2 }}>
                {conflict}
              </Alert>
            ) : null}
            <StockWarnings warnings={today.data.stock_warnings} />
            {today.data.doses.length === 0 ? (
              <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                <Typography>{t('care.today.empty')}</Typography>
                <Button component={RouterLink} to={setUpTo} variant="outlined">
                  {t('care.today.setUp')}
                </Button>
              </Stack>
            ) : (
              <DoseGroups
                today={today.data}
                onConflict={(text) => setConflict(text)}
                onSkip={(dose) => setSkipping(dose)}
              />
            )}
          </>
        )}
      </CardContent>
      <SkipDoseDialog
        dose={skipping}
        onClose={() => setSkipping(null)}
        onConflict={(text) => {
          setSkipping(null);
          setConflict(text);
        }}
      />
    </Card>
  );
}

function StockWarnings({ warnings }: { warnings: TodayResponse['stock_warnings'] }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <Typography component="h3" variant="subtitle2">
        {t('care.today.stockTitle')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {warnings.map((warning) => (
          <li key={warning.med_id}>
            {t('care.today.stock', {
              medication: warning.medication_name,
              pet: warning.pet_name,
              count: Math.max(0, Math.floor(warning.days_left)),
            })}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** The doses by their household time, each time a small list. */
function DoseGroups({
  today,
  onConflict,
  onSkip,
}: {
  today: TodayResponse;
  onConflict: (text: string) => void;
  onSkip: (dose: Dose) => void;
}) {
  const groups = new Map<string, Dose[]>();
  const sorted = [...today.doses].sort((a, b) => a.slot.localeCompare(b.slot));
  for (const dose of sorted) {
    const key =
      dose.state === 'overdue' && dose.slot.slice(0, 10) < today.day ? `!${dose.slot}` : dose.local_time;
    groups.set(key, [...(groups.get(key) ?? []), dose]);
  }
  return (
    <Stack spacing={2}>
      {[...groups.entries()].map(([key, doses]) => (
        <Box key={key} component="section" aria-label={doses[0]!.local_time}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {doses[0]!.local_time}
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {doses.map((dose) => (
              <DoseRow
                key={`${dose.med_id}-${dose.slot}`}
                dose={dose}
                timeZone={today.time_zone}
                onConflict={onConflict}
                onSkip={onSkip}
              />
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

const STATE_COLOR = {
  due: 'primary',
  overdue: 'error',
  given: 'success',
  skipped: 'default',
  upcoming: 'default',
} as const;

function DoseRow({
  dose,
  timeZone,
  onConflict,
  onSkip,
}: {
  dose: Dose;
  timeZone: string;
  onConflict: (text: string) => void;
  onSkip: (dose: Dose) => void;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const errorText = useApiErrorMessage();
  const confirm = useConfirmDose();
  const undo = useUndoDose();
  const canConfirm = useCanOnPet(dose.pet_id, 'create', 'dose');
  const canUndo = useCanOnPet(dose.pet_id, 'delete', 'dose', { createdBy: dose.confirmed_by?.id ?? null });
  const secondsLeft = useSecondsLeft(dose.undo_until);
  const open = dose.state === 'due' || dose.state === 'overdue' || dose.state === 'upcoming';
  const label = `${dose.medication_name} – ${dose.pet_name}`;

  const give = async () => {
    try {
      await confirm.mutateAsync({ medId: dose.med_id, body: { slot: dose.slot, action: 'given' } });
      notify.success('care.dose.saved');
    } catch (error) {
      onConflict(errorText(error));
    }
  };
  const undoIt = async () => {
    if (!dose.log_id) return;
    try {
      await undo.mutateAsync({ logId: dose.log_id, medId: dose.med_id });
      notify.success('care.dose.undone');
    } catch (error) {
      onConflict(errorText(error));
    }
  };

  const confirmedAt = dose.confirmed_at ? timeIn(dose.confirmed_at, timeZone, i18n.language) : '';
  const who = dose.confirmed_by?.name ?? t('care.dose.someone');
  return (
    <Box
      component="li"
      aria-label={label}
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: 1.5,
        p: 1.5,
        border: 1,
        borderColor: dose.state === 'overdue' ? 'error.main' : 'divider',
        borderRadius: 2,
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {dose.medication_name}
          </Typography>
          <Chip size="small" label={t(`care.state.${dose.state}`)} color={STATE_COLOR[dose.state]} />
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {dose.pet_name} · {doseAmountText(dose.dose_amount, dose.dose_unit, t, i18n.language)}
        </Typography>
        {dose.state === 'given' ? (
          <Typography variant="body2">{t('care.dose.givenBy', { name: who, time: confirmedAt })}</Typography>
        ) : dose.state === 'skipped' ? (
          <Typography variant="body2">
            {t('care.dose.skippedBy', { name: who, time: confirmedAt, reason: dose.skip_reason ?? '' })}
          </Typography>
        ) : null}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
        {open && canConfirm ? (
          <>
            <Button variant="contained" onClick={() => void give()} disabled={confirm.isPending}>
              {t('care.dose.give')}
            </Button>
            <Button variant="outlined" onClick={() => onSkip(dose)} disabled={confirm.isPending}>
              {t('care.dose.skip')}
            </Button>
          </>
        ) : null}
        {!open && dose.log_id && secondsLeft > 0 && canUndo ? (
          <Button variant="outlined" onClick={() => void undoIt()} disabled={undo.isPending}>
            {t('care.dose.undo', { time: minutesSeconds(secondsLeft) })}
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
