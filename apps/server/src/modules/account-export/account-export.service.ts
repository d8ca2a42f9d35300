import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import {
  DATA_EXPORT_DOWNLOAD_PATH,
  DATA_EXPORT_FILE_PATH,
  DATA_EXPORT_TTL_DAYS,
  userLanguageToUi,
  type BrandConfig,
  type DataExport,
  type UiLanguage,
} from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import { defineJob, type JobQueue, type JobRow } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { notFound } from '../../platform/errors.ts';
import { TooManyRequestsError, type RateLimiter, type RateLimitRule } from '../../platform/rate-limit.ts';
import { ownerKeyPrefix, type FileStorage } from '../../platform/storage/index.ts';
import { toCsv } from './csv.ts';
import { DATA_EXPORT_MAIL, renderExportReadyMail } from './account-export.mails.ts';
import * as repo from './account-export.repo.ts';
import { renderReadme } from './readme.ts';
import { writeZip, type ZipEntry } from './zip-writer.ts';

/** The user id is in the payload so that the account purge finds the jobs naming the user. */
const exportJobPayload = z.object({ exportId: z.string(), userId: z.string() });
export const BUILD_EXPORT_JOB = defineJob('data-export.build', exportJobPayload);
export const EXPIRE_EXPORT_JOB = defineJob('data-export.expire', exportJobPayload);

/** Builds are retried twice (with the queue's backoff) before the export counts as failed. */
const BUILD_ATTEMPTS = 3;
const TTL_MS = DATA_EXPORT_TTL_DAYS * 24 * 3600 * 1000;
/** The mailed download token: 192 random bits (base64url, 32 characters); only its hash is stored. */
const TOKEN_BYTES = 24;
/** Progress is written at most this often while files go into the ZIP (and at the end). */
const PROGRESS_EVERY_MS = 250;

export const DATA_EXPORT_LIMITS = {
  /** New exports per user: building one reads every file of the account. */
  startPerUser: { window: 3600, max: 5 } satisfies RateLimitRule,
  /** Mailed-link downloads per client address (guessing a 192-bit token is hopeless anyway). */
  downloadPerIp: { window: 600, max: 60 } satisfies RateLimitRule,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A name readable in a file manager and valid on every system: no separators or reserved signs. */
export function readableName(name: string, fallback: string): string {
  const clean = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 60)
    .trim();
  return clean || fallback;
}

const short = (id: string) => id.replace(/-/g, '').slice(0, 8);
const day = (iso: string) => iso.slice(0, 10);

const IMAGE_EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
};
const extOfKey = (key: string) => /\.([a-z0-9]{1,10})$/.exec(key)?.[1] ?? 'bin';
/** Text-like uploads compress well; everything else is stored as it is. */
const COMPRESSIBLE = new Set(['txt', 'csv', 'json', 'xml', 'svg', 'rtf', 'bmp', 'tif', 'tiff']);

export interface DataExportServiceDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  jobs: JobQueue;
  mailer: Mailer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  brandForPartner: (partnerId: string) => BrandConfig;
  originForBrand: (brand: BrandConfig) => string;
  /** Each pet's emergency file (emergency module), no plan rule: the owner's own data. */
  emergencyFiles: (
    userId: string,
    brand: BrandConfig,
    language: UiLanguage,
  ) => Promise<Array<{ petId: string; petName: string; pdf: Buffer }>>;
  /** The user's paid orders with their invoice (and credit note) numbers (subscription module). */
  bills: (userId: string) => Promise<Array<{ id: string; invoice: string; creditNote: string | null }>>;
  /** An invoice or credit note PDF of the user's order (subscription module). */
  billPdf: (userId: string, orderId: string, document: 'invoice' | 'credit_note') => Promise<Buffer>;
  now: () => Date;
}

/**
 * The full data export (GDPR Art. 20, issue 17): POST starts a durable job that streams one ZIP of
 * every record (JSON and CSV), every upload, the emergency files and the invoices into the file
 * storage, with its progress in the row; when it is ready the owner gets a mail with a link that
 * downloads it for 7 days without signing in, then another job deletes it. On every plan.
 */
export class DataExportService {
  /** Least time between two progress writes while files go into the ZIP (tests set 0). */
  progressEveryMs = PROGRESS_EVERY_MS;

  constructor(private readonly deps: DataExportServiceDeps) {}

  /** GET /v1/account/export: the latest export (null: none asked for). */
  async status(userId: string): Promise<DataExport | null> {
    const row = await repo.latestExport(this.deps.db, userId);
    return row ? this.toApi(row) : null;
  }

