import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';

/** The push section's code (and its MUI parts) loads with the section, not with Settings. */
const PushSetting = lazy(() => import('./PushSetting'));

export function LazyPushSetting() {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
      <PushSetting />
    </Suspense>
  );
}
