import { useMutation } from '@tanstack/react-query';
import { api, type UploadProgress } from '@/lib/api-client';
import { uploadImageAnswer } from '@/lib/screen-answers';
import { patchSessionUser, useSessionStore } from '@/lib/session';

/** POST /v1/upload/image?file_for=user: one multipart field `file`, the cropped petImage.jpg. */
export function uploadAvatar(file: File, onProgress?: (progress: UploadProgress) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload('/v1/upload/image', form, uploadImageAnswer, {
    query: { file_for: 'user' },
    onProgress,
  });
}

export function useUploadAvatar() {
  const session = useSessionStore();
  return useMutation({
    mutationKey: ['account', 'avatar'],
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (progress: UploadProgress) => void }) =>
      uploadAvatar(file, onProgress),
    onSuccess: ({ image_url }) => patchSessionUser(session, { image_url }),
  });
}
