import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

const code = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code;

async function readSecret(file: string): Promise<string> {
  const secret = (await fs.readFile(file, 'utf8')).trim();
  if (!/^whsec_\S{32,}$/.test(secret)) throw new Error(`${file} must hold a webhook secret (whsec_...)`);
  return secret;
}

/**
 * The webhook signing secret kept in DATA_DIR when STRIPE_WEBHOOK_SECRET is unset (the sandbox
 * signs its events with it): read it, or create it once. Written to a temporary file and
 * hard-linked into place, so concurrent starts agree on one secret and never read half of it.
 */
export async function loadOrCreateWebhookSecret(file: string): Promise<string> {
  try {
    return await readSecret(file);
  } catch (err) {
    if (code(err) !== 'ENOENT') throw err;
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(temporary, `whsec_${randomBytes(32).toString('base64url')}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  try {
    await fs.link(temporary, file);
  } catch (err) {
    if (code(err) !== 'EEXIST') throw err;
  } finally {
    await fs.rm(temporary, { force: true });
  }
  return readSecret(file);
}
