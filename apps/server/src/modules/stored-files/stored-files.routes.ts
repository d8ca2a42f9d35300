import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, uploadImageQuerySchema, uploadImageResponseSchema } from '@pet/contract';
import { signedInUser } from '../../platform/auth/plugin.ts';
import type { PetsService } from '../pets/pets.service.ts';
import { acceptMultipartUploads } from '../../platform/uploads/multipart.ts';
import { firstFileOf, type SingleFileUpload } from '../../platform/uploads/single-file.ts';

export interface UploadRoutesOptions {
  pets: PetsService;
  /** Stores the signed-in user's avatar (account module); answers its URL. */
  setUserImage: (userId: string, file: SingleFileUpload) => Promise<string>;
}

/**
 * POST /v1/upload/image?file_for=user | pet&pet_id=: one multipart file field `file` (the app sends
 * a cropped JPEG named petImage.jpg). The type is decided by the bytes; only images are kept.
 */
export const uploadRoutes: FastifyPluginAsyncZod<UploadRoutesOptions> = async (app, options) => {
  await acceptMultipartUploads(app);

  app.post(
    '/v1/upload/image',
    {
      config: {
        // A pet photo is pet data: the dog brand needs an attached product first (471); the avatar is not.
        access: 'petData',
        petDataWhen: (request) => (request.query as { file_for?: unknown }).file_for === 'pet',
        // Its own 401 below is the whole of its sign-in answers in the document.
        signInAnswers: 'module',
      },
      schema: {
        tags: ['uploads'],
        summary: 'Upload the avatar (file_for=user) or a pet photo (file_for=pet&pet_id=)',
        description: 'multipart/form-data with one file field `file`; JPEG, PNG, WebP or GIF up to 25 MB.',
        querystring: uploadImageQuerySchema,
        consumes: ['multipart/form-data'],
        response: {
          201: uploadImageResponseSchema,
          400: apiErrorBodySchema.describe(
            'Image_Type_Error_Text, File_Too_Large_Error_Text or Document_Error (no file)',
          ),
          401: apiErrorBodySchema,
          404: apiErrorBodySchema.describe('No such pet of the signed-in user'),
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const upload = await firstFileOf(request.files());
      const image_url =
        request.query.file_for === 'pet'
          ? await options.pets.setImage(user.id, request.query.pet_id!, upload)
          : await options.setUserImage(user.id, upload);
      return reply.code(201).send({ image_url });
    },
  );
};
