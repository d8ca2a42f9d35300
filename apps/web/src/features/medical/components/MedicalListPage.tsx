import { lazy, Suspense, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PET_LIST_EXPAND_ANIMATION_MS,
  medicalItemsOfType,
  type MedicalListItem,
  type MedicalType,
} from '@pet/contract';
import { FormSkeleton } from '@/components/FormSkeleton';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { PageTitle } from '@/components/PageTitle';
import { PetHeader } from '@/components/PetHeader';
import { RouterLink } from '@/components/RouterLink';
import type { PetRef } from '@/lib/paths';
import { useApiErrorMessage, useNotify } from '@/lib/notifications';
import { useDeleteMedical } from '@/features/medical/api/delete-medical';
import { useMedicals } from '@/features/medical/api/list-medicals';
import { sortMedicalItems } from '@/features/medical/medical-form';
import { MEDICAL_KIND_UI, medicalAddPath, medicalOverviewPath } from '@/features/medical/medical-kinds';
import { MedicalEmptyState } from './MedicalEmptyState';
import { MedicalNotFound, isNotFound } from './MedicalNotFound';
import { visuallyHidden } from '@/components/visually-hidden';

/** The edit form (with the date pickers) loads when a row is first opened, not with the list. */
const MedicalForm = lazy(() => import('./MedicalForm').then((module) => ({ default: module.MedicalForm })));

/** Rows open and close in 500 ms (pet-data section 9); a closed row's form leaves the page. */
const TRANSITION = { timeout: PET_LIST_EXPAND_ANIMATION_MS, unmountOnExit: true };

/**
 * The list of one medical kind (pet-data section 2): expandable rows with name and date, each
 * holding the edit form; an empty list shows the big plus button. Saving an edit updates the row
 * and closes it; deleting (after confirmation) returns to the medical-data overview.
 */
export function MedicalListPage({ title, pet, type }: { title: string; pet: PetRef; type: MedicalType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const errorMessage = useApiErrorMessage();
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
  const addTo = medicalAddPath(pet, type);

  if (isNotFound(medicals.error)) return <MedicalNotFound />;
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
    <>
      <PageTitle
        title={title}
        actions={
          items && items.length > 0 ? (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={addTo}>
              {addLabel}
            </Button>
          ) : undefined
        }
      />
      <PetHeader petId={pet.id} petName={pet.name} />
      {medicals.isPending ? (
        <Stack spacing={1.5} aria-busy="true" aria-label={t('medical.loading')}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} variant="rounded" height={64} sx={{ borderRadius: 3 }} />
          ))}
        </Stack>
      ) : medicals.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void medicals.refetch()}>
              {t('app.retry')}
            </Button>
          }
        >
          {t('medical.loadError')} {errorMessage(medicals.error)}
        </Alert>
      ) : items && items.length === 0 ? (
        <MedicalEmptyState addTo={addTo} addLabel={addLabel} />
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items?.map((item) => (
            <Box component="li" key={item.id}>
              <Accordion
                expanded={expandedId === item.id}
                onChange={(_event, open) => setExpandedId(open ? item.id : null)}
                disableGutters
                variant="outlined"
                slotProps={{ transition: TRANSITION, heading: { component: 'h2' } }}
                sx={{ borderRadius: 3, overflow: 'hidden', '&::before': { display: 'none' } }}
              >
                <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ px: { xs: 2, sm: 2.5 } }}>
                  <RowSummary item={item} type={type} />
                </AccordionSummary>
                <AccordionDetails sx={{ px: { xs: 2, sm: 2.5 }, pb: 2.5, pt: 1 }}>
                  <Suspense fallback={<FormSkeleton />}>
                    <MedicalForm
                      petId={pet.id}
                      type={type}
                      record={item}
                      onSaved={() => setExpandedId(null)}
                      onCancel={() => setExpandedId(null)}
                      onDelete={() => setToDelete(item)}
                    />
                  </Suspense>
                </AccordionDetails>
              </Accordion>
            </Box>
          ))}
        </Stack>
      )}
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
    </>
  );
}

/** Name and date of a row, plus the one fact worth seeing without opening it. */
function RowSummary({ item, type }: { item: MedicalListItem; type: MedicalType }) {
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
