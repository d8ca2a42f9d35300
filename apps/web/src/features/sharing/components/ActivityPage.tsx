import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import { seesActivity, type ActivityEntry } from '@pet/contract';
import { PageTitle } from '@/components/PageTitle';
import { PetHeaderCard } from '@/components/PetHeaderCard';
import { PetNotFound } from '@/components/PetNotFound';
import { useTranslation } from '@/lib/i18n-react';
import { useUserPet } from '@/lib/pet-relation';
import { usePetActivity } from '../api/list-activity';
import { formatInstant } from '../share-format';
import { RoleBadge } from './RoleBadge';

/**
 * /pet-details/:name/:id/activity (issue 35): who created, changed or deleted what and when, newest
 * first, for the owner and co-owners.
 */
export function ActivityPage({ title, pet }: { title: string; pet: { id: string; name: string } }) {
  const { t } = useTranslation();
  const userPet = useUserPet(pet.id);
  if (!userPet) return <PetNotFound />;
  return (
    <>
      <PageTitle title={title} subtitle={t('sharing.activity.subtitle')} />
      <PetHeaderCard
        name={userPet.name}
        subtitle={t(`pets.species.${userPet.type}`, { defaultValue: userPet.type })}
        imageUrl={userPet.image_url}
      />
      {seesActivity(userPet.relation) ? (
        <ActivityCard petId={pet.id} />
      ) : (
        <Alert severity="info">{t('Share_Role_Forbidden_Text')}</Alert>
      )}
    </>
  );
}

function ActivityCard({ petId }: { petId: string }) {
  const { t } = useTranslation();
  const activity = usePetActivity(petId);
  const titleId = useId();
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ maxWidth: 860 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Typography id={titleId} component="h2" sx={{ fontWeight: 600, fontSize: '1.1rem', mb: 2 }}>
          {t('sharing.activity.listTitle')}
        </Typography>
        {activity.isPending ? (
          <Stack spacing={1} aria-busy="true" aria-label={t('sharing.loading')}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        ) : activity.isError ? (
          <Alert severity="error">{t('Failure_Call_Text')}</Alert>
        ) : entries.length === 0 ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary', py: 2 }}>
            <HistoryOutlinedIcon aria-hidden />
            <Typography>{t('sharing.activity.empty')}</Typography>
          </Stack>
        ) : (
          <>
            <Stack component="ol" spacing={0} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {entries.map((entry) => (
                <ActivityLine key={entry.id} entry={entry} />
              ))}
            </Stack>
            {activity.hasNextPage ? (
              <Box sx={{ mt: 2 }}>
                <Button
                  variant="outlined"
                  onClick={() => void activity.fetchNextPage()}
                  disabled={activity.isFetchingNextPage}
                  startIcon={
                    activity.isFetchingNextPage ? <CircularProgress size={16} color="inherit" /> : undefined
                  }
                >
                  {t('sharing.activity.more')}
                </Button>
              </Box>
            ) : null}
            {activity.isFetchNextPageError ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {t('Failure_Call_Text')}
              </Alert>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ActivityLine({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useTranslation();
  const what = t(`sharing.activity.subject.${entry.subject}`);
  return (
    <Box
      component="li"
      data-activity={entry.id}
      sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>
          {entry.actor_name ?? t('sharing.activity.formerUser')}
        </Typography>
        <RoleBadge role={entry.actor_role} />
        <Typography variant="body2" sx={{ color: 'text.secondary', ml: { sm: 'auto' } }}>
          <time dateTime={entry.at}>{formatInstant(entry.at, i18n.language)}</time>
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
        {t(`sharing.activity.action.${entry.action}`, { what })}
        {entry.label ? `: ${entry.label}` : ''}
      </Typography>
    </Box>
  );
}
