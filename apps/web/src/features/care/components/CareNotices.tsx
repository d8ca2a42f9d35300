import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { WEIGHT_GOAL_OUTSIDE_IN_A_ROW, type Notice } from '@pet/contract';
import { useTranslation } from '@/lib/i18n-react';
import { useNotify } from '@/lib/notifications';
import { useDismissNotice, useNotices } from '../api/notices';

/** The notice's one detail worth naming, when the server sends it. */
function detailOf(notice: Notice): string {
  const { params } = notice;
  const value = params.medication_name ?? params.medication ?? params.name;
  return value === undefined ? '' : String(value);
}

/**
 * In-app notices (issue 36): "3 weights in a row outside the band", stock running low, a missed
 * dose, a vaccination due; each dismissible. On the pet dashboard only that pet's (`petId`), on
 * Home all of them. Shows nothing while there are none (or on plans without medical data).
 */
export function CareNotices({ petId, enabled = true }: { petId?: string; enabled?: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const notices = useNotices(enabled);
  const dismiss = useDismissNotice();
  const list = (notices.data ?? []).filter((notice) => !petId || notice.pet_id === petId);
  if (list.length === 0) return null;
  return (
    <Stack
      spacing={1}
      sx={{ mt: { xs: 2, md: 3 }, p: 0, mb: 0 }}
      component="ul"
      aria-label={t('care.notices.label')}
    >
      {list.map((notice) => (
        <Alert
          key={notice.id}
          component="li"
          severity={notice.kind === 'dose_missed' ? 'error' : 'warning'}
          onClose={() =>
            void dismiss.mutateAsync(notice).catch((error: unknown) => {
              notify.error(error);
            })
          }
          slotProps={{
            closeButton: { title: t('care.notices.dismiss'), 'aria-label': t('care.notices.dismiss') },
          }}
          sx={{ listStyle: 'none' }}
        >
          {t(`care.notices.${notice.kind}`, {
            pet: notice.pet_name,
            count: WEIGHT_GOAL_OUTSIDE_IN_A_ROW,
            detail: detailOf(notice),
          })}
        </Alert>
      ))}
    </Stack>
  );
}
