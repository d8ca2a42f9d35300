import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { StorageConfig } from '../../config.ts';
import { LocalFileStorage } from './local.ts';
import { S3FileStorage } from './s3.ts';
import type { FileStorage, StorageLogger } from './types.ts';

const code = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code;

async function readSecret(file: string): Promise<string> {
  const secret = (await fs.readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} must hold a secret of at least 32 characters`);
  return secret;
}

/**
 * The signed-URL secret kept in DATA_DIR: read it, or create it once (written to a temp file and
 * hard-linked into place, so concurrent starts agree on one secret and never read half of it).
 */
export async function loadOrCreateUrlSecret(file: string): Promise<string> {
  try {
    return await readSecret(file);
  } catch (err) {
    if (code(err) !== 'ENOENT') throw err;
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(tmp, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(tmp, file);
  } catch (err) {
    if (code(err) !== 'EEXIST') throw err;
  } finally {
    await fs.rm(tmp, { force: true });
  }
  return readSecret(file);
}

/** The adapter the configuration asks for (FILES_STORAGE), with its signed-URL secret. */
export async function createStorage(
  config: StorageConfig,
  options: { logger?: StorageLogger } = {},
): Promise<FileStorage> {
  const urlSecret = config.urlSecret ?? (await loadOrCreateUrlSecret(config.urlSecretFile));
  if (config.kind === 's3') {
    return new S3FileStorage({
      urlSecret,
      logger: options.logger,
      bucket: config.bucket,
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
    });
  }
  return new LocalFileStorage({ urlSecret, logger: options.logger, dir: config.dir });
}
