import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  BRAND_IDS,
  DEFAULT_BRAND,
  SEPA_PRENOTIFICATION_DEFAULT_DAYS,
  SEPA_PRENOTIFICATION_MIN_DAYS,
  brandIdSchema,
  type BrandId,
} from '@pet/contract';

/**
 * Server configuration from the environment. Every default gives the embedded mode: one process,
 * SQLite and files under ./data, the dev mail outbox, the sandbox payment provider.
 */
/**
 * Business time (the dev clock moves it) the longest a signed-in read's answer is reused
 * (http/read-cache.ts): answers that depend on the time (an activation code that ran out, a signed
 * avatar URL) are at most this old. Here, not in the cache, because config is the lowest floor.
 */
export const READ_CACHE_TTL_MS = 5_000;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** postgres://... switches the database to PostgreSQL; unset means SQLite under DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  BRAND: brandIdSchema.default(DEFAULT_BRAND),
  /** host=brand pairs, comma separated, e.g. "portal.hunde-schutz.de=hundeschutz". */
  BRAND_HOSTS: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Pet Portal <no-reply@localhost>'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Run the durable job loop in this process (tests drive jobs by hand). */
  JOBS_ENABLED: z.enum(['true', 'false']).optional(),
  JOBS_POLL_MS: z.coerce.number().int().min(50).default(2000),
  /** Folder of the built SPA; defaults to apps/web/dist of this repository. */
  WEB_DIST_DIR: z.string().optional(),
  /** Where uploaded files live: a folder under DATA_DIR/files (default) or an S3-compatible bucket. */
  FILES_STORAGE: z.enum(['local', 's3']).default('local'),
  /** S3-compatible endpoint (MinIO, R2, ...); unset means AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  /** Unset: the AWS SDK's default credential chain (env, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style bucket URLs; default true when S3_ENDPOINT is set, false for AWS. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  /**
   * Stored files no row names (and uploads that never committed) are removed by the storage
   * reconciler once they are this many seconds old; younger ones may belong to an upload in flight.
   */
  STORAGE_ORPHAN_GRACE_S: z.coerce.number().int().min(0).default(3600),
  /**
   * HMAC secret of signed file URLs. Unset: generated once and kept in DATA_DIR/file-url-secret.
   * Several instances must share one: required with FILES_STORAGE=s3 in production.
   */
  FILE_URL_SECRET: z.string().min(32, 'FILE_URL_SECRET must have at least 32 characters').optional(),
  /**
   * Secret of the identity service (session cookies, tokens). Unset: generated once and kept in
   * DATA_DIR/secrets.json, so restarts keep sessions. Several instances must share one: set it.
   */
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must have at least 32 characters').optional(),
  /** Key of the activation-code hashes (HMAC-SHA256). Unset: generated once like AUTH_SECRET. */
  CODE_SECRET: z.string().min(32, 'CODE_SECRET must have at least 32 characters').optional(),
  /** Google sign-in through OpenID Connect discovery; off unless issuer and client id are set. */
  GOOGLE_ISSUER: z.url().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Threads that hash passwords (scrypt); unset: one less than the machine's cores (1 to 4). */
  PASSWORD_HASH_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Password hashes waiting for a thread before sign-ins are refused with 429; unset: 16 per thread. */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).optional(),
  /**
   * log2 of scrypt's cost N for new hashes; unset: 17 (OWASP). Lower only outside production: the
   * test suites use 12, so their thousands of sign-ups do not spend minutes of CPU on hashing.
   * Each hash stores its own parameters, so hashes of either cost verify.
   */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).optional(),
  /** Stripe keys. Unset secret key: the in-process Stripe-compatible sandbox (never in production). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Signing secret of webhook events; unset: generated once into DATA_DIR (the sandbox signs with it). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * Which peers may set X-Forwarded-For / X-Forwarded-Proto (the client address of per-IP limits):
   * unset or "false" trusts none (default), a hop count ("1") trusts that many proxies in front, a
   * comma list of addresses or CIDRs ("10.0.0.5,192.168.0.0/16") trusts only those peers.
   */
  TRUST_PROXY: z.string().optional(),
  /** A request whose connection sends nothing for this long (a stalled upload) answers 408. */
  REQUEST_IDLE_TIMEOUT_MS: z.coerce.number().int().min(10).default(30_000),
  /** How long a signed-in read's answer may be reused (http/read-cache.ts); 0 turns the cache off. */
  READ_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(READ_CACHE_TTL_MS),
  /** Outside production: count the SQL statements (db/database.ts, GET /dev/sql-statements). */
  SQL_STATEMENT_COUNT: z.enum(['0', '1']).default('0'),
  /** Upper bound for receiving a whole request (5 files of 25 MB on a slow line). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(10).default(900_000),
  /** Sandbox: seconds until a SEPA debit settles (succeeds or fails). */
  SANDBOX_SEPA_SETTLE_S: z.coerce.number().int().min(0).default(60),
  /** How often undelivered provider events are fetched and applied (modules/subscription/webhook-reconcile.ts). */
  WEBHOOK_RECONCILE_INTERVAL_S: z.coerce.number().int().min(60).default(3600),
  /**
   * Days between a SEPA debit's pre-notification mail and its collection (spec: at least 2).
   * The first debit is collected on that day after checkout (Stripe's target_date, which Stripe
   * accepts 3 to 15 days ahead: at least 3 with Stripe keys); a renewal's notice goes out that many
   * days before the period end, and a renewal without one is collected that many days after it.
   */
  SEPA_PRENOTIFICATION_DAYS: z.coerce
    .number()
    .int()
    .min(SEPA_PRENOTIFICATION_MIN_DAYS)
    .max(14)
    .default(SEPA_PRENOTIFICATION_DEFAULT_DAYS),
  /**
   * Where rate-limit counters live: memory (one instance), postgres (needs DATABASE_URL) or redis.
   * Unset: postgres on PostgreSQL (several instances may share it), memory on SQLite.
   */
  RATE_LIMIT_STORE: z.enum(['memory', 'postgres', 'redis']).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .default('redis://127.0.0.1:6379'),
  /**
   * Web push (issue 36): the VAPID key pair, base64url (both or neither). Unset: generated once into
   * DATA_DIR/vapid.json and reused. Several instances must share one: set them.
   */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /** Who runs this server, for the push services (mailto: or https:); unset: mailto:MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https:// URL')
    .optional(),
  /** "false" switches web push off (GET /v1/push/key answers 503). */
  WEB_PUSH: z.enum(['true', 'false']).default('true'),
  /** Not in production: a PEM file of an extra CA the push sender trusts (the tests' local push service). */
  PUSH_CA_FILE: z.string().min(1).optional(),
  /** Prefix of the counter keys in Redis (several apps can share one Redis). */
  REDIS_KEY_PREFIX: z.string().min(1).default('pet:ratelimit:'),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  countStatements: boolean;
  filesDir: string;
  publicUrl: string;
  defaultBrand: BrandId;
  brandHosts: Record<string, BrandId>;
  smtpUrl: string | null;
  mailFrom: string;
  env: Env['NODE_ENV'];
  logLevel: NonNullable<Env['LOG_LEVEL']>;
  webDistDir: string;
  version: string;
  jobs: { enabled: boolean; pollMs: number };
  storage: StorageConfig;
  payments: PaymentsConfig;
  /** Where rate-limit counters live (platform/rate-limit). */
  rateLimit: RateLimitConfig;
  /** Fastify's trustProxy: false (no proxy), a hop count, or the trusted proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** Timeouts of a request's connection: idle (nothing received) and the whole request. */
  http: { idleTimeoutMs: number; requestTimeoutMs: number; readCacheTtlMs: number };
  /** Web push (platform/push/web-push.ts); null: switched off. */
  push: PushConfig | null;
  /** Business time can be moved forward (POST /dev/clock/advance): never in production. */
  devClock: boolean;
  identity: {
    /** From the environment; null means generated once and kept in DATA_DIR (see platform/auth/secrets.ts). */
    authSecret: string | null;
    codeSecret: string | null;
    google: { issuer: string; clientId: string; clientSecret: string | null } | null;
    /** The password hashing pool (platform/auth/password-pool.ts); null: its defaults. */
    passwordHash: { workers: number | null; maxQueue: number | null; cost: number };
  };
}

