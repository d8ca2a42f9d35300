import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { notFound } from '../errors.ts';
import { BaseFileStorage, type BaseStorageOptions } from './base.ts';
import { assertValidKey, assertValidPrefix } from './keys.ts';
import { normalizeContentType, StreamMeter } from './stream-meter.ts';
import type { PutOptions, PutResult, StoredFile, StoredObjectInfo } from './types.ts';

/** S3's minimum part size (all parts but the last); also the size of each part buffer. */
export const S3_PART_SIZE = 5 * 1024 * 1024;

export interface S3StorageOptions extends BaseStorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, Ceph, R2, s3rver); unset means AWS. */
  endpoint?: string | null;
  forcePathStyle?: boolean;
  /** Unset: the SDK's default provider chain (env, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | null;
  /** Bytes per part, at least 5 MiB. */
  partSize?: number;
  /**
   * Parts uploaded at once (default 1: one part uploads while the next one fills). Memory per upload
   * stays near (partConcurrency + 1) * partSize, so many parallel uploads stay affordable.
   */
  partConcurrency?: number;
  /** Extra client settings (tests). */
  clientConfig?: S3ClientConfig;
}

const statusOf = (err: unknown): number | undefined =>
  (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const isNotFound = (err: unknown): boolean => {
  const name = (err as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(err) === 404;
};

/**
 * An S3-compatible bucket. Uploads stream through bounded part buffers: under one part a single
 * PutObject, otherwise a multipart upload that is aborted (AbortMultipartUpload) on any failure,
 * so neither an object nor parts remain. (A lifecycle rule "abort incomplete multipart uploads after
 * 1 day" on the bucket covers a process that dies mid-upload.)
 */
export class S3FileStorage extends BaseFileStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  private readonly partSize: number;
  private readonly partConcurrency: number;

  constructor(options: S3StorageOptions) {
    super(options);
    this.bucket = options.bucket;
    this.partSize = Math.max(options.partSize ?? S3_PART_SIZE, S3_PART_SIZE);
    this.partConcurrency = Math.max(1, Math.min(options.partConcurrency ?? 1, 8));
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Only what the operation requires: many S3-compatible stores reject the newer default checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...options.clientConfig,
    });
  }

  private warn(obj: object, msg: string): void {
    this.logger?.warn(obj, msg);
  }

  async put(key: string, source: Readable, options: PutOptions): Promise<PutResult> {
    assertValidKey(key);
    const contentType = normalizeContentType(options.contentType);
    const meter = new StreamMeter(options.maxBytes);
    const Bucket = this.bucket;
    const Key = key;

    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const takePending = (): Buffer => {
      const body = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      return body;
    };

    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    const inflight = new Set<Promise<void>>();
    const cancel = new AbortController();
    let partFailure: { error: unknown } | undefined;
    /** Set while a request that writes the final key (PutObject, Complete) runs: its outcome is unknown on error. */
    let finalWriteSent = false;

    const throwIfPartFailed = () => {
      if (partFailure) throw partFailure.error;
    };
    const uploadPart = async (body: Buffer) => {
      while (inflight.size >= this.partConcurrency) await Promise.race(inflight);
      throwIfPartFailed();
      if (!uploadId) {
        const created = await this.client.send(
          new CreateMultipartUploadCommand({ Bucket, Key, ContentType: contentType }),
          { abortSignal: cancel.signal },
        );
        if (!created.UploadId) throw new Error('S3 returned no UploadId');
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      const slot: CompletedPart = { PartNumber };
      parts.push(slot);
      const task = this.client
        .send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: body }), {
          abortSignal: cancel.signal,
        })
        .then(
          (result) => {
            slot.ETag = result.ETag;
          },
          (error: unknown) => {
            partFailure ??= { error };
          },
        )
        .finally(() => inflight.delete(task));
      inflight.add(task);
    };

    try {
      for await (const chunk of meter.chunks(source)) {
        throwIfPartFailed();
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= this.partSize) await uploadPart(takePending());
      }
      if (!uploadId) {
        const body = takePending();
        finalWriteSent = true;
        await this.client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: body,
            ContentType: contentType,
            ContentLength: body.length,
          }),
        );
      } else {
        if (pendingBytes > 0) await uploadPart(takePending());
        await Promise.all(inflight);
        throwIfPartFailed();
        finalWriteSent = true;
        await this.client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
      }
      return { key, size: meter.size };
    } catch (err) {
      if (!source.destroyed) source.destroy();
      pending = [];
      cancel.abort();
      await Promise.allSettled(inflight);
      if (uploadId) {
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
          .catch((abortError: unknown) =>
            this.warn({ err: abortError, key, uploadId }, 'could not abort a failed multipart upload'),
          );
      }
      if (finalWriteSent) {
        // The store may have written the object before the error reached us: remove it.
        await this.client
          .send(new DeleteObjectCommand({ Bucket, Key }))
          .catch((deleteError: unknown) =>
            this.warn({ err: deleteError, key }, 'could not remove the object of a failed upload'),
          );
      }
      throw err;
    }
  }

  protected async getObject(key: string): Promise<StoredFile> {
    assertValidKey(key);
    let result;
    try {
      result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (isNotFound(err)) throw notFound('File not found');
      throw err;
    }
    const body = result.Body;
    if (!(body instanceof Readable)) throw new Error('S3 returned no readable body');
    return {
      stream: body,
      size: result.ContentLength ?? 0,
      contentType: result.ContentType ?? 'application/octet-stream',
    };
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertValidPrefix(prefix, { allowEmpty: false });
    let deleted = 0;
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }),
      );
      const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => !!k);
      if (keys.length > 0) {
        const result = await this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = result.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0];
          throw new Error(
            `S3 could not delete ${failed.length} object(s) under ${prefix}: ${first?.Code ?? ''}`,
          );
        }
        deleted += keys.length;
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return deleted;
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async list(prefix: string): Promise<string[]> {
    return (await this.listObjects(prefix)).map((object) => object.key);
  }

  async listObjects(prefix: string): Promise<StoredObjectInfo[]> {
    assertValidPrefix(prefix, { allowEmpty: true });
    const objects: StoredObjectInfo[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) objects.push({ key: object.Key, modifiedAt: object.LastModified ?? new Date(0) });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /** S3 has no rename: a server-side copy (metadata and type kept), then the source is deleted. */
  async move(from: string, to: string): Promise<void> {
    assertValidKey(from);
    assertValidKey(to);
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: to,
          CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
          MetadataDirective: 'COPY',
        }),
      );
    } catch (err) {
      if (isNotFound(err)) throw notFound('File not found');
      throw err;
    }
    await this.delete(from);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
