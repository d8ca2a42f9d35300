import { lazy, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmergencyOutlinedIcon from '@mui/icons-material/EmergencyOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import { useNavigate } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import {
  PET_LIST_EXPAND_ANIMATION_MS,
  medicalItemsOfType,
  type MedicalListItem,
  type MedicalType,
} from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { EmptyState } from '@/components/EmptyState';
import { ExpandableRows } from '@/components/ExpandableRows';
import { ListPage } from '@/components/ListPage';
import { PetHeader } from '@/components/PetHeader';
import type { PetRef } from '@/lib/paths';
import { useNotify } from '@/lib/notifications';
import { useDeleteMedical } from '@/features/medical/api/delete-medical';
import { useCanOnPet } from '@/lib/pet-relation';
import { useMedicals } from '@/features/medical/api/list-medicals';
import { sortMedicalItems } from '@/features/medical/medical-form';
import { MEDICAL_KIND_UI, medicalAddPath, medicalOverviewPath } from '@/features/medical/medical-kinds';
import { PetNotFound, isNotFoundError } from '@/components/PetNotFound';
import { visuallyHidden } from '@/components/visually-hidden';

/** The edit form (with the date pickers) loads when a row is first opened, not with the list. */
const MedicalForm = lazy(() => import('./MedicalForm').then((module) => ({ default: module.MedicalForm })));

/**
 * The list of one medical kind (pet-data section 2): expandable rows with name and date, each
 * holding the edit form; an empty list shows the big plus button. Saving an edit updates the row
 * and closes it; deleting (after confirmation) returns to the medical-data overview.
 */
export function MedicalListPage({
  title,
  pet,
  type,
  rowExtra,
  detailsExtra,
}: {
  title: string;
  pet: PetRef;
  type: MedicalType;
  /** More on a row's summary (a medication's schedule in words, features/care), from the route. */
  rowExtra?: (item: MedicalListItem) => ReactNode;
  /** More under an open row's form (a medication's schedule and dose log), from the route. */
  detailsExtra?: (item: MedicalListItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const medicals = useMedicals(pet.id);
  const remove = useDeleteMedical(pet.id);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  // The record stays while the dialog fades out, so its title does not flicker.
  const [deletion, setDeletion] = useState<{ open: boolean; item: MedicalListItem | null }>({
    open: false,
    item: null,
  });
  const toDelete = deletion.open ? deletion.item : null;
  const setToDelete = (item: MedicalListItem | null) =>
    setDeletion((current) => (item ? { open: true, item } : { ...current, open: false }));
  const addLabel = t(MEDICAL_KIND_UI[type].addLabelKey);
  // A member's role decides what shows (issue 35): a carer or viewer reads, nothing more.
  const canAdd = useCanOnPet(pet.id, 'create', 'medical');
  const canEdit = useCanOnPet(pet.id, 'update', 'medical');
  const addTo = canAdd ? medicalAddPath(pet, type) : undefined;

  if (isNotFoundError(medicals.error)) return <PetNotFound />;
  const items = medicals.data ? sortMedicalItems(medicalItemsOfType(medicals.data, type)) : undefined;

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notify.success('medical.deleted');
      setToDelete(null);
      void navigate(medicalOverviewPath(pet));
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <ListPage
      title={title}
      status={medicals.isPending ? 'loading' : medicals.isError ? 'error' : items?.length ? 'ready' : 'empty'}
      addAction={addTo ? { to: addTo, label: addLabel } : undefined}
      header={<PetHeader petId={pet.id} petName={pet.name} />}
      loadingLabel={t('medical.loading')}
      loadError={{
        text: t('medical.loadError'),
        error: medicals.error,
        onRetry: () => void medicals.refetch(),
      }}
      empty={
        <EmptyState
          text={t('Medical_Empty_Text')}
          addTo={addTo}
          addLabel={addLabel}
          icon={<EmergencyOutlinedIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />}
        >
          <Box
            sx={{
              display: 'flex',
              gap: 1,
              alignItems: 'flex-start',
              maxWidth: 520,
              color: 'text.secondary',
              textAlign: 'left',
            }}
          >
            <EmergencyOutlinedIcon fontSize="small" sx={{ mt: '2px', color: 'primary.main' }} aria-hidden />
            <Typography variant="body2">{t('medical.emergencyText')}</Typography>
          </Box>
        </EmptyState>
      }
      footer={
        <ConfirmActionDialog
          open={deletion.open}
          title={t('medical.deleteTitle', { name: deletion.item?.medical_name ?? '' })}
          text={t('medical.deleteText')}
          confirmLabel={t('medical.delete')}
          cancelLabel={t('medical.cancel')}
          pending={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onClose={() => setToDelete(null)}
        />
      }
    >
      <ExpandableRows
        items={items ?? []}
        rowKey={(item) => item.id}
        expandedKey={expandedId}
        onExpandedChange={setExpandedId}
        timeout={PET_LIST_EXPAND_ANIMATION_MS}
        heading="h2"
        summary={(item) => <RowSummary item={item} type={type} extra={rowExtra?.(item)} />}
        details={(item) => (
          <>
            {/* Read only for a role that may not change it: the form's fields and buttons are disabled. */}
            <Box component="fieldset" disabled={!canEdit} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              <MedicalForm
                petId={pet.id}
                type={type}
                record={item}
                onSaved={() => setExpandedId(null)}
                onCancel={() => setExpandedId(null)}
                onDelete={() => setToDelete(item)}
              />
            </Box>
            {detailsExtra?.(item)}
          </>
        )}
      />
    </ListPage>
  );
}

/** Name and date of a row, plus the one fact worth seeing without opening it. */
function RowSummary({ item, type, extra }: { item: MedicalListItem; type: MedicalType; extra?: ReactNode }) {
  const { t } = useTranslation();
  const badge =
    type === 'medication' && item.in_use === 'Yes'
      ? t('medical.badge.inUse')
      : (type === 'allergy' || type === 'disease') && item.still_acute === 'Yes'
        ? t('medical.badge.acute')
        : type === 'intervention' && item.surgery_type
          ? t(`medical.surgery.${item.surgery_type}`)
          : undefined;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.5, sm: 2 }}
      sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, flexGrow: 1, minWidth: 0, pr: 1 }}
    >
      <Typography
        component="span"
        sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {item.medical_name}
      </Typography>
      {extra}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
        {badge ? <Chip size="small" label={badge} color="primary" variant="outlined" /> : null}
        <Box
          component="span"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            color: 'text.secondary',
            typography: 'body2',
          }}
        >
          <EventOutlinedIcon fontSize="small" aria-hidden />
          {item.medical_date ? (
            <span>
              <Box component="span" sx={visuallyHidden}>
                {t('medical.dateLabel')}{' '}
              </Box>
              {item.medical_date}
            </span>
          ) : (
            <span>{t('medical.noDate')}</span>
          )}
        </Box>
      </Stack>
    </Stack>
  );
}
