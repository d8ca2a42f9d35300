import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config.ts';

export interface ServerSecrets {
  /** better-auth's secret: signs session cookies and verification tokens. */
  authSecret: string;
  /** HMAC key of the activation-code hashes. */
  codeSecret: string;
}

const FILE_NAME = 'secrets.json';

/**
 * AUTH_SECRET and CODE_SECRET from the environment; any that is unset is generated once and kept
 * in DATA_DIR/secrets.json (mode 0600), so a restart keeps sessions and codes valid. Instances
 * that share a PostgreSQL database must share the secrets: set both variables there.
 */
export function resolveSecrets(config: Pick<AppConfig, 'dataDir' | 'identity'>): ServerSecrets {
  const fromEnv = { authSecret: config.identity.authSecret, codeSecret: config.identity.codeSecret };
  if (fromEnv.authSecret && fromEnv.codeSecret) return fromEnv as ServerSecrets;
  const file = path.join(config.dataDir, FILE_NAME);
  let stored: Partial<ServerSecrets> = {};
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ServerSecrets>;
  }
  const secrets: ServerSecrets = {
    authSecret: fromEnv.authSecret ?? stored.authSecret ?? randomBytes(32).toString('base64url'),
    codeSecret: fromEnv.codeSecret ?? stored.codeSecret ?? randomBytes(32).toString('base64url'),
  };
  const toStore = {
    authSecret: stored.authSecret ?? (fromEnv.authSecret ? undefined : secrets.authSecret),
    codeSecret: stored.codeSecret ?? (fromEnv.codeSecret ? undefined : secrets.codeSecret),
  };
  if (toStore.authSecret !== stored.authSecret || toStore.codeSecret !== stored.codeSecret) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, `${JSON.stringify(toStore, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(temporary, file);
  }
  return secrets;
}
