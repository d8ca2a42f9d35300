import { useMutation } from '@tanstack/react-query';
import { uploadDocumentResponseSchema } from '@pet/contract';
import { api, type UploadProgress } from '@/lib/api-client';

export interface UploadDocumentFilesOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /v1/upload/document?file_for=pet&pet_id=: up to 5 files as multipart parts, streamed by the
 * server; answers the doc_url entries for POST /v1/document. Progress is the whole body's.
 */
export function uploadDocumentFiles(
  petId: string,
  files: readonly File[],
  options: UploadDocumentFilesOptions = {},
) {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return api.upload('/v1/upload/document', form, uploadDocumentResponseSchema, {
    query: { file_for: 'pet', pet_id: petId },
    onProgress: options.onProgress,
    signal: options.signal,
  });
}

export interface UploadDocumentFilesVariables extends UploadDocumentFilesOptions {
  files: readonly File[];
}

export function useUploadDocumentFiles(petId: string) {
  return useMutation({
    mutationFn: ({ files, ...options }: UploadDocumentFilesVariables) =>
      uploadDocumentFiles(petId, files, options),
  });
}
