import type { FastifyInstance } from 'fastify';
import { documentsRoutes } from './documents.routes.ts';
import {
  DELETE_KEYS_JOB,
  DISCARD_UNCLAIMED_JOB,
  MAKE_THUMBNAILS_JOB,
  type DocumentsService,
} from './documents.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentsService;
  }
}

export async function registerDocuments(app: FastifyInstance, service: DocumentsService): Promise<void> {
  app.decorate('documents', service);
  app.jobs.register(DISCARD_UNCLAIMED_JOB, async ({ fileIds }) => {
    await service.discardUnclaimed(fileIds);
  });
  app.jobs.register(MAKE_THUMBNAILS_JOB, async ({ fileIds }) => {
    await service.makeThumbnails(fileIds);
  });
  app.jobs.register(DELETE_KEYS_JOB, async ({ keys }) => {
    for (const key of keys) await app.storage.delete(key);
  });
  await app.register(documentsRoutes, { service });
}
