import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useCanOnPet } from '@/lib/pet-relation';
import { useTranslation } from '@/lib/i18n-react';
import { decodeDocUrl, isDocumentOfCategory, type DocumentCategory, type PetDocument } from '@pet/contract';
import { IconBubble } from '@/components/IconBubble';
import { PageTitle } from '@/components/PageTitle';
import { RouterLink } from '@/components/RouterLink';
import { formatDate } from '@/lib/dates';
import type { PetRef } from '@/lib/paths';
import { usePetDocuments } from '@/features/documents/api/list-documents';
import { typeLabel } from '@/features/documents/document-files';
import { addPath, viewPath } from '@/features/documents/paths';
import { visuallyHidden } from '@/components/visually-hidden';
import { useDocumentQuota, type DocumentQuota } from '@/features/documents/quota';
import { CategoryIcon } from './category-icons';
import { DocumentThumbnail } from './DocumentThumbnail';
import { FileTypeIcon } from './FileTypeIcon';
import { LimitNotice } from './LimitNotice';
import { LoadError } from './LoadError';
import { PetSubtitle } from './PetSubtitle';
import { QuotaCaption } from './QuotaCaption';

/**
 * One category's list (13 routes): the add entry with the limit flag (the plan's limit message
 * instead when the limit is reached), the empty-state prompt, and the entries newest first.
 */
export function DocumentList({
  pet,
  category,
  title,
}: {
  pet: PetRef;
  category: DocumentCategory;
  title: string;
}) {
  const { t } = useTranslation();
  const documents = usePetDocuments(pet.id);
  const quota = useDocumentQuota();
  const entries = documents.data?.filter((document) => isDocumentOfCategory(document, category));
  // A member's role decides (issue 35): a viewer only reads; a carer adds, and changes only the
  // documents they added (each entry's created_by; DocumentEntry asks per document).
  const canAdd = useCanOnPet(pet.id, 'create', 'document');

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageTitle
        title={title}
        subtitle={<PetSubtitle name={pet.name} />}
        actions={
          entries && entries.length > 0 && !quota.reached && canAdd ? (
            <AddEntry pet={pet} category={category} quota={quota} />
          ) : null
        }
      />
      {quota.reached && canAdd ? (
        <Box sx={{ mb: 3 }}>
          <LimitNotice messageKey={quota.messageKey} />
        </Box>
      ) : null}
      {documents.isPending ? (
        <Stack spacing={1.5} aria-busy="true" aria-label={t('app.loading')}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} variant="rounded" height={84} />
          ))}
        </Stack>
      ) : documents.isError ? (
        <LoadError error={documents.error} onRetry={() => void documents.refetch()} />
      ) : entries && entries.length > 0 ? (
        <Stack component="ul" spacing={1.5} aria-label={title} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {entries.map((document) => (
            <DocumentEntry key={document.id} pet={pet} category={category} document={document} />
          ))}
        </Stack>
      ) : (
        <EmptyState pet={pet} category={category} quota={quota} canAdd={canAdd} />
      )}
    </Box>
  );
}

function AddEntry({
  pet,
  category,
  quota,
}: {
  pet: PetRef;
  category: DocumentCategory;
  quota: DocumentQuota;
}) {
  const { t } = useTranslation();
  return (
    <Stack sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' } }} spacing={0.75}>
      <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={addPath(pet, category)}>
        {t('documents.add')}
      </Button>
      <QuotaCaption quota={quota} />
    </Stack>
  );
}

function EmptyState({
  pet,
  category,
  quota,
  canAdd,
}: {
  pet: PetRef;
  category: DocumentCategory;
  quota: DocumentQuota;
  canAdd: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card sx={{ borderStyle: 'dashed' }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', px: 3, py: { xs: 5, sm: 7 } }}>
        <IconBubble size={64}>
          <CategoryIcon type={category.documentType} sx={{ fontSize: 32 }} />
        </IconBubble>
        <Typography variant="h6" component="h2">
          {t('documents.emptyTitle')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 460 }}>
          {t('documents.emptyText', { name: pet.name })}
        </Typography>
        {quota.reached || !canAdd ? null : (
          <>
            <Tooltip title={t('documents.add')}>
              <IconButton
                component={RouterLink}
                to={addPath(pet, category)}
                aria-label={t('documents.add')}
                sx={{
                  width: 72,
                  height: 72,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  '&:hover': { bgcolor: 'primary.dark' },
                }}
              >
                <AddIcon sx={{ fontSize: 40 }} />
              </IconButton>
            </Tooltip>
            <QuotaCaption quota={quota} />
          </>
        )}
      </Stack>
    </Card>
  );
}

function DocumentEntry({
  pet,
  category,
  document,
}: {
  pet: PetRef;
  category: DocumentCategory;
  document: PetDocument;
}) {
  const { t } = useTranslation();
  const canEdit = useCanOnPet(pet.id, 'update', 'document', { createdBy: document.created_by ?? null });
  const files = decodeDocUrl(document.doc_url);
  const types = [...new Set(files.map((file) => file.type.toLowerCase()))];
  const date = formatDate(new Date(document.created_at));
  return (
    <Card
      component="li"
      sx={{ display: 'flex', alignItems: 'stretch', '&:hover': { borderColor: 'primary.main' } }}
    >
      <CardActionArea
        component={RouterLink}
        to={viewPath(pet, category, document.id)}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          p: { xs: 1.5, sm: 2 },
          flexGrow: 1,
          minWidth: 0,
        }}
      >
        <DocumentThumbnail file={files[0]} />
        {/* The link's name as hidden text, its visible texts hidden: an aria-label that leaves out
            visible text fails WCAG 2.5.3 (label in name). */}
        <Box component="span" sx={visuallyHidden}>
          {t('documents.openDocument', { description: document.description })}
        </Box>
        <Stack sx={{ flexGrow: 1, minWidth: 0 }} spacing={0.5} aria-hidden>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{document.description}</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {date}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-hidden>
              ·
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('documents.fileCount', { count: files.length })}
            </Typography>
            {types.map((type) => (
              <Chip
                key={type}
                size="small"
                variant="outlined"
                icon={<FileTypeIcon type={type} fontSize="small" />}
                label={typeLabel(type)}
                sx={{ height: 24, '& .MuiChip-label': { px: 0.75, fontSize: '0.75rem' } }}
              />
            ))}
          </Stack>
        </Stack>
        <ChevronRightIcon
          aria-hidden
          sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}
        />
      </CardActionArea>
      {canEdit ? (
        <Box sx={{ display: 'flex', alignItems: 'center', pr: 1, borderLeft: 1, borderColor: 'divider' }}>
          <Tooltip title={t('documents.editDescription')}>
            <IconButton
              component={RouterLink}
              to={viewPath(pet, category, document.id, { edit: true })}
              aria-label={t('documents.editDocument', { description: document.description })}
              sx={{ ml: 1 }}
            >
              <EditOutlinedIcon />
            </IconButton>
          </Tooltip>
        </Box>
      ) : null}
    </Card>
  );
}
