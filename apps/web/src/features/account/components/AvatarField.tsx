import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/i18n-react';
import type { UserInfo } from '@pet/contract';
import { PhotoPickerField } from '@/components/PhotoPickerField';
import { isApiError } from '@/lib/api-client';
import { useNotify } from '@/lib/notifications';
import { useUploadAvatar } from '@/features/account/api/upload-avatar';
import { initialsOf } from '@/features/account/initials';

export const AVATAR_SIZE_PX = 112;

/** Longest side of the stored avatar: sharp in the profile, small to upload. */
const AVATAR_MAX_PX = 768;

/**
 * The profile picture: the current avatar (or the initials), a button to choose a new picture,
 * the circular crop, then the upload with its progress over the avatar. The top bar shows the new
 * picture as soon as the upload is done (the session is updated).
 */
export function AvatarField({ user }: { user: Pick<UserInfo, 'name' | 'email' | 'image_url'> }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const upload = useUploadAvatar();
  const [progress, setProgress] = useState<number | null>(null);

  const send = async (file: File) => {
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: ({ fraction }) => setProgress(fraction) });
      notify.success('account.avatar.saved');
    } catch (error) {
      // The server's own key (wrong type, too large) when we have a text for it, else the generic one.
      const known = isApiError(error) && error.kind === 'http' && i18n.exists(error.key);
      notify.error(known ? error : 'Image_Upload_Failed_Text');
    } finally {
      setProgress(null);
    }
  };

  const displayName = user.name.trim() || user.email;

  return (
    <PhotoPickerField
      stackOnPhones
      size={AVATAR_SIZE_PX}
      picture={
        <Avatar
          src={user.image_url ?? undefined}
          alt={t('account.avatar.alt', { name: displayName })}
          data-testid="profile-avatar"
          sx={{
            width: AVATAR_SIZE_PX,
            height: AVATAR_SIZE_PX,
            fontSize: 40,
            fontWeight: 600,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
          }}
        >
          {initialsOf(user.name, user.email)}
        </Avatar>
      }
      heading={
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {displayName}
        </Typography>
      }
      chooseLabel={user.image_url ? t('account.avatar.change') : t('account.avatar.choose')}
      hint={t('account.avatar.hint')}
      progress={progress}
      uploadingLabel={(percent) => t('account.avatar.uploading', { percent })}
      cropTexts={{
        title: t('account.avatar.cropTitle'),
        hint: t('account.avatar.cropHint'),
        zoomLabel: t('account.avatar.zoom'),
        apply: t('account.avatar.apply'),
        cancel: t('account.common.cancel'),
      }}
      outputMaxPx={AVATAR_MAX_PX}
      errorKeys={{ notAnImage: 'account.avatar.notAnImage', loadFailed: 'account.avatar.loadFailed' }}
      onCropped={(file) => void send(file)}
    />
  );
}
