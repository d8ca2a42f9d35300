import { lazy, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import PetsOutlinedIcon from '@mui/icons-material/PetsOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import { useTranslation } from '@/lib/i18n-react';
import {
  appointmentsAllowed,
  appointmentTypeLabel,
  canOnPet,
  splitAppointments,
  type AppointmentListItem,
} from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { EmptyState } from '@/components/EmptyState';
import { ExpandableRows } from '@/components/ExpandableRows';
import { ListPage } from '@/components/ListPage';
import { PetHeader } from '@/components/PetHeader';
import { PetNotFound, isNotFoundError } from '@/components/PetNotFound';
import { useNotify } from '@/lib/notifications';
import type { PetRef } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { petOfUser } from '@/lib/pet-relation';
import { useLanguage } from '@/lib/use-language';
import { useDeleteAppointment } from '@/features/appointments/api/delete-appointment';
import { useAppointments } from '@/features/appointments/api/list-appointments';
import { appointmentsAddPath } from '@/features/appointments/paths';
import { PaidServicePrompt } from './PaidServicePrompt';
import { visuallyHidden } from '@/components/visually-hidden';

/** The edit form (with the pickers) loads when a row is first opened, not with the list. */
const AppointmentForm = lazy(() =>
  import('./AppointmentForm').then((module) => ({ default: module.AppointmentForm })),
);

/** Rows open and close in 250 ms; a closed row's form leaves the page. */
const ROW_TRANSITION_MS = 250;

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
  const session = useSession();
  // The product decides whether the user may add; until the user info is there, a spinner. The
  // title stays the same element through every state (no flicker, stable for assistive tech).
  const product = session.status === 'signedIn' ? session.user.product : undefined;
  // On a pet someone shares with the user (issue 35) the role decides, not the member's plan.
  const sharedPet = pet && session.status === 'signedIn' ? petOfUser(session.user, pet.id) : null;
  const shared = sharedPet !== null && sharedPet.relation !== 'owner';
  const canEdit = !shared || canOnPet(sharedPet.relation, 'update', 'appointment') === 'yes';
  // A carer may still note any appointment (its comments), and change nothing else.
  const canNote =
    canEdit ||
    (shared && canOnPet(sharedPet.relation, 'update', 'appointment', { noteOnly: true }) === 'yes');
  const allowed =
    session.status !== 'signedIn'
      ? undefined
      : shared
        ? canOnPet(sharedPet.relation, 'create', 'appointment') === 'yes'
        : !!product && appointmentsAllowed(product);
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
  if (pet && isNotFoundError(appointments.error)) return <PetNotFound />;

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
    <ExpandableRows
      items={items}
      rowKey={(item) => item.appointment_id}
      expandedKey={expandedId}
      onExpandedChange={setExpandedId}
      timeout={ROW_TRANSITION_MS}
      heading="h3"
      summary={(item) => <RowSummary item={item} showPet={!pet} />}
      aboveDetails={
        rowAction
          ? (item) => <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>{rowAction(item)}</Box>
          : undefined
      }
      details={(item) => (
        // Read only for a member whose role may not change appointments: fields and buttons disabled.
        <Box component="fieldset" disabled={!canNote} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <AppointmentForm
            item={item}
            noteOnly={!canEdit && canNote}
            onSaved={() => setExpandedId(null)}
            onCancel={() => setExpandedId(null)}
            onDelete={() => setDeletion({ open: true, item })}
          />
        </Box>
      )}
    />
  );

  return (
    <ListPage
      title={title}
      status={
        allowed === undefined || appointments.isPending
          ? 'loading'
          : appointments.isError
            ? 'error'
            : hasItems
              ? 'ready'
              : 'empty'
      }
      addAction={allowed ? { to: addTo, label: addLabel } : undefined}
      header={pet ? <PetHeader petId={pet.id} petName={pet.name} /> : null}
      notice={allowed === false && !shared ? <PaidServicePrompt /> : null}
      loadingLabel={t('appointments.loading')}
      loadError={{
        text: t('appointments.loadError'),
        error: appointments.error,
        onRetry: () => void appointments.refetch(),
      }}
      empty={
        <EmptyState
          text={t('appointments.empty')}
          addTo={allowed ? addTo : undefined}
          addLabel={addLabel}
          icon={<EventAvailableOutlinedIcon aria-hidden sx={{ fontSize: 64, color: 'text.disabled' }} />}
        >
          {allowed ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 480 }}>
              {t('appointments.emptyHint')}
            </Typography>
          ) : null}
        </EmptyState>
      }
      footer={
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
      }
    >
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
    </ListPage>
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
