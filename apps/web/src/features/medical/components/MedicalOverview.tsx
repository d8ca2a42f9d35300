import Box from '@mui/material/Box';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/i18n-react';
import { MEDICAL_CATEGORIES, medicalItemsOfType } from '@pet/contract';
import { IconBubble } from '@/components/IconBubble';
import { LinkCard, LinkCardCue } from '@/components/LinkCard';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { PageTitle } from '@/components/PageTitle';
import { PetHeader } from '@/components/PetHeader';
import { UpgradeAlert } from '@/components/UpgradeAlert';
import type { PetRef } from '@/lib/paths';
import { useMedicals } from '@/features/medical/api/list-medicals';
import { MEDICAL_KIND_UI, medicalListPath } from '@/features/medical/medical-kinds';
import { useMedicalAllowed } from '@/features/medical/use-medical-allowed';
import { useUserPet } from '@/lib/pet-relation';
import { PetNotFound, isNotFoundError } from '@/components/PetNotFound';

/**
 * /pet-details/{name}/{id}/medical-data (pet-data section 2): the four categories with their counts,
 * each linking to its list.
 */
export function MedicalOverview({ title, pet }: { title: string; pet: PetRef }) {
  const { t } = useTranslation();
  const medicals = useMedicals(pet.id);
  const allowed = useMedicalAllowed(pet.id);
  // The plan prompt is the owner's: a member's role, not their plan, decides (issue 35).
  const relation = useUserPet(pet.id)?.relation;
  const owner = relation === undefined || relation === 'owner';

  if (isNotFoundError(medicals.error)) return <PetNotFound />;

  return (
    <>
      <PageTitle title={title} subtitle={t('medical.overviewSubtitle')} />
      <PetHeader petId={pet.id} petName={pet.name} />
      {!allowed && owner ? (
        <UpgradeAlert
          role="status"
          message={t('Medical_Not_Allowed_Text')}
          actionLabel={t('medical.freePlan.activate')}
        />
      ) : null}
      {medicals.isError ? (
        <LoadErrorAlert
          text={t('medical.loadError')}
          error={medicals.error}
          onRetry={() => void medicals.refetch()}
          sx={{ mb: 3 }}
        />
      ) : null}
      <Grid container spacing={{ xs: 2, md: 3 }} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {MEDICAL_CATEGORIES.map((category) => {
          const { Icon, descriptionKey } = MEDICAL_KIND_UI[category.medicalType];
          const count = medicals.data
            ? medicalItemsOfType(medicals.data, category.medicalType).length
            : undefined;
          return (
            <Grid key={category.medicalType} size={{ xs: 12, sm: 6, lg: 3 }} component="li">
              <LinkCard to={medicalListPath(pet, category.medicalType)} sx={{ alignItems: 'stretch' }}>
                <CardContent
                  sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%', p: 3 }}
                >
                  <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                    <IconBubble size={52}>
                      <Icon />
                    </IconBubble>
                    {count === undefined ? (
                      medicals.isError ? null : (
                        <Skeleton variant="rounded" width={44} height={40} aria-label={t('app.loading')} />
                      )
                    ) : (
                      <Typography
                        component="span"
                        aria-hidden
                        sx={{
                          fontSize: '2rem',
                          fontWeight: 700,
                          lineHeight: 1,
                          fontVariantNumeric: 'tabular-nums',
                        }}
                      >
                        {count}
                      </Typography>
                    )}
                  </Box>
                  <Typography variant="h6" component="h2">
                    {t(category.labelKey)}
                  </Typography>
                  {count !== undefined ? (
                    <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                      {t('medical.entryCount', { count })}
                    </Typography>
                  ) : null}
                  <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1 }}>
                    {t(descriptionKey)}
                  </Typography>
                  <LinkCardCue label={t('medical.showEntries')} />
                </CardContent>
              </LinkCard>
            </Grid>
          );
        })}
      </Grid>
    </>
  );
}
