import { lazy, Suspense, useState, type ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PetsOutlinedIcon from '@mui/icons-material/PetsOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { useTranslation } from 'react-i18next';
import {
  appointmentsAllowed,
  appointmentTypeLabel,
  splitAppointments,
  type AppointmentListItem,
} from '@pet/contract';
import { FormSkeleton } from '@/components/FormSkeleton';
import { PageSkeleton } from '@/components/PageSkeleton';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { ErrorState } from '@/components/ErrorState';
import { PageTitle } from '@/components/PageTitle';
import { PetHeader } from '@/components/PetHeader';
import { RouterLink } from '@/components/RouterLink';
import { isApiError } from '@/lib/api-client';
import { useApiErrorMessage, useNotify } from '@/lib/notifications';
import type { PetRef } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useLanguage } from '@/lib/use-language';
import { useDeleteAppointment } from '@/features/appointments/api/delete-appointment';
import { useAppointments } from '@/features/appointments/api/list-appointments';
import { appointmentsAddPath } from '@/features/appointments/paths';
import { AppointmentsEmptyState } from './AppointmentsEmptyState';
import { PaidServicePrompt } from './PaidServicePrompt';
import { visuallyHidden } from '@/components/visually-hidden';

/** The edit form (with the pickers) loads when a row is first opened, not with the list. */
const AppointmentForm = lazy(() =>
  import('./AppointmentForm').then((module) => ({ default: module.AppointmentForm })),
);

/** Rows open and close in 250 ms; a closed row's form leaves the page. */
const TRANSITION = { timeout: 250, unmountOnExit: true };

/**
 * /pet-details/{name}/{id}/appointments (with `pet`) and /dashboard/my-appointments (without):
 * upcoming appointments (soonest first), then the passed ones under their heading (newest first).
 * Rows open to the edit form; saving updates the row and closes it; deleting asks first, removes
 * the row and closes it. On a plan without appointments the paid-service prompt replaces the add
 * action.
 */
