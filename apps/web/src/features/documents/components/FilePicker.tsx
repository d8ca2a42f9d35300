import { useId, useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { MAX_FILES_PER_UPLOAD } from '@pet/contract';
import {
  ACCEPT_ATTRIBUTE,
  extensionOf,
  fileProblems,
  formatBytes,
} from '@/features/documents/document-files';
import { FileTypeIcon } from './FileTypeIcon';

interface FilePickerProps {
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** Per-file upload progress 0..1 while uploading (same order as files), else undefined. */
  progress?: readonly number[];
  disabled?: boolean;
  /** Problems of the whole selection (no file, too many): shown under the drop area. */
  errorKeys: readonly string[];
  /** id of the element the errors are rendered in, for aria-describedby. */
  errorId: string;
}

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Drop area and file button (pet-data section 5): files add up (the same file twice counts once)
 * and each can be removed; a file's own problem (over 25 MB, a type not on the list) shows on its row
 * at once, before anything is sent.
 */
export function FilePicker({
  files,
  onChange,
  progress,
  disabled = false,
  errorKeys,
  errorId,
}: FilePickerProps) {
  const { t, i18n } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const add = (incoming: readonly File[]) => {
    if (disabled || incoming.length === 0) return;
    const next = [...files];
    for (const file of incoming) if (!next.some((existing) => sameFile(existing, file))) next.push(file);
    onChange(next);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };

  const onDragOver = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };

  const onDragLeave = (event: DragEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };

  const hasErrors = errorKeys.length > 0;

  return (
    <Stack spacing={1.5}>
      <Box
        data-testid="file-drop-zone"
        onDrop={onDrop}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={onDragLeave}
        sx={(theme) => ({
          border: '2px dashed',
          borderColor: dragging ? 'primary.main' : hasErrors ? 'error.main' : 'divider',
          borderRadius: 3,
          px: { xs: 2, sm: 4 },
          py: { xs: 3, sm: 4 },
          textAlign: 'center',
          transition: 'border-color 150ms, background-color 150ms',
          backgroundColor: dragging
            ? `rgba(${theme.vars?.palette.primary.mainChannel ?? '192 77 0'} / 0.08)`
            : 'transparent',
          opacity: disabled ? 0.6 : 1,
        })}
      >
        <Stack spacing={1.25} sx={{ alignItems: 'center' }}>
          <CloudUploadOutlinedIcon aria-hidden sx={{ fontSize: 44, color: 'primary.main' }} />
          <Typography sx={{ fontWeight: 600 }}>
            {dragging ? t('documents.dropNow') : t('documents.dropHere')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('documents.or')}
          </Typography>
          <Button
            variant="outlined"
            onClick={() => inputRef.current?.click()}
            disabled={disabled}
            aria-describedby={`${hintId} ${errorId}`}
          >
            {t('documents.chooseFiles')}
          </Button>
          <Typography id={hintId} variant="caption" sx={{ color: 'text.secondary', maxWidth: 420 }}>
            {t('documents.fileHint', { max: MAX_FILES_PER_UPLOAD })}
          </Typography>
        </Stack>
        <input
          ref={inputRef}
          type="file"
          multiple
          hidden
          accept={ACCEPT_ATTRIBUTE}
          aria-label={t('documents.chooseFiles')}
          disabled={disabled}
          onChange={(event) => {
            add(Array.from(event.target.files ?? []));
            // The same file may be chosen again after removing it.
            event.target.value = '';
          }}
        />
      </Box>

      <Box id={errorId} role="alert" aria-live="polite">
        {errorKeys.map((key) => (
          <Typography key={key} variant="body2" sx={{ color: 'error.main' }}>
            {t(key)}
          </Typography>
        ))}
      </Box>

      {files.length > 0 ? (
        <Stack
          component="ul"
          spacing={1}
          aria-label={t('documents.chosenFiles')}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {files.map((file, index) => {
            const problems = fileProblems(file);
            const done = progress?.[index];
            return (
              <Box
                component="li"
                key={`${file.name}-${file.size}-${file.lastModified}`}
                sx={{
                  border: 1,
                  borderColor: problems.length > 0 ? 'error.main' : 'divider',
                  borderRadius: 2,
                  px: 1.5,
                  py: 1,
                }}
              >
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <FileTypeIcon type={extensionOf(file.name)} />
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography
                      variant="body2"
                      sx={{
                        fontWeight: 600,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      }}
                      title={file.name}
                    >
                      {file.name}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {formatBytes(file.size, i18n.language)}
                    </Typography>
                    {problems.map((key) => (
                      <Typography key={key} variant="caption" component="p" sx={{ color: 'error.main' }}>
                        {t(key)}
                      </Typography>
                    ))}
                  </Box>
                  {done !== undefined && done >= 1 ? (
                    <CheckCircleIcon color="success" aria-label={t('documents.fileUploaded')} />
                  ) : (
                    <Tooltip title={t('documents.removeFile', { name: file.name })}>
                      <span>
                        <IconButton
                          size="small"
                          onClick={() => onChange(files.filter((_, other) => other !== index))}
                          disabled={disabled}
                          aria-label={t('documents.removeFile', { name: file.name })}
                        >
                          <CloseIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  )}
                </Stack>
                {done !== undefined ? (
                  <LinearProgress
                    variant="determinate"
                    value={Math.round(done * 100)}
                    aria-label={t('documents.fileProgress', { name: file.name })}
                    sx={{ mt: 1, borderRadius: 1 }}
                  />
                ) : null}
              </Box>
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
