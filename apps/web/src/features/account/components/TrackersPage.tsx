import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GpsFixedOutlinedIcon from '@mui/icons-material/GpsFixedOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { IconBubble } from '@/components/IconBubble';
import { PageTitle } from '@/components/PageTitle';
import { RouterLink } from '@/components/RouterLink';
import { useSignedInUser } from '@/lib/session';

/** The tracker's labels in the spec's order (account-area section 3, Tracker). */
const TRACKER_FIELDS = [
  'id',
  'name',
  'number',
  'battery',
  'speed',
  'position',
  'status',
  'lastContact',
] as const;
type TrackerField = (typeof TRACKER_FIELDS)[number];

/**
 * /my-account/trackers (tracker brand): one read-only card per tracker id of the user info
 * (GET /v1/auth/myinfo tracker_ids, the spec's only tracker data). The spec gives the labels but no
 * call that reports a tracker's name, battery, speed, position or status, so those say "not
 * reported" instead of inventing values. Without a tracker: an empty state leading to activation,
 * where a tracker id is registered.
 */
export function TrackersPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const ids = user.tracker_ids;

  const valueOf = (field: TrackerField, id: string) =>
    field === 'id' ? id : t('account.trackers.notReported');

  return (
    <>
      <PageTitle title={title} subtitle={t('account.trackers.subtitle')} />
      {ids.length === 0 ? (
        <Card sx={{ maxWidth: 640 }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <IconBubble size={52}>
                <GpsFixedOutlinedIcon />
              </IconBubble>
              <Typography variant="h6" component="h2">
                {t('account.trackers.emptyTitle')}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('account.trackers.emptyText')}
              </Typography>
              <Button variant="contained" component={RouterLink} to="/my-account/activate-product">
                {t('account.trackers.activate')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2, maxWidth: 720 }}>
            {t('account.trackers.note')}
          </Typography>
          <Grid container spacing={{ xs: 2, md: 3 }} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {ids.map((id) => (
              <Grid key={id} size={{ xs: 12, md: 6 }} component="li">
                <Card
                  component="section"
                  aria-label={t('account.trackers.cardLabel', { id })}
                  sx={{ height: '100%' }}
                >
                  <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2, minWidth: 0 }}>
                      <IconBubble size={44}>
                        <GpsFixedOutlinedIcon />
                      </IconBubble>
                      <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                        {id}
                      </Typography>
                    </Stack>
                    <Box
                      component="dl"
                      sx={{
                        display: 'grid',
                        gridTemplateColumns: 'minmax(7rem, max-content) 1fr',
                        columnGap: 2,
                        rowGap: 1,
                        m: 0,
                      }}
                    >
                      {TRACKER_FIELDS.map((field) => (
                        <Box key={field} sx={{ display: 'contents' }}>
                          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                            {t(`account.trackers.fields.${field}`)}
                          </Typography>
                          <Typography
                            component="dd"
                            variant="body2"
                            sx={{
                              m: 0,
                              overflowWrap: 'anywhere',
                              fontWeight: field === 'id' ? 600 : undefined,
                              color: field === 'id' ? 'text.primary' : 'text.secondary',
                            }}
                          >
                            {valueOf(field, id)}
                          </Typography>
                        </Box>
                      ))}
                    </Box>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        </>
      )}
    </>
  );
}
