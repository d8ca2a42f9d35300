import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from '@/lib/i18n-react';

/** The shape of the pet form while the pet loads. */
export function PetFormSkeleton() {
  const { t } = useTranslation();
  return (
    <Grid container spacing={3} aria-busy="true" aria-label={t('app.loading')} role="status">
      <Grid size={{ xs: 12, md: 7 }}>
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Skeleton width={120} height={32} />
            <Stack direction="row" spacing={2.5} sx={{ alignItems: 'center', my: 2 }}>
              <Skeleton variant="circular" width={112} height={112} />
              <Skeleton variant="rounded" width={140} height={32} />
            </Stack>
            <Grid container spacing={2}>
              {Array.from({ length: 8 }, (_, index) => (
                <Grid key={index} size={{ xs: 12, sm: 6 }}>
                  <Skeleton variant="rounded" height={56} />
                </Grid>
              ))}
            </Grid>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Skeleton width={100} height={32} />
            <Skeleton variant="rounded" height={56} sx={{ my: 2 }} />
            <Skeleton variant="rounded" height={160} />
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
