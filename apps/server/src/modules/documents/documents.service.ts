import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { MultipartFile } from '@fastify/multipart';
import {
  decodeDocUrl,
  documentTypeFitsPet,
  documentAreaOf,
  documentLimitMessageKey,
  documentLimitReached,
  encodeDocUrl,
  MAX_FILE_BYTES,
  MAX_FILES_PER_UPLOAD,
  type DocumentCreateBody,
  type PetDocument,
} from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import { fromDbBool } from '../../db/database.ts';
import { badRequest, limitReached, notFound } from '../../platform/errors.ts';
import { defineJob, type JobQueue } from '../../platform/jobs/jobs.ts';
import {
  newFileKey,
  sendStoredFile,
  type FileStorage,
  type StorageKeyOwner,
} from '../../platform/storage/index.ts';
import { discardFiles, finalizeFiles, receiveFiles } from '../../platform/uploads/receive-files.ts';
import {
  canHaveThumbnail,
  makeThumbnail,
  THUMBNAIL_CONTENT_TYPE,
  thumbKeyOf,
  type PdfPageRenderer,
} from '../../platform/uploads/thumbnails.ts';
import { assertCanAddDocuments, lockCurrentPlan } from '../plans/plan-limits.ts';
import { deletePetRow, listPetRows, type PetAccessPolicy } from '../pets/pet-access.ts';
import * as repo from './documents.repo.ts';

export const DISCARD_UNCLAIMED_JOB = defineJob(
  'documents.discard-unclaimed',
  z.object({ fileIds: z.array(z.string()) }),
);
export const MAKE_THUMBNAILS_JOB = defineJob(
  'documents.make-thumbnails',
  z.object({ fileIds: z.array(z.string()) }),
);
export const DELETE_KEYS_JOB = defineJob('storage.delete-keys', z.object({ keys: z.array(z.string()) }));
/** Uploaded files that no document claims within a day are removed. */
const UNCLAIMED_FILE_LIFETIME_MS = 24 * 3600 * 1000;
export const DOCUMENT_FILE_PATH = '/v1/document/file';
export const DOCUMENT_THUMBNAIL_PATH = '/v1/document/thumbnail';

export interface DocumentsServiceDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
  storage: FileStorage;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Draws a PDF's first page for its thumbnail, off the event loop (platform/pdf render pool). */
  renderPdfPage: PdfPageRenderer;
  access: PetAccessPolicy;
}

const documentNotFound = () => notFound('Document not found');
const fileNotFound = () => notFound('File not found');

/** The stable, owner-checked address of a stored file, as kept in doc_url. */
export function fileUrl(fileId: string): string {
  return `${DOCUMENT_FILE_PATH}?file_id=${encodeURIComponent(fileId)}`;
}

function fileIdOf(url: string): string | null {
  try {
    const parsed = new URL(url, 'http://portal.invalid');
    return parsed.pathname === DOCUMENT_FILE_PATH ? parsed.searchParams.get('file_id') : null;
  } catch {
    return null;
  }
}

/** What a thumbnail is made from: a stored file's key and type. */
interface ThumbnailSource {
  storage_key: string;
  ext: string;
}

export class DocumentsService {
  /** Thumbnails being made now, by key: the job and a list asking at once make each one once. */
  private readonly thumbnailsInFlight = new Map<string, Promise<boolean>>();
  /**
   * Files that could not be drawn (damaged, too large): a list shown again does not draw them
   * again. Kept for the life of the process; the file's type icon shows meanwhile.
   */
  private readonly withoutThumbnail = new Set<string>();

  constructor(private readonly deps: DocumentsServiceDeps) {}

