import type { Readable } from 'node:stream';
import { finishPendingMove } from './finish-pending.ts';
import { UrlSigner } from './signing.ts';
import type {
  FileStorage,
  PutOptions,
  PutResult,
  SignedUrlGrant,
  SignedUrlOptions,
  StorageLogger,
  StoredFile,
  StoredObjectInfo,
} from './types.ts';

export interface BaseStorageOptions {
  /** HMAC secret of signed URLs (at least 32 bytes). */
  urlSecret: string | Buffer;
  logger?: StorageLogger;
  /** For tests: the clock signed URLs use. */
  now?: () => number;
}

/** Signed URLs are the same for every adapter; adapters implement the object operations. */
export abstract class BaseFileStorage implements FileStorage {
  abstract readonly kind: FileStorage['kind'];
  private readonly signer: UrlSigner;
  protected readonly logger: StorageLogger | undefined;

  protected constructor(options: BaseStorageOptions) {
    this.signer = new UrlSigner(options.urlSecret, options.now);
    this.logger = options.logger;
  }

  signedUrl(key: string, options: SignedUrlOptions): string {
    return this.signer.sign(key, options);
  }

  verifySignedUrl(key: string, query: Record<string, unknown>): SignedUrlGrant | null {
    return this.signer.verify(key, query);
  }

  /**
   * A key is read because a committed row names it: when its bytes are still under pending/ (a
   * crash between the row's commit and the move), the move is finished first (issue 40.1).
   */
  async get(key: string): Promise<StoredFile> {
    try {
      return await this.getObject(key);
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode !== 404 || !(await finishPendingMove(this, key)))
        throw err;
      return this.getObject(key);
    }
  }

  abstract put(key: string, source: Readable, options: PutOptions): Promise<PutResult>;
  /** The adapter's read of one object: 404 AppError when missing. */
  protected abstract getObject(key: string): Promise<StoredFile>;
  abstract delete(key: string): Promise<void>;
  abstract deletePrefix(prefix: string): Promise<number>;
  abstract exists(key: string): Promise<boolean>;
  abstract list(prefix: string): Promise<string[]>;
  abstract listObjects(prefix: string): Promise<StoredObjectInfo[]>;
  abstract move(from: string, to: string): Promise<void>;
  abstract close(): Promise<void>;
}