function parseTrustProxy(value: string | undefined): false | number | string[] {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || trimmed === 'false') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (trimmed === 'true') {
    throw new Error(
      'Invalid configuration: TRUST_PROXY=true would trust any client; give a hop count or the proxy addresses',
    );
  }
  const entries = trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const valid =
      rest.length === 0 &&
      !!address &&
      (isIP(address) !== 0 || ['loopback', 'linklocal', 'uniquelocal'].includes(address)) &&
      (bits === undefined || /^\d{1,3}$/.test(bits));
    if (!valid) {
      throw new Error(
        `Invalid configuration: TRUST_PROXY entry "${entry}" must be an IP address or CIDR (or a hop count)`,
      );
    }
  }
  return entries;
}

function parseBrandHosts(value: string): Record<string, BrandId> {
  const map: Record<string, BrandId> = {};
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [host, brand] = pair.split('=').map((p) => p.trim());
    const parsed = brandIdSchema.safeParse(brand);
    if (!host || !parsed.success) {
      throw new Error(
        `BRAND_HOSTS entry "${pair}" must be host=brand with brand one of ${BRAND_IDS.join(', ')}`,
      );
    }
    map[host.toLowerCase()] = parsed.data;
  }
  return map;
}

/** Payment provider (platform/payments): Stripe with keys, otherwise the sandbox (not in production). */
export interface PaymentsConfig {
  mode: 'stripe' | 'sandbox' | 'unavailable';
  secretKey: string | null;
  publishableKey: string | null;
  /** From STRIPE_WEBHOOK_SECRET; null means generated once into webhookSecretFile. */
  webhookSecret: string | null;
  webhookSecretFile: string;
  sepaSettleSeconds: number;
  /** WEBHOOK_RECONCILE_INTERVAL_S: the period of the webhook reconciliation job. */
  webhookReconcileSeconds: number;
  /** SEPA_PRENOTIFICATION_DAYS */
  sepaPrenotificationDays: number;
}

