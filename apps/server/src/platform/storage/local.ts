import { randomUUID } from 'node:crypto';
import fs, { type FileHandle } from 'node:fs/promises';
import type { Dirent, WriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { notFound } from '../errors.ts';
import { BaseFileStorage, type BaseStorageOptions } from './base.ts';
import { assertValidKey, assertValidPrefix } from './keys.ts';
import { contentTypeForKey, normalizeContentType, StreamMeter } from './stream-meter.ts';
import type { PutOptions, PutResult, StoredFile, StoredObjectInfo } from './types.ts';

export interface LocalStorageOptions extends BaseStorageOptions {
  /** Root folder, normally `${DATA_DIR}/files`; created on demand. */
  dir: string;
}

interface LocalMetadata {
  contentType: string;
  size: number;
}

const code = (err: unknown): string | undefined => (err as NodeJS.ErrnoException | null)?.code;
const isMissing = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes(code(err) ?? '');

async function removeQuietly(file: string): Promise<void> {
  await fs.rm(file, { force: true }).catch(() => undefined);
}

/** Bytes the temp file's write stream buffers before it pushes back on the upload (writev batches). */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/** Makes a rename durable. Platforms that cannot fsync a directory (EINVAL, EISDIR, EPERM) are skipped. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch (err) {
    if (!['EINVAL', 'EISDIR', 'EPERM'].includes(code(err) ?? '')) throw err;
  } finally {
    await handle?.close();
  }
}

/**
 * Files under one folder, a key's segments as the path. Each object has a hidden sidecar
 * `.{name}.meta` with its content type and size; temporary files are `.tmp-{uuid}` in the
 * target's own folder (same file system, so the final rename is atomic). Names starting with a dot
 * are never keys (keys.ts), so neither can collide with an object.
 */
export class LocalFileStorage extends BaseFileStorage {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(options: LocalStorageOptions) {
    super(options);
    this.root = path.resolve(options.dir);
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  private static metaPathOf(file: string): string {
    return path.join(path.dirname(file), `.${path.basename(file)}.meta`);
  }

  /** Removes now-empty folders from `dir` up to (not including) `stop`; stops at the first non-empty one. */
  private async pruneEmptyDirs(dir: string, stop: string = this.root): Promise<void> {
    let current = dir;
    while (current.startsWith(this.root + path.sep) && current !== stop) {
      try {
        await fs.rmdir(current);
      } catch {
        return;
      }
      current = path.dirname(current);
    }
  }

  /** Creates the folder and an exclusive temp file; retried when a concurrent prune removed the folder. */
  private async openTemp(dir: string, tmp: string): Promise<FileHandle> {
    for (let attempt = 0; ; attempt++) {
      await fs.mkdir(dir, { recursive: true });
      try {
        return await fs.open(tmp, 'wx', 0o600);
      } catch (err) {
        if (code(err) !== 'ENOENT' || attempt >= 3) throw err;
      }
    }
  }

  async put(key: string, source: Readable, options: PutOptions): Promise<PutResult> {
    const target = this.pathOf(key);
    const contentType = normalizeContentType(options.contentType);
    const meter = new StreamMeter(options.maxBytes);
    const dir = path.dirname(target);
    const tmp = path.join(dir, `.tmp-${randomUUID()}`);
    const metaTmp = `${tmp}.meta`;
    const metaFinal = LocalFileStorage.metaPathOf(target);
    let handle: FileHandle | undefined;
    let out: WriteStream | undefined;
    let metaPlaced = false;
    let filePlaced = false;
    try {
      handle = await this.openTemp(dir, tmp);
      // The stream owns the handle from here: `flush` makes its close one fsync, then close; the
      // pipeline resolves only once that is done (and fails if the fsync fails).
      out = handle.createWriteStream({ flush: true, highWaterMark: WRITE_BUFFER_BYTES });
      handle = undefined;
      await pipeline(source, (chunks) => meter.chunks(chunks), out);
      const meta: LocalMetadata = { contentType, size: meter.size };
      // The sidecar is not fsynced on its own: the directory fsync below makes both renames
      // durable, and a sidecar whose bytes a crash lost reads as missing (the type is then
      // guessed from the key's extension, see contentTypeOf).
      await fs.writeFile(metaTmp, JSON.stringify(meta), { flag: 'wx', mode: 0o600 });
      await fs.rename(metaTmp, metaFinal);
      metaPlaced = true;
      await fs.rename(tmp, target);
      filePlaced = true;
      await syncDirectory(dir);
      return { key, size: meta.size };
    } catch (err) {
      if (!source.destroyed) source.destroy();
      await handle?.close().catch(() => undefined);
      // A failed pipeline destroys the stream, which closes the handle: wait for it.
      const stream = out;
      if (stream && !stream.closed)
        await new Promise<void>((resolve) => stream.once('close', () => resolve()));
      await Promise.all([
        removeQuietly(tmp),
        removeQuietly(metaTmp),
        metaPlaced ? removeQuietly(metaFinal) : undefined,
        filePlaced ? removeQuietly(target) : undefined,
      ]);
      await this.pruneEmptyDirs(dir);
      throw err;
    }
  }

  private async contentTypeOf(file: string, key: string): Promise<string> {
    try {
      const meta = JSON.parse(
        await fs.readFile(LocalFileStorage.metaPathOf(file), 'utf8'),
      ) as Partial<LocalMetadata>;
      if (typeof meta.contentType === 'string') return meta.contentType;
    } catch (err) {
      if (!isMissing(err) && !(err instanceof SyntaxError)) throw err;
    }
    this.logger?.warn({ key }, 'stored file has no metadata; content type guessed from its extension');
    return contentTypeForKey(key);
  }

  protected async getObject(key: string): Promise<StoredFile> {
    const file = this.pathOf(key);
    let handle: FileHandle;
    try {
      handle = await fs.open(file, 'r');
    } catch (err) {
      if (isMissing(err)) throw notFound('File not found');
      throw err;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw notFound('File not found');
      const contentType = await this.contentTypeOf(file, key);
      return { stream: handle.createReadStream(), size: stat.size, contentType };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await fs.unlink(file);
    } catch (err) {
      // Missing, or a folder (a key's path can be the parent of other keys): nothing to delete.
      if (!isMissing(err) && !['EISDIR', 'EPERM'].includes(code(err) ?? '')) throw err;
    }
    await fs.rm(LocalFileStorage.metaPathOf(file), { force: true });
    await this.pruneEmptyDirs(path.dirname(file));
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertValidPrefix(prefix, { allowEmpty: false });
    const dir = path.join(this.root, ...prefix.split('/').filter(Boolean));
    try {
      if (!(await fs.lstat(dir)).isDirectory()) return 0;
    } catch (err) {
      if (isMissing(err)) return 0;
      throw err;
    }
    const count = (await this.list(prefix)).length;
    await fs.rm(dir, { recursive: true, force: true, maxRetries: 3 });
    await this.pruneEmptyDirs(path.dirname(dir));
    return count;
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async list(prefix: string): Promise<string[]> {
    assertValidPrefix(prefix, { allowEmpty: true });
    const keys: string[] = [];
    const walk = async (dir: string, relative: string): Promise<void> => {
      let entries;
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${relative}${entry.name}/`);
        else if (entry.isFile()) keys.push(`${relative}${entry.name}`);
      }
    };
    await walk(path.join(this.root, ...prefix.split('/').filter(Boolean)), prefix);
    return keys.sort();
  }

  async listObjects(prefix: string): Promise<StoredObjectInfo[]> {
    const objects: StoredObjectInfo[] = [];
    for (const key of await this.list(prefix)) {
      const stat = await fs.stat(this.pathOf(key)).catch((err: unknown) => {
        if (isMissing(err)) return null;
        throw err;
      });
      if (stat) objects.push({ key, modifiedAt: stat.mtime });
    }
    return objects;
  }

  /** Two renames (sidecar, then file) on one file system and one fsync of the target folder. */
  async move(from: string, to: string): Promise<void> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    const dir = path.dirname(target);
    for (let attempt = 0; ; attempt++) {
      await fs.mkdir(dir, { recursive: true });
      try {
        await fs.rename(LocalFileStorage.metaPathOf(source), LocalFileStorage.metaPathOf(target));
      } catch (err) {
        // A sidecar lost in a crash: the type is then guessed from the extension (contentTypeOf).
        if (!isMissing(err)) throw err;
      }
      try {
        await fs.rename(source, target);
        break;
      } catch (err) {
        if (!isMissing(err)) throw err;
        if (!(await this.exists(from))) throw notFound('File not found');
        // A concurrent prune removed the target folder between mkdir and rename: again.
        if (attempt >= 3) throw err;
      }
    }
    await syncDirectory(dir);
    await this.pruneEmptyDirs(path.dirname(source));
  }

  /**
   * Removes temporary files left by a process that died mid-upload (they are never objects; an
   * upload in progress in a live process is younger than `olderThanMs`). Answers how many went.
   */
  async sweepTemporaryFiles(olderThanMs: number): Promise<number> {
    let removed = 0;
    const cutoff = Date.now() - olderThanMs;
    const walk = async (dir: string): Promise<void> => {
      let entries: Dirent[];
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.isFile() && entry.name.startsWith('.tmp-')) {
          const stat = await fs.stat(full).catch(() => null);
          if (stat && stat.mtimeMs <= cutoff) {
            await removeQuietly(full);
            removed += 1;
          }
        }
      }
    };
    await walk(this.root);
    return removed;
  }

  async close(): Promise<void> {}
}
