import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useCanOnPet } from '@/lib/pet-relation';
import { useTranslation } from '@/lib/i18n-react';
import { useNavigate, useSearchParams } from '@/lib/router';
import {
  decodeDocUrl,
  documentUpdateBodySchema,
  isDocumentOfCategory,
  type DocUrlEntry,
  type DocumentCategory,
  type PetDocument,
} from '@pet/contract';
import { ConfirmActionDialog } from '@/components/ConfirmActionDialog';
import { ErrorState } from '@/components/ErrorState';
import { PageTitle } from '@/components/PageTitle';
import { RouterLink } from '@/components/RouterLink';
import { formatDate } from '@/lib/dates';
import { useApiErrorMessage, useNotify } from '@/lib/notifications';
import type { PetRef } from '@/lib/paths';
import { useDeleteDocument } from '@/features/documents/api/delete-document';
import { usePetDocuments } from '@/features/documents/api/list-documents';
import { useUpdateDocument } from '@/features/documents/api/update-document';
import { inlineUrl, previewKind, typeLabel } from '@/features/documents/document-files';
import { areaPath, listPath } from '@/features/documents/paths';
import { FileTypeIcon } from './FileTypeIcon';
import { PetSubtitle } from './PetSubtitle';

/**
 * A document (…/{category}/document?doc_id=): its files, images and PDFs previewed in the app and
 * every file downloadable; edit mode (?edit=1) changes only the description; delete asks first and
 * returns to the area's overview.
 */
export function DocumentView({ pet, category }: { pet: PetRef; category: DocumentCategory }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const [params] = useSearchParams();
  const documentId = params.get('doc_id') ?? '';
  const documents = usePetDocuments(pet.id);
  const remove = useDeleteDocument();
  const document = documents.data?.find(
    (candidate) => candidate.id === documentId && isDocumentOfCategory(candidate, category),
  );

  if (documents.isPending || remove.isSuccess) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label={t('app.loading')} sx={{ maxWidth: 960 }}>
        <Skeleton variant="text" width="50%" height={48} />
        <Skeleton variant="text" width="30%" />
        <Skeleton variant="rounded" height={360} />
      </Stack>
    );
  }
  if (documents.isError) {
    return (
      <ErrorState
        role="alert"
        title={t('documents.loadFailed')}
        description={errorMessage(documents.error)}
        onRetry={() => void documents.refetch()}
      />
    );
  }
  if (!document) {
    return (
      <ErrorState
        icon={<DescriptionOutlinedIcon />}
        title={t('documents.notFound')}
        actions={
          <Button variant="contained" component={RouterLink} to={listPath(pet, category)}>
            {t('documents.backToList')}
          </Button>
        }
      />
    );
  }
  return <DocumentDetails pet={pet} category={category} document={document} remove={remove} />;
}

