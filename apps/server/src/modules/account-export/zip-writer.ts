import { once } from 'node:events';
import type { Readable } from 'node:stream';
import archiver from 'archiver';
import type { FileStorage, PutResult } from '../../platform/storage/index.ts';

export interface ZipEntry {
  /** Path inside the ZIP. */
  name: string;
  /**
   * The content, made when its turn comes (so one upload at a time is open): a stream for stored
   * files, bytes or text for what the server makes.
   */
  content: () => Promise<Readable | Buffer | string>;
  /** Stored without compression (photos, PDFs and office files are compressed already). */
  store?: boolean;
}

/**
 * Streams a ZIP of `entries` into `storage` under `key`: archiver's output is the storage's put
 * stream, one entry is read at a time and nothing is held in memory beyond the streams' buffers.
 * `onEntry` is told after each entry is in the archive (the progress).
 */
export async function writeZip(
  storage: FileStorage,
  key: string,
  entries: ZipEntry[],
  options: { date: Date; onEntry: (done: number) => Promise<void> },
): Promise<PutResult> {
  const archive = archiver('zip', { zlib: { level: 6 } });
  let failure: Error | null = null;
  const failed = new Promise<never>((_, reject) => {
    archive.on('error', (err) => {
      failure = err;
      reject(err);
    });
    archive.on('warning', (err) => {
      failure = err;
      reject(err);
    });
  });
  failed.catch(() => undefined);
  const put = storage.put(key, archive, { contentType: 'application/zip' });
  const putFailed = put.then(
    () => new Promise<never>(() => undefined),
    (err: Error) => {
      failure = err;
      throw err;
    },
  );
  putFailed.catch(() => undefined);
  try {
    let done = 0;
    for (const entry of entries) {
      if (failure) throw failure;
      const content = await entry.content();
      const written = once(archive, 'entry');
      archive.append(content, { name: entry.name, date: options.date, store: entry.store ?? false });
      await Promise.race([written, failed, putFailed]);
      done += 1;
      await options.onEntry(done);
    }
    await Promise.race([archive.finalize(), failed, putFailed]);
    return await put;
  } catch (err) {
    archive.abort();
    await put.catch(() => undefined);
    throw err;
  }
}