  /**
   * POST /v1/account/export: a running (or queued) export is answered as it is; otherwise a new
   * one starts (rate-limited per user). Parallel calls start one: the row's active_user_id is unique.
   */
  async start(userId: string): Promise<DataExport> {
    const { db } = this.deps;
    const running = await repo.activeExport(db, userId);
    if (running) return this.toApi(running);
    const owner = await repo.recipient(db, userId);
    if (!owner) throw notFound('User not found');
    const id = randomUUID();
    const now = this.deps.now().toISOString();
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('data_export')
          .values({
            id,
            user_id: userId,
            active_user_id: userId,
            status: 'queued',
            language: userLanguageToUi(owner.language),
            partner_id: owner.partner_id,
            files_done: 0,
            files_total: 0,
            storage_key: null,
            size: null,
            token_hash: null,
            mailed_at: null,
            error: null,
            created_at: now,
            started_at: null,
            finished_at: null,
            expires_at: null,
            updated_at: now,
          })
          .execute();
        // Counted only for the request whose insert won (parallel calls answer that one); over the
        // limit, the insert is rolled back.
        await this.deps.limiter.enforce([`export:start:user:${userId}`, DATA_EXPORT_LIMITS.startPerUser]);
        await this.deps.jobs.schedule(
          BUILD_EXPORT_JOB,
          { exportId: id, userId },
          { trx, dedupeKey: `data-export:${id}`, maxAttempts: BUILD_ATTEMPTS },
        );
      });
    } catch (err) {
      if (err instanceof TooManyRequestsError) throw err;
      // Another request started one at the same moment: answer that one.
      const other = await repo.activeExport(db, userId);
      if (other) return this.toApi(other);
      throw err;
    }
    return this.toApi((await repo.findExport(db, id))!);
  }

  /** The ZIP of the user's ready export (signed-in download); 404 when there is none. */
  async ownFile(userId: string): Promise<{ key: string; name: string }> {
    const row = await repo.latestExport(this.deps.db, userId);
    if (!row || !this.isDownloadable(row)) throw notFound('No data export ready');
    return { key: row.storage_key!, name: this.downloadName(row) };
  }

  /** The ZIP of a mailed link; 404 for an unknown, replaced or expired token. */
  async fileOfToken(token: string, ip: string): Promise<{ key: string; name: string }> {
    await this.deps.limiter.enforce([`export:download:ip:${ip}`, DATA_EXPORT_LIMITS.downloadPerIp]);
    const row = await repo.findByTokenHash(this.deps.db, hashToken(token));
    if (!row || !this.isDownloadable(row)) throw notFound('No such data export');
    return { key: row.storage_key!, name: this.downloadName(row) };
  }

  /** The build job. Idempotent: a ready export is only mailed (once); a rerun rewrites the same key. */
  async build(exportId: string, job: Pick<JobRow, 'attempts' | 'max_attempts'>): Promise<void> {
    const { db } = this.deps;
    const row = await repo.findExport(db, exportId);
    if (!row || row.status === 'expired' || row.status === 'failed') return;
    if (row.status === 'ready') {
      if (!row.mailed_at) await this.mailReady(row);
      return;
    }
    const key = `${ownerKeyPrefix({ userId: row.user_id })}exports/${row.id}.zip`;
    try {
      await this.writeExport(row, key);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const last = job.attempts >= job.max_attempts;
      await db
        .updateTable('data_export')
        .set({
          status: last ? 'failed' : 'queued',
          active_user_id: last ? null : row.user_id,
          error: message.slice(0, 500),
          finished_at: last ? this.deps.now().toISOString() : null,
          updated_at: this.deps.now().toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
      if (last) await this.deps.storage.delete(key).catch(() => undefined);
      throw err;
    }
    const ready = await repo.findExport(db, exportId);
    if (!ready) {
      // The account was deleted while the ZIP was written: nothing may stay behind.
      await this.deps.storage.delete(key);
      return;
    }
    await this.mailReady(ready);
    await this.retireOlder(ready);
  }

  /** The expiry job: the ZIP is deleted and the export shows as expired. Idempotent. */
  async expire(exportId: string): Promise<void> {
    const row = await repo.findExport(this.deps.db, exportId);
    if (!row || row.status !== 'ready') return;
    if (row.storage_key) await this.deps.storage.delete(row.storage_key);
    await this.deps.db
      .updateTable('data_export')
      .set({
        status: 'expired',
        storage_key: null,
        token_hash: null,
        updated_at: this.deps.now().toISOString(),
      })
      .where('id', '=', row.id)
      .execute();
  }

  private async writeExport(row: repo.DataExportRow, key: string): Promise<void> {
    const { db } = this.deps;
    const startedAt = this.deps.now();
    await db
      .updateTable('data_export')
      .set({ status: 'running', started_at: startedAt.toISOString(), updated_at: startedAt.toISOString() })
      .where('id', '=', row.id)
      .execute();
    const entries = await this.plan(row, startedAt);
    await db
      .updateTable('data_export')
      .set({ files_total: entries.length, files_done: 0, updated_at: this.deps.now().toISOString() })
      .where('id', '=', row.id)
      .execute();
    let lastWrite = 0;
    const result = await writeZip(this.deps.storage, key, entries, {
      date: startedAt,
      onEntry: async (done) => {
        const at = Date.now();
        if (done < entries.length && at - lastWrite < this.progressEveryMs) return;
        lastWrite = at;
        await db
          .updateTable('data_export')
          .set({ files_done: done, updated_at: this.deps.now().toISOString() })
          .where('id', '=', row.id)
          .execute();
      },
    });
    const finished = this.deps.now();
    const expiresAt = new Date(finished.getTime() + TTL_MS);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('data_export')
        .set({
          status: 'ready',
          active_user_id: null,
          storage_key: key,
          size: result.size,
          files_done: entries.length,
          error: null,
          finished_at: finished.toISOString(),
          expires_at: expiresAt.toISOString(),
          updated_at: finished.toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
      await this.deps.jobs.schedule(
        EXPIRE_EXPORT_JOB,
        { exportId: row.id, userId: row.user_id },
        { trx, runAt: expiresAt, dedupeKey: `data-export-expire:${row.id}` },
      );
    });
  }

  /** Everything that goes into the ZIP, in order; contents are read when their turn comes. */
  private async plan(row: repo.DataExportRow, createdAt: Date): Promise<ZipEntry[]> {
    const { db, storage } = this.deps;
    const userId = row.user_id;
    const language: UiLanguage = row.language === 'de' ? 'de' : 'en';
    const brand = this.deps.brandForPartner(row.partner_id);
    const entries: ZipEntry[] = [];
    const pets = new Map((await repo.petNames(db, userId)).map((p) => [p.id, p.name]));
    const petFolder = (petId: string) =>
      `files/pets/${readableName(pets.get(petId) ?? '', 'pet')} (${short(petId)})`;

    // Uploaded files first (their paths go into the data files).
    const files: ZipEntry[] = [];
    const avatar = await repo.avatarKey(db, userId);
    let avatarPath: string | null = null;
    if (avatar) {
      avatarPath = `files/account/profile-picture.${extOfKey(avatar)}`;
      files.push({ name: avatarPath, store: true, content: async () => (await storage.get(avatar)).stream });
    }
    for (const pet of await repo.petPhotos(db, userId)) {
      const photoKey = pet.image_key!;
      files.push({
        name: `${petFolder(pet.id)}/photo.${extOfKey(photoKey)}`,
        store: true,
        content: async () => (await storage.get(photoKey)).stream,
      });
    }
    const fileLocations = new Map<string, string>();
    for (const file of await repo.documentFiles(db, userId)) {
      const area = file.area === 'vet-findings' ? 'vet-findings' : 'documents';
      const document = file.document_id
        ? `${day(file.document_created_at ?? file.created_at)} ${readableName(file.document_type ?? '', 'document')} (${short(file.document_id)})`
        : 'not-attached';
      const ext = IMAGE_EXT[file.mime] ?? file.ext;
      const name = `${petFolder(file.pet_id)}/${area}/${document}/${file.position + 1}-${short(file.id)}.${ext}`;
      fileLocations.set(file.id, name);
      files.push({
        name,
        store: !COMPRESSIBLE.has(file.ext),
        content: async () => (await storage.get(file.storage_key)).stream,
      });
    }

    // The records, each kind as JSON and CSV.
    const sections: string[] = [];
    for (const section of repo.DATA_SECTIONS) {
      let records = (await section.rows(db, userId)).map(repo.exportRecord);
      if (section.name === 'profile') records = records.map((r) => ({ ...r, profile_picture: avatarPath }));
      if (section.name === 'pets') {
        records = records.map(({ image_key: _key, ...r }) => ({
          ...r,
          photo: _key ? `${petFolder(String(r.id))}/photo.${extOfKey(String(_key))}` : null,
        }));
      }
      entries.push(...this.dataEntries(section.name, records));
      sections.push(section.name);
    }
    const fileRecords = (await repo.documentFiles(db, userId)).map((file) =>
      repo.exportRecord({
        id: file.id,
        document_id: file.document_id,
        pet_id: file.pet_id,
        ext: file.ext,
        mime: file.mime,
        size: file.size,
        position: file.position,
        created_at: file.created_at,
        file_in_export: fileLocations.get(file.id) ?? null,
      }),
    );
    entries.push(...this.dataEntries('document-files', fileRecords));
    sections.push('document-files');
    entries.unshift({
      name: 'README.txt',
      content: async () =>
        renderReadme(language, { brandName: brand.name, createdAt, sections }).replace(/\n/g, '\r\n'),
    });
    entries.push(...files);

    for (const file of await this.deps.emergencyFiles(userId, brand, language)) {
      entries.push({
        name: `emergency-files/${readableName(file.petName, 'pet')} (${short(file.petId)}).pdf`,
        store: true,
        content: async () => file.pdf,
      });
    }
    for (const bill of await this.deps.bills(userId)) {
      entries.push({
        name: `invoices/${readableName(bill.invoice, short(bill.id))}.pdf`,
        store: true,
        content: () => this.deps.billPdf(userId, bill.id, 'invoice'),
      });
      if (bill.creditNote) {
        entries.push({
          name: `invoices/${readableName(bill.creditNote, short(bill.id))}.pdf`,
          store: true,
          content: () => this.deps.billPdf(userId, bill.id, 'credit_note'),
        });
      }
    }
    return entries;
  }

  private dataEntries(name: string, records: repo.ExportRecord[]): ZipEntry[] {
    return [
      { name: `data/${name}.json`, content: async () => `${JSON.stringify(records, null, 2)}\n` },
      { name: `data/${name}.csv`, content: async () => toCsv(records) },
    ];
  }

  /** A new download token (the old one stops working) and the mail with its link; marks it mailed. */
  private async mailReady(row: repo.DataExportRow): Promise<void> {
    const owner = await repo.recipient(this.deps.db, row.user_id);
    if (!owner || !row.expires_at) return;
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    await this.deps.db
      .updateTable('data_export')
      .set({ token_hash: hashToken(token), updated_at: this.deps.now().toISOString() })
      .where('id', '=', row.id)
      .execute();
    const brand = this.deps.brandForPartner(row.partner_id);
    const origin = this.deps.originForBrand(brand);
    await this.deps.mailer.send({
      to: owner.email,
      kind: DATA_EXPORT_MAIL,
      partnerId: brand.partnerId,
      ...renderExportReadyMail({
        brand,
        language: row.language === 'de' ? 'de' : 'en',
        origin,
        name: owner.name,
        downloadUrl: `${origin}${DATA_EXPORT_DOWNLOAD_PATH}?token=${token}`,
        expiresAt: new Date(row.expires_at),
        size: Number(row.size ?? 0),
      }),
    });
    await this.deps.db
      .updateTable('data_export')
      .set({ mailed_at: this.deps.now().toISOString() })
      .where('id', '=', row.id)
      .execute();
  }

  /** A new export replaces the user's earlier ready ones: their files go at once. */
  private async retireOlder(current: repo.DataExportRow): Promise<void> {
    const older = await this.deps.db
      .selectFrom('data_export')
      .select('id')
      .where('user_id', '=', current.user_id)
      .where('id', '!=', current.id)
      .where('status', '=', 'ready')
      .execute();
    for (const { id } of older) await this.expire(id);
  }

  private isDownloadable(row: repo.DataExportRow): boolean {
    return (
      row.status === 'ready' &&
      row.storage_key !== null &&
      row.expires_at !== null &&
      new Date(row.expires_at).getTime() > this.deps.now().getTime()
    );
  }

  private downloadName(row: repo.DataExportRow): string {
    const brand = this.deps.brandForPartner(row.partner_id);
    const label = row.language === 'de' ? 'Datenexport' : 'data-export';
    return `${readableName(brand.name, 'export').replace(/ /g, '-')}-${label}-${day(row.finished_at ?? row.created_at)}.zip`;
  }

  private toApi(row: repo.DataExportRow): DataExport {
    const expired = row.status === 'ready' && !this.isDownloadable(row);
    const status = expired ? 'expired' : row.status;
    const progress =
      status === 'ready'
        ? 100
        : row.files_total > 0
          ? Math.min(100, Math.floor((row.files_done * 100) / row.files_total))
          : 0;
    return {
      id: row.id,
      status,
      progress,
      files_done: row.files_done,
      files_total: row.files_total,
      size: row.size === null ? null : Number(row.size),
      created_at: row.created_at,
      finished_at: row.finished_at,
      expires_at: row.expires_at,
      download_url: status === 'ready' ? DATA_EXPORT_FILE_PATH : null,
    };
  }
}