function DocumentDetails({
  pet,
  category,
  document,
  remove,
}: {
  pet: PetRef;
  category: DocumentCategory;
  document: PetDocument;
  remove: ReturnType<typeof useDeleteDocument>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  // Issue 35: a viewer reads only; a carer changes only the documents they added.
  const canEdit = useCanOnPet(pet.id, 'update', 'document', { createdBy: document.created_by ?? null });
  const editing = canEdit && params.get('edit') === '1';
  const files = decodeDocUrl(document.doc_url);

  const setEditing = (on: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set('edit', '1');
        else next.delete('edit');
        return next;
      },
      { replace: true },
    );

  const confirmDelete = () =>
    remove.mutate(document.id, {
      onSuccess: () => {
        notify.success('documents.deleted');
        // Pet-data section 4: delete returns to the document-safe or vet-findings overview.
        void navigate(areaPath(pet, category.area), { replace: true });
      },
      onError: (error) => {
        setConfirming(false);
        notify.error(error);
      },
    });

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageTitle
        title={document.description}
        subtitle={
          <PetSubtitle name={pet.name}>
            <Box component="span" aria-hidden>
              ·
            </Box>
            <span>{t(category.labelKey)}</span>
            <Box component="span" aria-hidden>
              ·
            </Box>
            <span>{formatDate(new Date(document.created_at))}</span>
          </PetSubtitle>
        }
        actions={
          editing || !canEdit ? null : (
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
              <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
                {t('documents.edit')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteOutlineIcon />}
                onClick={() => setConfirming(true)}
              >
                {t('documents.delete')}
              </Button>
            </Stack>
          )
        }
      />
      {editing ? <EditDescription document={document} onDone={() => setEditing(false)} /> : null}
      <Stack
        spacing={3}
        component="ul"
        aria-label={t('documents.files')}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {files.map((file, index) => (
          <FileCard
            key={file.url}
            file={file}
            index={index}
            count={files.length}
            description={document.description}
          />
        ))}
      </Stack>
      <ConfirmActionDialog
        open={confirming}
        title={t('documents.deleteTitle')}
        text={t('documents.deleteText', { description: document.description, count: files.length })}
        confirmLabel={t('documents.deleteConfirm')}
        cancelLabel={t('documents.cancel')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

function EditDescription({ document, onDone }: { document: PetDocument; onDone: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateDocument(document.id);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(documentUpdateBodySchema),
    mode: 'onTouched',
    defaultValues: { description: document.description },
  });
  const { ref, ...field } = register('description');
  const save = handleSubmit((body) =>
    update.mutateAsync(body).then(
      () => {
        notify.success('Success_Message_Text');
        onDone();
      },
      (error: unknown) => notify.error(error),
    ),
  );
  return (
    <Card sx={{ mb: 3, borderColor: 'primary.main' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={save}
          aria-label={t('documents.editDescription')}
        >
          <Typography variant="h6" component="h2">
            {t('documents.editDescription')}
          </Typography>
          <TextField
            label={t('documents.description')}
            required
            fullWidth
            multiline
            minRows={2}
            autoFocus
            inputRef={ref}
            {...field}
            disabled={update.isPending}
            error={Boolean(errors.description)}
            helperText={errors.description?.message ? t(errors.description.message) : t('documents.editHint')}
          />
          <Stack
            direction={{ xs: 'column-reverse', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'flex-end' }}
          >
            <Button onClick={onDone} disabled={update.isPending}>
              {t('documents.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={update.isPending}>
              {update.isPending ? t('documents.savingShort') : t('documents.save')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

function FileCard({
  file,
  index,
  count,
  description,
}: {
  file: DocUrlEntry;
  index: number;
  count: number;
  description: string;
}) {
  const { t } = useTranslation();
  const kind = previewKind(file.type);
  const label = typeLabel(file.type);
  const name = t('documents.fileName', { number: index + 1, count, type: label });
  return (
    <Card component="li" aria-label={name}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'space-between',
          px: { xs: 2, sm: 2.5 },
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
          <FileTypeIcon type={file.type} />
          <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
        </Stack>
        <Stack direction="row" spacing={1}>
          {kind !== 'none' ? (
            <Button
              size="small"
              startIcon={<OpenInNewIcon />}
              href={inlineUrl(file.url)}
              target="_blank"
              rel="noopener"
            >
              {t('documents.openFile')}
            </Button>
          ) : null}
          <Button
            size="small"
            variant="outlined"
            startIcon={<DownloadOutlinedIcon />}
            href={file.url}
            download
          >
            {t('documents.download')}
          </Button>
        </Stack>
      </Stack>
      <Box sx={{ bgcolor: 'action.hover' }}>
        {kind === 'image' ? (
          <Box
            component="img"
            src={inlineUrl(file.url)}
            alt={t('documents.imagePreview', { number: index + 1, description })}
            loading="lazy"
            sx={{ display: 'block', mx: 'auto', maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }}
          />
        ) : kind === 'pdf' ? (
          <Box
            component="iframe"
            src={inlineUrl(file.url)}
            title={t('documents.pdfPreview', { number: index + 1, description })}
            sx={{ display: 'block', width: '100%', height: { xs: 460, md: 680 }, border: 0 }}
          />
        ) : (
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', px: 3, py: 5 }}>
            <FileTypeIcon type={file.type} fontSize="large" />
            <Typography sx={{ color: 'text.secondary', maxWidth: 420 }}>
              {t('documents.noPreview', { type: label })}
            </Typography>
          </Stack>
        )}
      </Box>
    </Card>
  );
}
