import { lazy, Suspense, useEffect, useId, useState, type ChangeEvent, type ReactNode } from 'react';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { useNotify } from '@/lib/notifications';
import type { ImageCropTexts } from './ImageCropDialog';

// The cropper (react-easy-crop) loads only when a picture is chosen.
const ImageCropDialog = lazy(() => import('./ImageCropDialog'));

export interface PhotoPickerFieldProps {
  /** The current picture drawn at `size` px, with its own fallback (initials, the paw icon). */
  picture: ReactNode;
  size: number;
  /** The button's text, translated ("Choose …" without a picture, "Change …" with one). */
  chooseLabel: string;
  /** The caption under the buttons while nothing uploads. */
  hint?: string;
  /** 0..1 while an upload runs (drawn over the picture), null otherwise. */
  progress?: number | null;
  /** The caption and the progress ring's label during an upload, translated. */
  uploadingLabel: (percent: number) => string;
  disabled?: boolean;
  /** Above the choose button (the user's name on the profile). */
  heading?: ReactNode;
  /** Under the choose button (Remove photo). */
  secondaryAction?: ReactNode;
  /** Picture above the buttons, centred, on phones (the profile page); else always side by side. */
  stackOnPhones?: boolean;
  cropTexts: ImageCropTexts;
  /** Longest side of the cropped JPEG (see cropToJpegFile). */
  outputMaxPx?: number;
  /** Translation keys of the notifications: the file is no image; it could not be read. */
  errorKeys: { notAnImage: string; loadFailed: string };
  /** The cropped JPEG: upload it at once or keep it for the form. */
  onCropped: (file: File) => void;
}

/**
 * A round picture with a button to choose a new one: the chosen file is checked to be an image,
 * cropped in the circle (ImageCropDialog) and handed to `onCropped`. What happens with the file and
 * the upload's progress belong to the caller, so the user's avatar and the pet photo share it.
 */
export function PhotoPickerField({
  picture,
  size,
  chooseLabel,
  hint,
  progress = null,
  uploadingLabel,
  disabled = false,
  heading,
  secondaryAction,
  stackOnPhones = false,
  cropTexts,
  outputMaxPx,
  errorKeys,
  onCropped,
}: PhotoPickerFieldProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const inputId = useId();
  const [source, setSource] = useState<string | null>(null);

  // The chosen file lives as an object URL while the crop dialog is open.
  useEffect(() => {
    if (!source) return;
    return () => URL.revokeObjectURL(source);
  }, [source]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a cancel.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      notify.error(errorKeys.notAnImage);
      return;
    }
    setSource(URL.createObjectURL(file));
  };

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  const locked = disabled || uploading;

  return (
    <Stack
      direction={stackOnPhones ? { xs: 'column', sm: 'row' } : 'row'}
      spacing={stackOnPhones ? { xs: 2, sm: 3 } : { xs: 2, sm: 2.5 }}
      sx={{ alignItems: 'center', textAlign: stackOnPhones ? { xs: 'center', sm: 'left' } : undefined }}
    >
      <Box sx={{ position: 'relative', flexShrink: 0, width: size, height: size }}>
        {picture}
        {uploading ? (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              borderRadius: '50%',
              bgcolor: 'rgba(0, 0, 0, 0.5)',
            }}
          >
            <CircularProgress
              variant={percent > 0 ? 'determinate' : 'indeterminate'}
              value={percent}
              size={size - 8}
              thickness={2.5}
              sx={{ position: 'absolute', color: '#FFFFFF' }}
              aria-label={uploadingLabel(percent)}
            />
            <Typography variant="body2" sx={{ color: '#FFFFFF', fontWeight: 700 }}>
              {percent} %
            </Typography>
          </Box>
        ) : null}
      </Box>
      <Stack
        spacing={1}
        sx={{ alignItems: stackOnPhones ? { xs: 'center', sm: 'flex-start' } : 'flex-start', minWidth: 0 }}
      >
        {heading}
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          size="small"
          startIcon={<PhotoCameraOutlinedIcon />}
          disabled={locked}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {chooseLabel}
          <input id={inputId} type="file" accept="image/*" hidden disabled={locked} onChange={choose} />
        </Button>
        {secondaryAction}
        <Typography variant="caption" sx={{ color: 'text.secondary' }} aria-live="polite">
          {uploading ? uploadingLabel(percent) : hint}
        </Typography>
      </Stack>

      {source ? (
        <Suspense
          fallback={
            <Backdrop open sx={(theme) => ({ zIndex: theme.zIndex.modal })}>
              <CircularProgress aria-label={t('app.loading')} />
            </Backdrop>
          }
        >
          <ImageCropDialog
            imageSrc={source}
            texts={cropTexts}
            outputMaxPx={outputMaxPx}
            onCancel={() => setSource(null)}
            onFailed={() => {
              setSource(null);
              notify.error(errorKeys.loadFailed);
            }}
            onCropped={(file) => {
              setSource(null);
              onCropped(file);
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