  /**
   * Refuses early (before any byte is stored) when the plan's document limit is already reached.
   * `userId` is the pet's owner: a member's documents count against the owner's plan.
   */
  private async assertRoomForDocuments(userId: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const plan = await lockCurrentPlan(trx, this.deps.kind, userId);
      if (documentLimitReached(await repo.countUserDocuments(trx, userId), plan.documents_limit)) {
        throw limitReached(documentLimitMessageKey({ gps_tracking: fromDbBool(plan.gps_tracking) }));
      }
    });
  }

  /**
   * POST /v1/upload/document: streams up to 5 files into storage and records them as unclaimed
   * files of the pet; answers their doc_url entries for POST /v1/document.
   */
  async upload(userId: string, petId: string, parts: AsyncIterable<MultipartFile>): Promise<string[]> {
    const { ownerId } = await this.deps.access.require(userId, petId, {
      action: 'create',
      resource: 'document',
    });
    await this.assertRoomForDocuments(ownerId);
    const received = await receiveFiles(parts, {
      storage: this.deps.storage,
      maxFiles: MAX_FILES_PER_UPLOAD,
      maxBytesPerFile: MAX_FILE_BYTES,
      keyFor: (ext) => newFileKey({ petId }, ext, 'docs'),
    });
    let rows: repo.DocumentFileRow[];
    try {
      rows = await this.deps.db.transaction().execute(async (trx) => {
        const inserted = await repo.insertFiles(
          trx,
          received.map((file, position) => ({
            user_id: ownerId,
            pet_id: petId,
            storage_key: file.key,
            ext: file.type.ext,
            mime: file.type.mime,
            size: file.size,
            position,
          })),
        );
        await this.deps.jobs.schedule(
          DISCARD_UNCLAIMED_JOB,
          { fileIds: inserted.map((row) => row.id) },
          { trx, delayMs: UNCLAIMED_FILE_LIFETIME_MS },
        );
        // Thumbnails are made after the answer (a PDF's first page takes longer than the upload
        // and holds the file in memory), once, by a durable job.
        const withThumbnails = inserted.filter((row) => canHaveThumbnail(row.ext));
        if (withThumbnails.length > 0) {
          await this.deps.jobs.schedule(
            MAKE_THUMBNAILS_JOB,
            { fileIds: withThumbnails.map((row) => row.id) },
            { trx },
          );
        }
        return inserted;
      });
    } catch (err) {
      // The pet went away meanwhile, or the database failed: the stored bytes must go too.
      await discardFiles(this.deps.storage, received);
      throw err;
    }
    // The rows name the final keys now: move the bytes there (a crash before this is completed
    // by the storage reconciler).
    await finalizeFiles(this.deps.storage, received);
    this.deps.jobs.poke();
    return encodeDocUrl(rows.map((row) => ({ url: fileUrl(row.id), type: row.ext })));
  }

  /**
   * The MAKE_THUMBNAILS_JOB: each file's thumbnail beside it, one file at a time. A file deleted
   * meanwhile is skipped (a thumbnail written after its file went is an orphan the storage
   * reconciler removes); a file whose bytes are not in place yet (the upload's move) is retried.
   */
  async makeThumbnails(fileIds: readonly string[]): Promise<void> {
    for (const id of fileIds) {
      const file = await repo.storedFile(this.deps.db, id);
      if (!file) continue;
      if (await this.deps.storage.exists(thumbKeyOf(file.storage_key))) continue;
      if (!(await this.deps.storage.exists(file.storage_key))) {
        throw new Error(`document file ${id} is not in place yet`);
      }
      await this.ensureThumbnail(file);
    }
  }

  /**
   * Makes the file's thumbnail unless it exists; true when it exists afterwards. Shared by the job
   * and by a list that asks before the job ran (right after an upload).
   */
  private ensureThumbnail(file: ThumbnailSource): Promise<boolean> {
    const thumbKey = thumbKeyOf(file.storage_key);
    if (!canHaveThumbnail(file.ext) || this.withoutThumbnail.has(thumbKey)) return Promise.resolve(false);
    let making = this.thumbnailsInFlight.get(thumbKey);
    if (!making) {
      making = (async () => {
        if (await this.deps.storage.exists(thumbKey)) return true;
        const thumbnail = await makeThumbnail(this.deps.storage, file.storage_key, file.ext, {
          renderPdf: this.deps.renderPdfPage,
          log: this.deps.log,
        });
        if (!thumbnail) {
          this.withoutThumbnail.add(thumbKey);
          return false;
        }
        await this.deps.storage.put(thumbKey, Readable.from([thumbnail]), {
          contentType: THUMBNAIL_CONTENT_TYPE,
        });
        return true;
      })().finally(() => this.thumbnailsInFlight.delete(thumbKey));
      this.thumbnailsInFlight.set(thumbKey, making);
    }
    return making;
  }

  private async toDocuments(rows: repo.DocumentRow[]): Promise<PetDocument[]> {
    const files = await repo.filesOf(
      this.deps.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      document_type: row.document_type as PetDocument['document_type'],
      area: row.area as PetDocument['area'],
      description: row.description,
      doc_url: encodeDocUrl(
        files
          .filter((file) => file.document_id === row.id)
          .map((file) => ({ url: fileUrl(file.id), type: file.ext })),
      ),
      created_at: row.created_at,
      created_by: row.created_by,
    }));
  }

  async list(userId: string, petId: string): Promise<PetDocument[]> {
    await this.deps.access.require(userId, petId, { action: 'read', resource: 'document' });
    return this.toDocuments(await listPetRows(this.deps.db, 'document', petId, 'newest first'));
  }

  private async one(documentId: string): Promise<PetDocument> {
    const row = await this.deps.db
      .selectFrom('document')
      .selectAll()
      .where('id', '=', documentId)
      .executeTakeFirst();
    if (!row) throw documentNotFound();
    return (await this.toDocuments([row]))[0]!;
  }

  /** POST /v1/document: the plan limit is checked in the insert transaction. */
  async create(userId: string, petId: string, body: DocumentCreateBody): Promise<PetDocument> {
    const { pet } = await this.deps.access.require(userId, petId, { action: 'create', resource: 'document' });
    // Issue 14.21: a species' own document type (Dog Tax) is refused for other animals.
    if (!documentTypeFitsPet(body.document_type, pet.pet_type)) {
      throw badRequest(
        'Bad_Request_Text',
        'document_type',
        `${body.document_type} is not kept for a ${pet.pet_type}`,
      );
    }
    const ids = decodeDocUrl(body.doc_url).map((entry) => fileIdOf(entry.url));
    const unique = [...new Set(ids)];
    if (ids.length === 0 || ids.some((id) => id === null) || unique.length !== ids.length) {
      throw badRequest('Document_Error', 'doc_url', 'doc_url must list files uploaded for this pet');
    }
    const id = await this.deps.db.transaction().execute(async (trx) => {
      const access = await this.deps.access.requireForInsert(trx, userId, petId, {
        action: 'create',
        resource: 'document',
      });
      const { ownerId } = access;
      await assertCanAddDocuments(trx, this.deps.kind, ownerId, (t) => repo.countUserDocuments(t, ownerId));
      const files = await repo.unclaimedFiles(trx, ownerId, petId, unique as string[]);
      if (files.length !== unique.length) {
        throw badRequest('Document_Error', 'doc_url', 'doc_url must list files uploaded for this pet');
      }
      const documentId = await repo.insertDocument(
        trx,
        {
          user_id: ownerId,
          created_by: userId,
          pet_id: petId,
          document_type: body.document_type,
          // The body schema refused a type the named area lacks, so this is never null.
          area: documentAreaOf(body.document_type, body.area) ?? 'document-safe',
          description: body.description.trim(),
        },
        unique as string[],
      );
      await this.deps.access.logActivity(trx, access, 'created', 'document', documentId, body.document_type);
      return documentId;
    });
    return this.one(id);
  }

  async updateDescription(userId: string, documentId: string, description: string): Promise<PetDocument> {
    await this.deps.db.transaction().execute(async (trx) => {
      const { row, access } = await this.deps.access.requireRow(
        userId,
        'document',
        documentId,
        { action: 'update', resource: 'document' },
        documentNotFound,
        { db: trx, lock: true },
      );
      await repo.updateDescription(trx, documentId, description.trim());
      await this.deps.access.logActivity(trx, access, 'updated', 'document', documentId, row.document_type);
    });
    return this.one(documentId);
  }

  /** Deletes the row (its file rows cascade) and its stored files, with a job as the safety net. */
  async delete(userId: string, documentId: string): Promise<void> {
    const keys = await this.deps.db.transaction().execute(async (trx) => {
      const { row, access } = await this.deps.access.requireRow(
        userId,
        'document',
        documentId,
        { action: 'delete', resource: 'document' },
        documentNotFound,
        { db: trx, lock: true },
      );
      const files = await repo.filesOf(trx, [documentId]);
      await deletePetRow(trx, 'document', documentId);
      await this.deps.access.logActivity(trx, access, 'deleted', 'document', documentId, row.document_type);
      // A thumbnail goes with its file (deleting a missing one is fine).
      const storageKeys = files.flatMap((file) => [file.storage_key, thumbKeyOf(file.storage_key)]);
      if (storageKeys.length > 0)
        await this.deps.jobs.schedule(DELETE_KEYS_JOB, { keys: storageKeys }, { trx });
      return storageKeys;
    });
    await Promise.all(keys.map((key) => this.deps.storage.delete(key))).catch((err) =>
      this.deps.log.warn({ err, documentId }, 'document files not deleted yet; the job will retry'),
    );
  }

  /**
   * After a paid plan has ended and its reactivation window passed, only the newest `keep`
   * documents of the user remain (account-area section 4). Storage is cleaned by delete(); safe
   * to run twice.
   */
  async keepNewest(userId: string, keep: number): Promise<number> {
    const surplus = await this.deps.db
      .selectFrom('document')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(keep)
      .limit(100_000)
      .execute();
    for (const { id } of surplus) {
      await this.delete(userId, id).catch((err: unknown) => {
        if ((err as { statusCode?: number }).statusCode !== 404) throw err;
      });
    }
    return surplus.length;
  }

  /** A stored file of a pet the caller may read documents of. */
  private readFile(userId: string, fileId: string) {
    const check = { action: 'read', resource: 'document' } as const;
    return this.deps.access.requireRow(userId, 'document_file', fileId, check, fileNotFound);
  }

  /** Streams one of the pet's files: attachment by default, inline for images and PDFs on request. */
  async sendFile(
    reply: FastifyReply,
    userId: string,
    fileId: string,
    inline: boolean,
  ): Promise<FastifyReply> {
    const { row: file, access } = await this.readFile(userId, fileId);
    const document = file.document_id
      ? await this.deps.db
          .selectFrom('document')
          .select('document_type')
          .where('id', '=', file.document_id)
          .executeTakeFirst()
      : undefined;
    const base = [access.pet.name, document?.document_type, file.position + 1].filter(Boolean).join('-');
    return sendStoredFile(reply, this.deps.storage, file.storage_key, {
      disposition: inline ? 'inline' : 'attachment',
      downloadName: `${base || 'document'}.${file.ext}`,
      maxAgeSeconds: 300,
    });
  }

  /**
   * Job: removes uploaded files that no document claimed. Rows go first and atomically (only those
   * still unclaimed), so a document claiming a file at the same moment never loses it.
   */
  async discardUnclaimed(fileIds: readonly string[]): Promise<void> {
    if (fileIds.length === 0) return;
    const removed = await this.deps.db
      .deleteFrom('document_file')
      .where('id', 'in', fileIds)
      .where('document_id', 'is', null)
      .returning('storage_key')
      .execute();
    for (const file of removed) {
      await this.deps.storage.delete(file.storage_key);
      await this.deps.storage.delete(thumbKeyOf(file.storage_key));
    }
  }

  /**
   * GET /v1/document/thumbnail: the owner's file's thumbnail, or 404 when it has none. One asked
   * for before the job made it (a list opened right after the upload) is made now.
   */
  async sendThumbnail(reply: FastifyReply, userId: string, fileId: string): Promise<FastifyReply> {
    const { row: file } = await this.readFile(userId, fileId);
    const thumbKey = thumbKeyOf(file.storage_key);
    if (!(await this.deps.storage.exists(thumbKey)) && (await this.deps.storage.exists(file.storage_key))) {
      await this.ensureThumbnail(file);
    }
    return sendStoredFile(reply, this.deps.storage, thumbKeyOf(file.storage_key), {
      disposition: 'inline',
      downloadName: 'thumbnail.webp',
      maxAgeSeconds: 3600,
    });
  }

  /** For the storage reconciler: every key a document file row names (thumbnails are optional). */
  storageOwner(): StorageKeyOwner {
    return {
      name: 'document files',
      keys: async () =>
        (await this.deps.db.selectFrom('document_file').select('storage_key').execute()).map(
          (row) => row.storage_key,
        ),
      optionalKeys: async () =>
        (await this.deps.db.selectFrom('document_file').select('storage_key').execute()).map((row) =>
          thumbKeyOf(row.storage_key),
        ),
      named: async (keys) =>
        (
          await this.deps.db
            .selectFrom('document_file')
            .select('storage_key')
            .where('storage_key', 'in', keys)
            .execute()
        ).map((row) => row.storage_key),
    };
  }
}