function paymentsConfig(e: Env, dataDir: string): PaymentsConfig {
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY) {
    throw new Error('Invalid configuration: STRIPE_PUBLISHABLE_KEY is required with STRIPE_SECRET_KEY');
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new Error('Invalid configuration: STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
  }
  if (e.STRIPE_SECRET_KEY && e.SEPA_PRENOTIFICATION_DAYS < 3) {
    throw new Error(
      'Invalid configuration: SEPA_PRENOTIFICATION_DAYS must be at least 3 with Stripe (target_date)',
    );
  }
  const mode = e.STRIPE_SECRET_KEY ? 'stripe' : e.NODE_ENV === 'production' ? 'unavailable' : 'sandbox';
  return {
    mode,
    secretKey: e.STRIPE_SECRET_KEY ?? null,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
    webhookSecretFile: path.join(dataDir, 'webhook-secret'),
    sepaSettleSeconds: e.SANDBOX_SEPA_SETTLE_S,
    webhookReconcileSeconds: e.WEBHOOK_RECONCILE_INTERVAL_S,
    sepaPrenotificationDays: e.SEPA_PRENOTIFICATION_DAYS,
  };
}

const base64url = /^[A-Za-z0-9_-]+$/;

/** Whether a base64url text decodes to exactly `bytes` bytes. */
function decodesTo(value: string, bytes: number): boolean {
  return base64url.test(value) && Buffer.from(value, 'base64url').length === bytes;
}

/** Throws when a VAPID key pair is malformed (the environment's, or DATA_DIR/vapid.json's). */
export function assertVapidKeys(publicKey: string, privateKey: string): void {
  if (!decodesTo(publicKey, 65) || Buffer.from(publicKey, 'base64url')[0] !== 4) {
    throw new Error('VAPID_PUBLIC_KEY must be an uncompressed P-256 point (65 bytes), base64url');
  }
  if (!decodesTo(privateKey, 32)) throw new Error('VAPID_PRIVATE_KEY must be 32 bytes, base64url');
}

/** Web push: the VAPID keys (from the environment, or null: kept in vapidFile) and the test CA. */
export interface PushConfig {
  vapid: { publicKey: string; privateKey: string } | null;
  vapidFile: string;
  subject: string;
  caFile: string | null;
}

function pushConfig(e: Env, dataDir: string): PushConfig | null {
  if (e.WEB_PUSH === 'false') return null;
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new Error('Invalid configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  }
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    try {
      assertVapidKeys(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY);
    } catch (error) {
      throw new Error(`Invalid configuration: ${(error as Error).message}`);
    }
  }
  if (e.PUSH_CA_FILE && e.NODE_ENV === 'production') {
    throw new Error('Invalid configuration: PUSH_CA_FILE is for tests, never in production');
  }
  const address = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM.trim();
  return {
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    vapidFile: path.join(dataDir, 'vapid.json'),
    subject: e.VAPID_SUBJECT ?? `mailto:${address}`,
    caFile: e.PUSH_CA_FILE ? path.resolve(e.PUSH_CA_FILE) : null,
  };
}

