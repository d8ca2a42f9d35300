import { useCallback, useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { cropToJpegFile } from '@/lib/crop-image';

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

/** The dialog's texts, translated by the feature that opens it (avatar or pet photo wording). */
export interface ImageCropTexts {
  title: string;
  hint: string;
  zoomLabel: string;
  apply: string;
  cancel: string;
}

export interface ImageCropDialogProps {
  /** The chosen picture (an object URL). */
  imageSrc: string;
  texts: ImageCropTexts;
  /** Longest side of the produced JPEG; the default of cropToJpegFile when not given. */
  outputMaxPx?: number;
  onCancel: () => void;
  onCropped: (file: File) => void;
  /** The picture could not be read or encoded. */
  onFailed: () => void;
}

/**
 * The circular crop of a profile picture or pet photo (react-easy-crop, aspect 1). A default
 * export so that callers can load it with React.lazy: the cropper ships only when a picture is
 * chosen. Answers the cropped square JPEG (the circle is only the avatar's shape).
 */
export default function ImageCropDialog({
  imageSrc,
  texts,
  outputMaxPx,
  onCancel,
  onCropped,
  onFailed,
}: ImageCropDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);

  const onCropComplete = useCallback((_area: Area, pixels: Area) => setArea(pixels), []);

  const apply = async () => {
    if (!area) return;
    setBusy(true);
    try {
      onCropped(await cropToJpegFile(imageSrc, area, outputMaxPx));
    } catch {
      onFailed();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {texts.hint}
        </Typography>
        <Box
          data-testid="image-cropper"
          sx={{
            position: 'relative',
            height: { xs: 320, sm: 380 },
            borderRadius: 2,
            overflow: 'hidden',
            bgcolor: 'grey.900',
          }}
        >
          <Cropper
            image={imageSrc}
            crop={crop}
            zoom={zoom}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={onCropComplete}
          />
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2, px: 1 }}>
          <ZoomOutIcon aria-hidden sx={{ color: 'text.secondary' }} />
          <Slider
            value={zoom}
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.05}
            onChange={(_event, value) => setZoom(typeof value === 'number' ? value : MIN_ZOOM)}
            slotProps={{ input: { 'aria-label': texts.zoomLabel } }}
          />
          <ZoomInIcon aria-hidden sx={{ color: 'text.secondary' }} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onCancel} disabled={busy} color="inherit">
          {texts.cancel}
        </Button>
        <Button
          variant="contained"
          onClick={() => void apply()}
          disabled={busy || !area}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {texts.apply}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
