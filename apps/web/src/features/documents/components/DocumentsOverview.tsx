import Box from '@mui/material/Box';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslation } from '@/lib/i18n-react';
import {
  documentCategoriesOf,
  documentTypeFitsPet,
  isDocumentOfCategory,
  type DocumentArea,
  type DocumentCategory,
} from '@pet/contract';
import { IconBubble } from '@/components/IconBubble';
import { LinkCard } from '@/components/LinkCard';
import { PageTitle } from '@/components/PageTitle';
import { PetHeaderCard } from '@/components/PetHeaderCard';
import { usePetDocuments } from '@/features/documents/api/list-documents';
import { listPath } from '@/features/documents/paths';
import { useDocumentQuota } from '@/features/documents/quota';
import type { RoutePet } from '@/features/documents/use-route-pet';
import { CategoryIcon } from './category-icons';
import { LimitNotice } from './LimitNotice';
import { LoadError } from './LoadError';
import { QuotaCaption } from './QuotaCaption';

/**
 * /pet-details/{name}/{id}/document-safe and /vet-findings: the area's categories, each with the
 * number of the pet's documents in it, linking to the category's list.
 */
export function DocumentsOverview({
  pet,
  area,
  title,
}: {
  pet: RoutePet;
  area: DocumentArea;
  title: string;
}) {
  const { t } = useTranslation();
  const documents = usePetDocuments(pet.id);
  const quota = useDocumentQuota();
  // Issue 14.21: a category of one species only (Dog Tax) is not offered for other animals.
  const categories = documentCategoriesOf(area).filter((category) =>
    documentTypeFitsPet(category.documentType, pet.type),
  );

  const countOf = (category: DocumentCategory) =>
    documents.data?.filter((document) => isDocumentOfCategory(document, category)).length ?? 0;
  const total = categories.reduce((sum, category) => sum + countOf(category), 0);

  return (
    <>
      <PageTitle
        title={title}
        subtitle={t(area === 'document-safe' ? 'documents.safeSubtitle' : 'documents.findingsSubtitle')}
        actions={<QuotaCaption quota={quota} />}
      />
      <PetHeaderCard
        name={pet.name}
        imageUrl={pet.image_url}
        subtitle={documents.isSuccess ? t('documents.count', { count: total }) : undefined}
        loadingLabel={t('app.loading')}
      />
      {quota.reached ? (
        <Box sx={{ mb: 3 }}>
          <LimitNotice messageKey={quota.messageKey} />
        </Box>
      ) : null}
      {documents.isError ? (
        <LoadError error={documents.error} onRetry={() => void documents.refetch()} />
      ) : (
        <Grid
          container
          spacing={{ xs: 2, md: 3 }}
          component="ul"
          aria-label={t('documents.categories')}
          aria-busy={documents.isPending}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {categories.map((category) => {
            const count = countOf(category);
            const label = t(category.labelKey);
            return (
              <Grid key={category.slug} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
                <LinkCard
                  to={listPath(pet, category)}
                  aria-label={documents.isPending ? label : `${label}: ${t('documents.count', { count })}`}
                >
                  <CardContent
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: { xs: 1.5, sm: 2 },
                      height: '100%',
                      p: { xs: 1.5, sm: 2.5 },
                    }}
                  >
                    {/* Below 375 px the title needs the icon's room ("Abstammungsnachweise"). */}
                    <Box sx={{ display: 'contents', '@media (max-width: 374.95px)': { display: 'none' } }}>
                      <IconBubble>
                        <CategoryIcon type={category.documentType} />
                      </IconBubble>
                    </Box>
                    <Stack sx={{ flexGrow: 1, minWidth: 0 }} spacing={0.25}>
                      <Typography
                        variant="h6"
                        component="h2"
                        sx={{
                          fontSize: { xs: '0.98rem', sm: '1.05rem' },
                          overflowWrap: 'break-word',
                          hyphens: 'auto',
                        }}
                      >
                        {label}
                      </Typography>
                      <Typography
                        variant="body2"
                        sx={{ color: 'text.secondary' }}
                        data-testid={`count-${category.slug}`}
                      >
                        {documents.isPending ? (
                          <Skeleton width={90} />
                        ) : count === 0 ? (
                          t('documents.countNone')
                        ) : (
                          t('documents.count', { count })
                        )}
                      </Typography>
                    </Stack>
                    <ChevronRightIcon
                      aria-hidden
                      sx={{ color: 'text.secondary', display: { xs: 'block', sm: 'none' } }}
                    />
                  </CardContent>
                </LinkCard>
              </Grid>
            );
          })}
        </Grid>
      )}
    </>
  );
}