/** The rate-limit store (platform/rate-limit); several instances need postgres or redis. */
export type RateLimitConfig =
  { store: 'memory' } | { store: 'postgres' } | { store: 'redis'; redisUrl: string; redisPrefix: string };

function rateLimitConfig(e: Env): RateLimitConfig {
  const store = e.RATE_LIMIT_STORE ?? (e.DATABASE_URL ? 'postgres' : 'memory');
  if (store === 'postgres' && !e.DATABASE_URL) {
    throw new Error('Invalid configuration: RATE_LIMIT_STORE=postgres needs a postgres:// DATABASE_URL');
  }
  if (store === 'redis') return { store, redisUrl: e.REDIS_URL, redisPrefix: e.REDIS_KEY_PREFIX };
  return { store };
}

/** File storage (platform/storage): the adapter and its settings, plus the signed-URL secret. */
export type StorageConfig = {
  /** From FILE_URL_SECRET; null means generated once into urlSecretFile. */
  urlSecret: string | null;
  urlSecretFile: string;
  /** STORAGE_ORPHAN_GRACE_S: the reconciler's grace period (modules/stored-files/storage-reconcile.ts). */
  orphanGraceSeconds: number;
} & (
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | null;
      forcePathStyle: boolean;
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
    }
);

function storageConfig(e: Env, dataDir: string): StorageConfig {
  const secret = {
    urlSecret: e.FILE_URL_SECRET ?? null,
    urlSecretFile: path.join(dataDir, 'file-url-secret'),
    orphanGraceSeconds: e.STORAGE_ORPHAN_GRACE_S,
  };
  if (e.FILES_STORAGE === 'local') return { kind: 'local', dir: path.join(dataDir, 'files'), ...secret };
  if (!e.S3_BUCKET) throw new Error('Invalid configuration: S3_BUCKET is required when FILES_STORAGE=s3');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  }
  if (e.NODE_ENV === 'production' && !e.FILE_URL_SECRET) {
    throw new Error('Invalid configuration: FILE_URL_SECRET is required when FILES_STORAGE=s3 in production');
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT ?? null,
    forcePathStyle: (e.S3_FORCE_PATH_STYLE ?? String(!!e.S3_ENDPOINT)) === 'true',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
    ...secret,
  };
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** log2 of scrypt's N for passwords, OWASP's (platform/auth/password.ts); production never goes below. */
export const OWASP_PASSWORD_HASH_COST = 17;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable counts as unset (VAR= in a shell or a compose file).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (
    e.NODE_ENV === 'production' &&
    (e.PASSWORD_HASH_COST ?? OWASP_PASSWORD_HASH_COST) < OWASP_PASSWORD_HASH_COST
  ) {
    throw new Error(
      `Invalid configuration: PASSWORD_HASH_COST below ${OWASP_PASSWORD_HASH_COST} in production`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') },
    countStatements: e.NODE_ENV !== 'production' && e.SQL_STATEMENT_COUNT === '1',
    filesDir: path.join(dataDir, 'files'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    defaultBrand: e.BRAND,
    brandHosts: parseBrandHosts(e.BRAND_HOSTS),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist'),
    version: process.env.npm_package_version ?? '0.0.0',
    jobs: { enabled: (e.JOBS_ENABLED ?? String(e.NODE_ENV !== 'test')) === 'true', pollMs: e.JOBS_POLL_MS },
    storage: storageConfig(e, dataDir),
    payments: paymentsConfig(e, dataDir),
    rateLimit: rateLimitConfig(e),
    push: pushConfig(e, dataDir),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    http: {
      idleTimeoutMs: e.REQUEST_IDLE_TIMEOUT_MS,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      readCacheTtlMs: e.READ_CACHE_TTL_MS,
    },
    devClock: e.NODE_ENV !== 'production',
    identity: {
      authSecret: e.AUTH_SECRET ?? null,
      codeSecret: e.CODE_SECRET ?? null,
      passwordHash: {
        workers: e.PASSWORD_HASH_WORKERS ?? null,
        maxQueue: e.PASSWORD_HASH_QUEUE ?? null,
        cost: e.PASSWORD_HASH_COST ?? OWASP_PASSWORD_HASH_COST,
      },
      google:
        e.GOOGLE_ISSUER && e.GOOGLE_CLIENT_ID
          ? {
              issuer: e.GOOGLE_ISSUER.replace(/\/$/, ''),
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET ?? null,
            }
          : null,
    },
  };
}
