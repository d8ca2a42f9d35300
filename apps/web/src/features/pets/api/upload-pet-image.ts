import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pet } from '@pet/contract';
import { api, type UploadProgress } from '@/lib/api-client';
import { uploadImageAnswer } from '@/lib/screen-answers';
import { petKeys } from './keys';

/** POST /v1/upload/image?file_for=pet&pet_id=: one multipart field `file` (the cropped petImage.jpg). */
export function uploadPetImage(petId: string, file: File, onProgress?: (progress: UploadProgress) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload('/v1/upload/image', form, uploadImageAnswer, {
    query: { file_for: 'pet', pet_id: petId },
    onProgress,
  });
}

export function useUploadPetImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      petId,
      file,
      onProgress,
    }: {
      petId: string;
      file: File;
      onProgress?: (progress: UploadProgress) => void;
    }) => uploadPetImage(petId, file, onProgress),
    onSuccess: ({ image_url }, { petId }) =>
      queryClient.setQueryData<Pet>(petKeys.detail(petId), (pet) => (pet ? { ...pet, image_url } : pet)),
  });
}
