import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from '@/lib/i18n-react';

/** Stands in for a lazily loaded form (inside an opened list row) until its code has arrived. */
export function FormSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} aria-busy="true" aria-label={t('app.loading')}>
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={96} />
    </Stack>
  );
}
