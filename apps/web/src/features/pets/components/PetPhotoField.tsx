import Button from '@mui/material/Button';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from '@/lib/i18n-react';
import { PhotoPickerField } from '@/components/PhotoPickerField';
import { PetAvatar } from './PetAvatar';

export const PHOTO_AVATAR_PX = 104;

/**
 * The pet photo: the current picture (or the default icon), a button to choose a new one, which
 * then opens the circular crop. `progress` (0..1) shows a running upload over the picture; the
 * form decides whether the cropped file uploads at once (edit) or after the pet is created (add).
 */
export function PetPhotoField({
  petName,
  imageSrc,
  progress = null,
  disabled = false,
  hint,
  onCropped,
  onRemove,
}: {
  petName: string;
  imageSrc: string | null | undefined;
  progress?: number | null;
  disabled?: boolean;
  hint?: string;
  onCropped: (file: File) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <PhotoPickerField
      size={PHOTO_AVATAR_PX}
      picture={
        <PetAvatar name={petName || t('pets.photo.unnamed')} imageUrl={imageSrc} size={PHOTO_AVATAR_PX} />
      }
      chooseLabel={imageSrc ? t('pets.photo.change') : t('pets.photo.choose')}
      hint={hint}
      progress={progress}
      uploadingLabel={(percent) => t('pets.photo.uploading', { percent })}
      disabled={disabled}
      secondaryAction={
        onRemove ? (
          <Button
            size="small"
            color="inherit"
            startIcon={<DeleteOutlineIcon />}
            onClick={onRemove}
            disabled={disabled}
          >
            {t('pets.photo.remove')}
          </Button>
        ) : null
      }
      cropTexts={{
        title: t('pets.photo.cropTitle'),
        hint: t('pets.photo.cropHint'),
        zoomLabel: t('pets.photo.zoom'),
        apply: t('pets.photo.apply'),
        cancel: t('pets.common.cancel'),
      }}
      errorKeys={{ notAnImage: 'pets.photo.notAnImage', loadFailed: 'pets.photo.loadFailed' }}
      onCropped={onCropped}
    />
  );
}