export function AppointmentsPage({
  title,
  pet,
  rowAction,
}: {
  title: string;
  pet?: PetRef;
  /** An action above an open appointment (add to calendar, features/calendar), composed in by the route. */
  rowAction?: (item: AppointmentListItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const errorMessage = useApiErrorMessage();
  const session = useSession();
  // The product decides whether the user may add; until the user info is there, a spinner. The
  // title stays the same element through every state (no flicker, stable for assistive tech).
  const product = session.status === 'signedIn' ? session.user.product : undefined;
  const allowed = session.status === 'signedIn' ? !!product && appointmentsAllowed(product) : undefined;
  const appointments = useAppointments(pet?.id);
  const remove = useDeleteAppointment();
  const [expandedId, setExpandedId] = useState<string | null>(null);
  // The appointment stays while the dialog fades out, so its title does not flicker.
  const [deletion, setDeletion] = useState<{ open: boolean; item: AppointmentListItem | null }>({
    open: false,
    item: null,
  });
  const { language } = useLanguage();
  const addTo = appointmentsAddPath(pet);
  const addLabel = t('appointments.addAction');

  // Only a pet can be missing: the all-pets list has no id to be wrong about.
  if (pet && isApiError(appointments.error) && appointments.error.status === 404) {
    return (
      <ErrorState
        icon={<SearchOffOutlinedIcon />}
        title={t('appointments.petNotFound')}
        description={t('Not_Found_Text')}
        actions={
          <Button variant="contained" component={RouterLink} to="/dashboard/my-pets">
            {t('appointments.toMyPets')}
          </Button>
        }
      />
    );
  }

  const { upcoming, passed } = appointments.data
    ? splitAppointments(appointments.data, new Date())
    : { upcoming: [], passed: [] };
  const hasItems = upcoming.length + passed.length > 0;

  const confirmDelete = async () => {
    const target = deletion.item;
    if (!target) return;
    try {
      await remove.mutateAsync(target.appointment_id);
      notify.success('appointments.deleted');
      setExpandedId(null);
      setDeletion((current) => ({ ...current, open: false }));
    } catch (error) {
      notify.error(error);
    }
  };

  const rows = (items: AppointmentListItem[]) => (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => (
        <Box component="li" key={item.appointment_id}>
          <Accordion
            expanded={expandedId === item.appointment_id}
            onChange={(_event, open) => setExpandedId(open ? item.appointment_id : null)}
            disableGutters
            variant="outlined"
            slotProps={{ transition: TRANSITION, heading: { component: 'h3' } }}
            sx={{ borderRadius: 3, overflow: 'hidden', '&::before': { display: 'none' } }}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ px: { xs: 2, sm: 2.5 } }}>
              <RowSummary item={item} showPet={!pet} />
            </AccordionSummary>
            <AccordionDetails sx={{ px: { xs: 2, sm: 2.5 }, pb: 2.5, pt: 1 }}>
              {rowAction ? (
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>{rowAction(item)}</Box>
              ) : null}
              <Suspense fallback={<FormSkeleton />}>
                <AppointmentForm
                  item={item}
                  onSaved={() => setExpandedId(null)}
                  onCancel={() => setExpandedId(null)}
                  onDelete={() => setDeletion({ open: true, item })}
                />
              </Suspense>
            </AccordionDetails>
          </Accordion>
        </Box>
      ))}
    </Stack>
  );

  return (
    <>
      <PageTitle
        title={title}
        actions={
          allowed && hasItems ? (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={addTo}>
              {addLabel}
            </Button>
          ) : undefined
        }
      />
      {pet ? <PetHeader petId={pet.id} petName={pet.name} /> : null}
      {allowed === false ? <PaidServicePrompt /> : null}
      {allowed === undefined || appointments.isPending ? (
        <PageSkeleton withTitle={false} label={t('appointments.loading')} />
      ) : appointments.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void appointments.refetch()}>
              {t('app.retry')}
            </Button>
          }
        >
          {t('appointments.loadError')} {errorMessage(appointments.error)}
        </Alert>
      ) : !hasItems ? (
        <AppointmentsEmptyState addTo={allowed ? addTo : undefined} addLabel={addLabel} />
      ) : (
        <Stack spacing={4}>
          <Box component="section" aria-labelledby="appointments-upcoming">
            <Typography id="appointments-upcoming" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              {t('appointments.upcoming')}
            </Typography>
            {upcoming.length > 0 ? (
              rows(upcoming)
            ) : (
              <Typography sx={{ color: 'text.secondary' }}>{t('appointments.noUpcoming')}</Typography>
            )}
          </Box>
          {passed.length > 0 ? (
            <Box component="section" aria-labelledby="appointments-passed">
              <Typography id="appointments-passed" variant="h6" component="h2" sx={{ mb: 1.5 }}>
                {t('appointments.passed')}
              </Typography>
              {rows(passed)}
            </Box>
          ) : null}
        </Stack>
      )}
      <ConfirmActionDialog
        open={deletion.open}
        title={t('appointments.deleteTitle', {
          name: deletion.item ? appointmentTypeLabel(deletion.item.appointment_type, language) : '',
          date: deletion.item?.appointment_date ?? '',
        })}
        text={t('appointments.deleteText')}
        confirmLabel={t('appointments.delete')}
        cancelLabel={t('appointments.cancel')}
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeletion((current) => ({ ...current, open: false }))}
      />
    </>
  );
}

/** Type, date, time and reason of a row (and the pet on the all-pets page). */
function RowSummary({ item, showPet }: { item: AppointmentListItem; showPet: boolean }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const meta = {
    display: 'flex',
    alignItems: 'center',
    gap: 0.75,
    color: 'text.secondary',
    typography: 'body2',
  };
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={{ xs: 0.75, md: 2 }}
      sx={{ alignItems: { xs: 'flex-start', md: 'center' }, flexGrow: 1, minWidth: 0, pr: 1 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexGrow: 1, minWidth: 0 }}>
        <Chip
          size="small"
          color="primary"
          variant="outlined"
          label={appointmentTypeLabel(item.appointment_type, language)}
        />
        <Typography component="span" sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
          {item.appointment_reason}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexShrink: 0, flexWrap: 'wrap' }}>
        {showPet ? (
          <Box component="span" sx={meta}>
            <PetsOutlinedIcon fontSize="small" aria-hidden />
            <span>
              <Box component="span" sx={visuallyHidden}>
                {t('appointments.petLabel')}{' '}
              </Box>
              {item.appointment_pet_name}
            </span>
          </Box>
        ) : null}
        <Box component="span" sx={meta}>
          <EventOutlinedIcon fontSize="small" aria-hidden />
          <span>
            <Box component="span" sx={visuallyHidden}>
              {t('appointments.dateLabel')}{' '}
            </Box>
            {item.appointment_date}
          </span>
        </Box>
        <Box component="span" sx={meta}>
          <ScheduleOutlinedIcon fontSize="small" aria-hidden />
          <span>
            <Box component="span" sx={visuallyHidden}>
              {t('appointments.timeLabel')}{' '}
            </Box>
            {item.appointment_time}
          </span>
        </Box>
      </Stack>
    </Stack>
  );
}
