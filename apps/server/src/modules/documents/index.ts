import type { FastifyInstance } from 'fastify';
import { pdfPageRendererOn } from '../../platform/uploads/thumbnails.ts';
import { documentsRoutes } from './documents.routes.ts';
import {
  DELETE_KEYS_JOB,
  DISCARD_UNCLAIMED_JOB,
  DocumentsService,
  MAKE_THUMBNAILS_JOB,
} from './documents.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentsService;
  }
}

export async function registerDocuments(app: FastifyInstance): Promise<void> {
  const service = new DocumentsService({
    db: app.db,
    kind: app.database.kind,
    storage: app.storage,
    jobs: app.jobs,
    log: app.log,
    renderPdfPage: pdfPageRendererOn(app.pdfRenderer),
  });
  app.decorate('documents', service);
  app.jobs.register(DISCARD_UNCLAIMED_JOB, async (payload) => {
    await service.discardUnclaimed((payload as { fileIds: string[] }).fileIds);
  });
  app.jobs.register(MAKE_THUMBNAILS_JOB, async (payload) => {
    await service.makeThumbnails((payload as { fileIds: string[] }).fileIds);
  });
  app.jobs.register(DELETE_KEYS_JOB, async (payload) => {
    for (const key of (payload as { keys: string[] }).keys) await app.storage.delete(key);
  });
  await app.register(documentsRoutes, { service });
}
