import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n-react';
import { useNavigate } from '@/lib/router';
import type { DocumentCategory } from '@pet/contract';
import { PageTitle } from '@/components/PageTitle';
import { RouterLink } from '@/components/RouterLink';
import { isApiError } from '@/lib/api-client';
import { useApiErrorMessage, useNotify } from '@/lib/notifications';
import type { PetRef } from '@/lib/paths';
import { useCreateDocument } from '@/features/documents/api/create-document';
import { useUploadDocumentFiles } from '@/features/documents/api/upload-document-files';
import {
  chosenFilesProblems,
  documentAddFormSchema,
  perFileProgress,
  FILE_TYPE_ERROR_KEY,
} from '@/features/documents/document-files';
import { listPath } from '@/features/documents/paths';
import { isDocumentLimitKey, useDocumentQuota } from '@/features/documents/quota';
import { FilePicker } from './FilePicker';
import { LimitNotice } from './LimitNotice';
import { PetSubtitle } from './PetSubtitle';
import { QuotaCaption } from './QuotaCaption';
import { useSubmitOnce } from '@/components/use-submit-once';

type Phase = 'idle' | 'uploading' | 'saving';

/** Keys of the whole selection; a file's own problems (size, type) show on its row. */
const SELECTION_KEYS = new Set(['Document_Error', 'To_Many_Files_Error_Text']);

/**
 * The 13 add pages (pet-data sections 2, 4, 5): description and files, every error of section 5
 * before sending, then the upload with per-file and total progress, the document, and the list.
 */
export function DocumentAddForm({
  pet,
  category,
  title,
}: {
  pet: PetRef;
  category: DocumentCategory;
  title: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const errorMessage = useApiErrorMessage();
  const quota = useDocumentQuota();
  const upload = useUploadDocumentFiles(pet.id);
  const create = useCreateDocument(pet.id);
  const [phase, setPhase] = useState<Phase>('idle');
  const [fraction, setFraction] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  const [limitKey, setLimitKey] = useState<string | null>(null);
  const [uploadController, setUploadController] = useState<AbortController | null>(null);
  const filesErrorId = useId();
  // Leaving the page stops a running upload (its files are discarded by the server).
  useEffect(() => () => uploadController?.abort(), [uploadController]);

  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(documentAddFormSchema),
    mode: 'onTouched',
    criteriaMode: 'all',
    defaultValues: { description: '', files: [] as File[] },
  });
  const files = useWatch({ control, name: 'files' });
  const { ref: descriptionRef, ...descriptionField } = register('description');
  const back = listPath(pet, category);

  // Selection problems show once the files were validated (a change or a submit), never up front.
  const selectionKeys = errors.files
    ? chosenFilesProblems(files).filter((key) => SELECTION_KEYS.has(key))
    : [];
  const busy = phase !== 'idle';

  const onSubmit = handleSubmit(async (form) => {
    setFailure(null);
    setLimitKey(null);
    setFraction(0);
    setPhase('uploading');
    const controller = new AbortController();
    setUploadController(controller);
    try {
      const { doc_url } = await upload.mutateAsync({
        files: form.files,
        signal: controller.signal,
        onProgress: (progress) => setFraction(progress.fraction),
      });
      setFraction(1);
      setPhase('saving');
      await create.mutateAsync({
        document_type: category.documentType,
        // Tells the vet findings' "Others" from the document safe's (same stored type).
        area: category.area,
        description: form.description,
        doc_url,
      });
      notify.success('documents.added');
      void navigate(back);
    } catch (error) {
      setPhase('idle');
      if (controller.signal.aborted) return;
      if (isApiError(error) && isDocumentLimitKey(error.key)) setLimitKey(error.key);
      else setFailure(error);
    } finally {
      setUploadController(null);
    }
  });
  const submitOnce = useSubmitOnce(onSubmit);

  const header = (
    <PageTitle
      title={title}
      subtitle={<PetSubtitle name={pet.name} />}
      actions={<QuotaCaption quota={quota} />}
    />
  );

  if (quota.reached && !busy) {
    return (
      <Box sx={{ maxWidth: 760 }}>
        {header}
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <LimitNotice messageKey={quota.messageKey} />
          <Button component={RouterLink} to={back}>
            {t('documents.backToList')}
          </Button>
        </Stack>
      </Box>
    );
  }

  const sizes = files.map((file) => file.size);
  const progress = busy ? perFileProgress(sizes, fraction) : undefined;
  const percent = Math.round(fraction * 100);
  const failureKey = isApiError(failure) ? failure.key : null;

  return (
    <Box sx={{ maxWidth: 760 }}>
      {header}
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
          <Stack component="form" noValidate spacing={3} onSubmit={submitOnce.onSubmit} aria-label={title}>
            <TextField
              label={t('documents.description')}
              required
              fullWidth
              multiline
              minRows={2}
              disabled={busy}
              error={Boolean(errors.description)}
              helperText={
                errors.description?.message ? t(errors.description.message) : t('documents.descriptionHint')
              }
              inputRef={descriptionRef}
              {...descriptionField}
            />

            <FilePicker
              files={files}
              onChange={(next) => setValue('files', next, { shouldValidate: true, shouldDirty: true })}
              progress={progress}
              disabled={busy}
              errorKeys={selectionKeys}
              errorId={filesErrorId}
            />

            {limitKey ? <LimitNotice messageKey={limitKey} /> : null}
            {failure ? (
              <Alert severity="error" role="alert" onClose={() => setFailure(null)}>
                <AlertTitle>{t('Document_Upload_Failed_Text')}</AlertTitle>
                {failureKey === FILE_TYPE_ERROR_KEY
                  ? t('documents.fileTypeByContent')
                  : errorMessage(failure)}
              </Alert>
            ) : null}

            {busy ? (
              <Box role="status" aria-live="polite">
                <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.75 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {phase === 'saving'
                      ? t('documents.saving')
                      : t('documents.uploading', { count: files.length })}
                  </Typography>
                  {phase === 'uploading' ? (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {percent} %
                    </Typography>
                  ) : null}
                </Stack>
                <LinearProgress
                  variant={phase === 'saving' ? 'indeterminate' : 'determinate'}
                  value={percent}
                  aria-label={t('documents.totalProgress')}
                  sx={{ height: 8, borderRadius: 4 }}
                />
              </Box>
            ) : null}

            <Stack
              direction={{ xs: 'column-reverse', sm: 'row' }}
              spacing={1.5}
              sx={{ justifyContent: 'flex-end' }}
            >
              {phase === 'uploading' ? (
                <Button onClick={() => uploadController?.abort()}>{t('documents.cancelUpload')}</Button>
              ) : (
                <Button component={RouterLink} to={back} disabled={busy}>
                  {t('documents.cancel')}
                </Button>
              )}
              <Button type="submit" variant="contained" disabled={busy || isSubmitting || submitOnce.busy}>
                {busy ? t('documents.uploadBusy') : t('documents.upload')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
