import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VaccinesOutlinedIcon from '@mui/icons-material/VaccinesOutlined';
import { isoDaySchema, type VaccinationDue } from '@pet/contract';
import { useTranslation } from '@/lib/i18n-react';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { useApiErrorMessage, useNotify } from '@/lib/notifications';
import { useCanOnPet } from '@/lib/pet-relation';
import { useSignedInUser } from '@/lib/session';
import {
  useDeleteVaccination,
  useMarkVaccinationDone,
  useSaveVaccination,
  useVaccinationAppointments,
  useVaccinations,
} from '../api/vaccinations';
import { CareNotices } from './CareNotices';

const BADGE_COLOR = { later: 'default', due_soon: 'warning', overdue: 'error', done: 'success' } as const;

/** "2026-03-10" in the UI language (a calendar day: no zone shift). */
function dayText(day: string, language: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/**
 * The care part of the pet dashboard (issue 36): vaccinations that come due with "due soon" and
 * "overdue" badges, adding or changing a due date (optionally from a Vaccination appointment),
 * marking one done and deleting one (after a confirmation); and the pet's notices.
 */
export function PetCareCard({ petId }: { petId: string }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const titleId = useId();
  const notify = useNotify();
  const owned = user.pets.some((pet) => pet.id === petId);
  const allowed = !owned || user.product?.medical === true;
  const vaccinations = useVaccinations(petId, allowed);
  const canEdit = useCanOnPet(petId, 'update', 'care_plan');
  const markDone = useMarkVaccinationDone(petId);
  const remove = useDeleteVaccination(petId);
  const [editing, setEditing] = useState<{ open: boolean; entry: VaccinationDue | null }>({
    open: false,
    entry: null,
  });
  const [deleting, setDeleting] = useState<VaccinationDue | null>(null);

  if (!allowed) return null;
  const open = (vaccinations.data ?? []).filter((entry) => entry.state !== 'done');
  const done = (vaccinations.data ?? []).filter((entry) => entry.state === 'done');

  const doneIt = async (entry: VaccinationDue) => {
    try {
      await markDone.mutateAsync(entry);
      notify.success('care.vaccinations.markedDone');
    } catch (error) {
      notify.error(error);
    }
  };
  const deleteIt = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting);
      notify.success('care.vaccinations.deleted');
      setDeleting(null);
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <>
      <CareNotices petId={petId} />
      <Card component="section" aria-labelledby={titleId} sx={{ mt: { xs: 2, md: 3 } }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
            <VaccinesOutlinedIcon sx={{ color: 'primary.main' }} aria-hidden />
            <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {t('care.vaccinations.title')}
            </Typography>
            {canEdit ? (
              <Button variant="outlined" onClick={() => setEditing({ open: true, entry: null })}>
                {t('care.vaccinations.add')}
              </Button>
            ) : null}
          </Stack>
          {vaccinations.isPending ? (
            <Skeleton variant="rounded" height={48} />
          ) : vaccinations.isError ? (
            <Alert severity="error">{t('care.vaccinations.loadError')}</Alert>
          ) : open.length === 0 && done.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('care.vaccinations.empty')}</Typography>
          ) : (
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {[...open, ...done].map((entry) => (
                <Box
                  component="li"
                  key={entry.id}
                  aria-label={entry.name}
                  sx={{
                    display: 'flex',
                    flexDirection: { xs: 'column', sm: 'row' },
                    alignItems: { xs: 'stretch', sm: 'center' },
                    gap: 1,
                    p: 1.5,
                    border: 1,
                    borderColor: entry.state === 'overdue' ? 'error.main' : 'divider',
                    borderRadius: 2,
                  }}
                >
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {entry.name}
                      </Typography>
                      {entry.state === 'later' ? null : (
                        <Chip
                          size="small"
                          color={BADGE_COLOR[entry.state]}
                          label={t(`care.vaccinations.state.${entry.state}`)}
                        />
                      )}
                    </Stack>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {entry.state === 'done' && entry.done_on
                        ? t('care.vaccinations.doneOn', { day: dayText(entry.done_on, i18n.language) })
                        : t('care.vaccinations.dueOn', { day: dayText(entry.due_on, i18n.language) })}
                    </Typography>
                  </Box>
                  {canEdit ? (
                    <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap' }}>
                      {entry.state !== 'done' ? (
                        <Button
                          variant="contained"
                          size="small"
                          onClick={() => void doneIt(entry)}
                          disabled={markDone.isPending}
                        >
                          {t('care.vaccinations.markDone')}
                        </Button>
                      ) : null}
                      <Button size="small" onClick={() => setEditing({ open: true, entry })}>
                        {t('care.vaccinations.edit')}
                      </Button>
                      <Button size="small" color="error" onClick={() => setDeleting(entry)}>
                        {t('care.vaccinations.delete')}
                      </Button>
                    </Stack>
                  ) : null}
                </Box>
              ))}
            </Stack>
          )}
        </CardContent>
      </Card>
      <VaccinationDialog
        petId={petId}
        open={editing.open}
        entry={editing.entry}
        onClose={() => setEditing((current) => ({ ...current, open: false }))}
      />
      <ConfirmActionDialog
        open={deleting !== null}
        title={t('care.vaccinations.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('care.vaccinations.deleteText')}
        confirmLabel={t('care.vaccinations.delete')}
        cancelLabel={t('care.schedule.cancel')}
        pending={remove.isPending}
        onConfirm={() => void deleteIt()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

function VaccinationDialog({
  petId,
  open,
  entry,
  onClose,
}: {
  petId: string;
  open: boolean;
  entry: VaccinationDue | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>
        {entry ? t('care.vaccinations.editTitle') : t('care.vaccinations.addTitle')}
      </DialogTitle>
      {open ? <VaccinationForm petId={petId} entry={entry} onClose={onClose} /> : null}
    </Dialog>
  );
}

function VaccinationForm({
  petId,
  entry,
  onClose,
}: {
  petId: string;
  entry: VaccinationDue | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const errorText = useApiErrorMessage();
  const save = useSaveVaccination(petId);
  const appointments = useVaccinationAppointments(petId, true);
  const [name, setName] = useState(entry?.name ?? '');
  const [dueOn, setDueOn] = useState(entry?.due_on ?? '');
  const [appointmentId, setAppointmentId] = useState(
    entry?.source?.type === 'appointment' ? entry.source.id : '',
  );
  const [errors, setErrors] = useState<{ name?: string; due_on?: string; form?: string }>({});

  const submit = async () => {
    const next: typeof errors = {};
    if (!name.trim()) next.name = t('Name_Error');
    if (!isoDaySchema.safeParse(dueOn).success) next.due_on = t('care.vaccinations.dueOnError');
    setErrors(next);
    if (next.name || next.due_on) return;
    try {
      await save.mutateAsync({
        id: entry?.id ?? null,
        body: { name: name.trim(), due_on: dueOn, appointment_id: appointmentId || null },
      });
      notify.success('care.vaccinations.saved');
      onClose();
    } catch (error) {
      setErrors({ form: errorText(error) });
    }
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {(appointments.data?.length ?? 0) > 0 ? (
            <TextField
              select
              label={t('care.vaccinations.fromAppointment')}
              value={appointmentId}
              onChange={(event) => {
                const id = event.target.value;
                setAppointmentId(id);
                const chosen = appointments.data?.find((item) => item.appointment_id === id);
                if (chosen && !name.trim())
                  setName(chosen.appointment_vaccination_type || chosen.appointment_reason);
              }}
            >
              <MenuItem value="">{t('care.vaccinations.noAppointment')}</MenuItem>
              {appointments.data?.map((item) => (
                <MenuItem key={item.appointment_id} value={item.appointment_id}>
                  {item.appointment_date} · {item.appointment_vaccination_type || item.appointment_reason}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <TextField
            label={t('care.vaccinations.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={!!errors.name}
            helperText={errors.name}
            required
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            type="date"
            label={t('care.vaccinations.dueOnLabel')}
            value={dueOn}
            onChange={(event) => setDueOn(event.target.value)}
            error={!!errors.due_on}
            helperText={
              errors.due_on ??
              (dueOn && isoDaySchema.safeParse(dueOn).success ? dayText(dueOn, i18n.language) : ' ')
            }
            required
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {errors.form ? (
            <Alert severity="error" role="alert">
              {errors.form}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} color="inherit" disabled={save.isPending}>
          {t('care.schedule.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
          {t('care.vaccinations.save')}
        </Button>
      </DialogActions>
    </>
  );
}
