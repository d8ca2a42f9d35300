import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { loadConfig } from '../src/config.ts';
import { registerErrorHandler } from '../src/http/error-handler.ts';
import { registerSecurityHeaders } from '../src/http/security-headers.ts';
import { AppError } from '../src/platform/errors.ts';
import {
  FILE_CSP,
  FileTooLargeError,
  INLINE_PDF_CSP,
  InvalidStorageKeyError,
  LocalFileStorage,
  S3FileStorage,
  contentDisposition,
  createStorage,
  filesRoutes,
  finishCommittedUploads,
  finishPendingMove,
  newFileKey,
  pendingKeyOf,
  reconcileStorage,
  ownerKeyPrefix,
  sendStoredFile,
  storagePlugin,
  type FileStorage,
} from '../src/platform/storage/index.ts';

const MiB = 1024 * 1024;
const SECRET = 'test-file-url-secret-0123456789abcdef';

// ---------------------------------------------------------------------------------------------
// Helpers

/** Deterministic bytes, generated chunk by chunk (fresh buffers, as a network stream gives them). */
function generated(
  total: number,
  options: { failAfter?: number; chunk?: number; onChunk?: () => void } = {},
) {
  const chunkSize = options.chunk ?? 64 * 1024;
  const hash = createHash('sha256');
  let produced = 0;
  const stream = new Readable({
    read() {
      if (options.failAfter !== undefined && produced >= options.failAfter) {
        this.destroy(new Error('source broke'));
        return;
      }
      if (produced >= total) {
        this.push(null);
        return;
      }
      const size = Math.min(chunkSize, total - produced);
      const chunk = Buffer.allocUnsafe(size);
      for (let i = 0; i < size; i += 4096) chunk.fill((produced + i) % 251, i, Math.min(i + 4096, size));
      hash.update(chunk);
      produced += size;
      options.onChunk?.();
      this.push(chunk);
    },
  });
  return { stream, produced: () => produced, sha256: () => hash.digest('hex') };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Every file and folder under `dir`, hidden ones included. */
function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => p.split(path.sep).join('/'));
}

let clock = Date.UTC(2030, 0, 1, 12, 0, 0);
const now = () => clock;

// ---------------------------------------------------------------------------------------------
// The two backends

interface Harness {
  storage: FileStorage;
  /** Whatever the backend holds for `prefix`, hidden, temporary and in-progress pieces included. */
  residue(prefix: string): Promise<string[]>;
  /** Multipart uploads aborted so far (S3 only). */
  aborted(): number;
  close(): Promise<void>;
}

async function localHarness(): Promise<Harness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-storage-local-'));
  const storage = new LocalFileStorage({ dir: path.join(dir, 'files'), urlSecret: SECRET, now });
  return {
    storage,
    residue: async (prefix) => {
      const base = path.join(dir, 'files', prefix);
      return fs.existsSync(base) ? [prefix, ...walk(base).map((p) => prefix + p)] : [];
    },
    aborted: () => 0,
    close: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

interface S3rverInstance {
  middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>>;
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
interface KoaContext {
  method: string;
  path: string;
  type: string;
  body: unknown;
  query: Record<string, string | string[] | undefined>;
  status: number;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

const BUCKET = 'pet-files';

async function s3Harness(): Promise<Harness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-storage-s3-'));
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true });
  const uploadsDir = path.join(dir, BUCKET, '._S3rver_uploads');
  // s3rver 3.7 answers AbortMultipartUpload with MethodNotAllowed; S3 drops the upload and its
  // parts. Stand in for S3 here (first middleware) so the "no parts remain" checks mean something.
  let aborted = 0;
  server.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'DELETE' && typeof uploadId === 'string' && /^[A-Za-z0-9_-]+$/.test(uploadId)) {
      await fsp.rm(path.join(uploadsDir, uploadId), { recursive: true, force: true });
      aborted += 1;
      ctx.status = 204;
      return;
    }
    // Fault injection: S3 refuses part 2 of any key containing "fail-part".
    if (ctx.method === 'PUT' && ctx.query.partNumber === '2' && ctx.path.includes('fail-part')) {
      ctx.status = 400;
      ctx.type = 'application/xml';
      ctx.body = '<?xml version="1.0"?><Error><Code>InvalidPart</Code><Message>injected</Message></Error>';
      return;
    }
    await next();
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const admin = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  await admin.send(new CreateBucketCommand({ Bucket: BUCKET }));
  admin.destroy();
  const storage = new S3FileStorage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials,
    urlSecret: SECRET,
    now,
  });
  return {
    storage,
    residue: async (prefix) => [
      ...walk(path.join(dir, BUCKET, prefix)).map((p) => prefix + p),
      ...walk(uploadsDir).map((p) => `uploads/${p}`),
    ],
    aborted: () => aborted,
    close: async () => {
      await storage.close();
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A GET over a real socket with the path sent exactly as given (no client-side normalisation). */
async function rawGet(app: FastifyInstance, rawPath: string): Promise<{ status: number; body: string }> {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('app is not listening');
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: address.port, path: rawPath }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function filesApp(storage: FileStorage): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  // As in app.ts: every answer gets the page CSP; the file headers must win.
  registerSecurityHeaders(app);
  await app.register(filesRoutes, { storage, now });
  // An owner-checked route would check ownership first, then stream the same way.
  app.get('/owned/*', async (request, reply) =>
    sendStoredFile(reply, storage, (request.params as { '*': string })['*'], {
      downloadName: 'Befund Bello.pdf',
      disposition: 'inline',
    }),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

// ---------------------------------------------------------------------------------------------
// The contract, run against both adapters

const HOSTILE_KEYS = [
  '',
  '..',
  '../etc/passwd',
  'pets/../../x.pdf',
  'pets/a/..',
  '/etc/passwd',
  '/pets/a/x.pdf',
  'pets\\a\\x.pdf',
  'pets/a\\..\\x',
  'pets//x.pdf',
  'pets/a/',
  'pets/./x.pdf',
  '.hidden',
  'pets/a/.tmp-123',
  'pets/a/.x.pdf.meta',
  'pets/a/b c.pdf',
  'pets/a/ä.pdf',
  'pets/a/x%2e%2e',
  'pets/a/x?y=1',
  'pets/a/x\u0000.pdf',
  'C:/x.pdf',
  `pets/${'a'.repeat(600)}.pdf`,
];

describe.each([
  ['local', localHarness],
  ['s3 (s3rver)', s3Harness],
])('FileStorage contract: %s', (name, makeHarness) => {
  let h: Harness;
  let storage: FileStorage;
  let app: FastifyInstance;
  const prefix = () => `pets/${randomUUID()}/`;

  beforeAll(async () => {
    h = await makeHarness();
    storage = h.storage;
    app = await filesApp(storage);
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  it('round-trips a multi-MB stream with size, content type and the same bytes (SHA-256)', async () => {
    const key = `${prefix()}${randomUUID()}.pdf`;
    const source = generated(12 * MiB + 12345);
    const result = await storage.put(key, source.stream, {
      contentType: 'application/pdf',
      maxBytes: 25 * MiB,
    });
    expect(result).toEqual({ key, size: 12 * MiB + 12345 });
    expect(await storage.exists(key)).toBe(true);

    const file = await storage.get(key);
    expect(file.size).toBe(12 * MiB + 12345);
    expect(file.contentType).toBe('application/pdf');
    expect(sha256(await readAll(file.stream))).toBe(source.sha256());
    expect(await storage.list(key.slice(0, key.lastIndexOf('/') + 1))).toEqual([key]);
  });

  it('stores small and empty files', async () => {
    const dir = prefix();
    await storage.put(`${dir}small.txt`, Readable.from([Buffer.from('hello '), 'world']), {
      contentType: 'Text/Plain; Charset=UTF-8',
    });
    await storage.put(`${dir}empty.bin`, Readable.from([]), { contentType: 'application/octet-stream' });
    const small = await storage.get(`${dir}small.txt`);
    expect((await readAll(small.stream)).toString()).toBe('hello world');
    expect(small.contentType).toBe('text/plain; charset=utf-8');
    const empty = await storage.get(`${dir}empty.bin`);
    expect(empty.size).toBe(0);
    expect((await readAll(empty.stream)).length).toBe(0);
    expect(await storage.list(dir)).toEqual([`${dir}empty.bin`, `${dir}small.txt`]);
  });

  it('accepts a file of exactly maxBytes', async () => {
    const key = `${prefix()}exact.bin`;
    const result = await storage.put(key, generated(MiB).stream, {
      contentType: 'application/octet-stream',
      maxBytes: MiB,
    });
    expect(result.size).toBe(MiB);
  });

  it('aborts mid-stream past maxBytes (multipart) and leaves nothing behind', async () => {
    const dir = prefix();
    const key = `${dir}big.pdf`;
    const abortedBefore = h.aborted();
    const source = generated(40 * MiB);
    const error = await storage
      .put(key, source.stream, { contentType: 'application/pdf', maxBytes: 11 * MiB })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileTooLargeError);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 400, key: 'File_Too_Large_Error_Text' });
    // Stopped right there: the rest of the source was never read.
    expect(source.produced()).toBeLessThan(12 * MiB);
    expect(source.stream.destroyed).toBe(true);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.list(dir)).toEqual([]);
    expect(await h.residue(dir)).toEqual([]);
    if (storage.kind === 's3') expect(h.aborted()).toBe(abortedBefore + 1);
  });

  it('aborts past maxBytes within the first part and leaves nothing behind', async () => {
    const dir = prefix();
    const error = await storage
      .put(`${dir}x.jpg`, generated(3 * MiB).stream, { contentType: 'image/jpeg', maxBytes: MiB })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileTooLargeError);
    expect(await storage.list(dir)).toEqual([]);
    expect(await h.residue(dir)).toEqual([]);
  });

  it('leaves nothing behind when the source stream fails mid-way', async () => {
    const dir = prefix();
    const abortedBefore = h.aborted();
    const error = await storage
      .put(`${dir}broken.pdf`, generated(30 * MiB, { failAfter: 8 * MiB }).stream, {
        contentType: 'application/pdf',
      })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe('source broke');
    expect(await storage.list(dir)).toEqual([]);
    expect(await h.residue(dir)).toEqual([]);
    if (storage.kind === 's3') expect(h.aborted()).toBe(abortedBefore + 1);
  });

  // S3 only: a store-side failure in the middle of a multipart upload.
  if (name.startsWith('s3')) {
    it('aborts the multipart upload when S3 refuses a part', async () => {
      const dir = prefix();
      const abortedBefore = h.aborted();
      const source = generated(30 * MiB);
      const error = await storage
        .put(`${dir}fail-part.pdf`, source.stream, { contentType: 'application/pdf' })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'InvalidPart' });
      expect(source.stream.destroyed).toBe(true);
      expect(await storage.list(dir)).toEqual([]);
      expect(await h.residue(dir)).toEqual([]);
      expect(h.aborted()).toBe(abortedBefore + 1);
    });
  }

  it('refuses hostile keys and prefixes with a typed error, touching nothing', async () => {
    const before = await storage.list('');
    for (const key of HOSTILE_KEYS) {
      const source = Readable.from([Buffer.from('x')]);
      await expect(storage.put(key, source, { contentType: 'text/plain' }), key).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.exists(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      expect(() => storage.signedUrl(key, { expiresInSeconds: 60 }), key).toThrow(InvalidStorageKeyError);
    }
    for (const bad of ['', 'pets', 'pets/a', '../', '/pets/', 'pets//', 'pets/../', 'pets\\a/']) {
      await expect(storage.deletePrefix(bad), bad).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    await expect(storage.list('../')).rejects.toMatchObject({ statusCode: 400, key: 'Bad_Request_Text' });
    expect(await storage.list('')).toEqual(before);
  });

  it('answers 404 for a missing file; delete is idempotent', async () => {
    const key = `${prefix()}gone.pdf`;
    await expect(storage.get(key)).rejects.toMatchObject({ statusCode: 404, key: 'Not_Found_Text' });
    expect(await storage.exists(key)).toBe(false);
    await storage.put(key, Readable.from([Buffer.from('%PDF-')]), { contentType: 'application/pdf' });
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.get(key)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('deletePrefix purges a pet or user and nothing else', async () => {
    const petId = randomUUID();
    const pet = ownerKeyPrefix({ petId });
    const sibling = `${pet.slice(0, -1)}x/`; // same string prefix, another pet
    const user = ownerKeyPrefix({ userId: `u${randomUUID().slice(0, 8)}` });
    const put = (key: string) =>
      storage.put(key, Readable.from([Buffer.from(key)]), { contentType: 'application/pdf' });
    const petKeys = [
      newFileKey({ petId }, 'pdf'),
      newFileKey({ petId }, 'jpg', 'documents'),
      newFileKey({ petId }, 'png', 'findings'),
    ];
    await Promise.all([...petKeys.map(put), put(`${sibling}a.pdf`), put(`${user}avatar.jpg`)]);

    expect(await storage.list(pet)).toEqual([...petKeys].sort());
    expect(await storage.deletePrefix(pet)).toBe(3);
    expect(await storage.list(pet)).toEqual([]);
    expect(await h.residue(pet)).toEqual([]);
    expect(await storage.list(sibling)).toEqual([`${sibling}a.pdf`]);
    expect(await storage.list(user)).toEqual([`${user}avatar.jpg`]);
    expect(await storage.deletePrefix(pet)).toBe(0);
  });

  it('keeps concurrent puts and deletes in one folder consistent', async () => {
    const dir = prefix();
    const keys = Array.from({ length: 12 }, (_, i) => `${dir}f${i}.txt`);
    await Promise.all(
      keys.map(async (key, i) => {
        await storage.put(key, Readable.from([Buffer.from(key)]), { contentType: 'text/plain' });
        if (i % 2 === 0) await storage.delete(key);
      }),
    );
    expect(await storage.list(dir)).toEqual(keys.filter((_, i) => i % 2 === 1).sort());
  });

  it('moves an object to another key, keeping its bytes and type (finalizing a pending upload)', async () => {
    const dir = prefix();
    const key = `${dir}photo/${randomUUID()}.png`;
    const pending = pendingKeyOf(key);
    await storage.put(pending, Readable.from([Buffer.from('png bytes')]), { contentType: 'image/png' });
    await storage.move(pending, key);
    expect(await storage.exists(pending)).toBe(false);
    const file = await storage.get(key);
    expect(file.contentType).toBe('image/png');
    expect((await readAll(file.stream)).toString()).toBe('png bytes');
    await expect(storage.move(pending, key)).rejects.toMatchObject({ statusCode: 404 });
    expect((await storage.listObjects(dir)).map((o) => o.key)).toEqual([key]);
  });

  it('get finishes a committed upload that a crash left under pending/, also racing other movers (issue 40.1)', async () => {
    const dir = prefix();
    const keys = [1, 2].map((i) => `${dir}docs/${i}-${randomUUID()}.pdf`);
    for (const key of keys) {
      await storage.put(pendingKeyOf(key), Readable.from([Buffer.from(key)]), {
        contentType: 'application/pdf',
      });
    }
    const [first, second] = keys as [string, string];
    const file = await storage.get(first);
    expect([file.contentType, (await readAll(file.stream)).toString()]).toEqual(['application/pdf', first]);
    // Two readers, the upload's own move and the start's check at once: every one ends well.
    const [a, b, moved] = await Promise.all([
      storage.get(second).then(async (f) => (await readAll(f.stream)).toString()),
      storage.get(second).then(async (f) => (await readAll(f.stream)).toString()),
      finishPendingMove(storage, second),
      finishCommittedUploads(storage, async (finalKeys) => new Set(finalKeys.filter((k) => k === second))),
    ]);
    expect([a, b, moved]).toEqual([second, second, true]);
    expect(await storage.list(dir)).toEqual([...keys].sort());
    expect(await storage.list(`pending/${dir}`)).toEqual([]);
    // A key with neither file nor pending bytes stays a 404.
    await expect(storage.get(`${dir}docs/missing.pdf`)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('the start check lists only pending/ and finishes only uploads whose row committed', async () => {
    const dir = prefix();
    const committed = `${dir}photo/${randomUUID()}.jpg`;
    const uncommitted = `${dir}photo/${randomUUID()}.jpg`;
    for (const key of [committed, uncommitted]) {
      await storage.put(pendingKeyOf(key), Readable.from([Buffer.from(key)]), { contentType: 'image/jpeg' });
    }
    const asked: string[] = [];
    const finished = await finishCommittedUploads(storage, async (finalKeys) => {
      asked.push(...finalKeys);
      return new Set([committed]);
    });
    expect(finished).toEqual([committed]);
    expect(asked).toEqual(expect.arrayContaining([committed, uncommitted]));
    expect(asked.every((key) => !key.startsWith('pending/'))).toBe(true);
    expect(await storage.list(dir)).toEqual([committed]);
    expect(await storage.list(`pending/${dir}`)).toEqual([pendingKeyOf(uncommitted)]);
    await storage.delete(pendingKeyOf(uncommitted));
  });

  it('reconciles: removes old orphans, keeps young ones, finalizes committed pending uploads, reports missing files', async () => {
    const before = new Set(await storage.list(''));
    const dir = prefix();
    const owned = `${dir}docs/owned.pdf`;
    const oldOrphan = `${dir}docs/old-orphan.pdf`;
    const committed = `${dir}photo/committed.jpg`;
    const oldPending = pendingKeyOf(`${dir}photo/never-committed.jpg`);
    const put = (key: string) =>
      storage.put(key, Readable.from([Buffer.from(key)]), { contentType: 'application/octet-stream' });
    for (const key of [owned, oldOrphan, pendingKeyOf(committed), oldPending]) await put(key);
    // S3 keeps modification times in whole seconds: the young orphan is written over a second later.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const youngOrphan = `${dir}docs/young-orphan.pdf`;
    await put(youngOrphan);
    const youngAt = (await storage.listObjects(dir)).find((o) => o.key === youngOrphan)!.modifiedAt;
    const warnings: object[] = [];
    const report = await reconcileStorage({
      storage,
      graceMs: 500,
      now: () => youngAt,
      log: { info: () => undefined, warn: (obj) => warnings.push(obj) },
      owners: [
        { name: 'earlier tests', keys: async () => before },
        { name: 'document files', keys: async () => [owned, `${dir}docs/lost.pdf`] },
        { name: 'pet photos', keys: async () => [committed] },
      ],
    });
    expect(report.removed.sort()).toEqual([oldOrphan, oldPending].sort());
    expect(report.finalized).toEqual([committed]);
    expect(report.missing).toEqual([{ owner: 'document files', key: `${dir}docs/lost.pdf` }]);
    expect(warnings).toEqual([expect.objectContaining({ key: `${dir}docs/lost.pdf` })]);
    expect(await storage.list(dir)).toEqual([owned, youngOrphan, committed].sort());
    expect(await storage.list('pending/')).not.toContain(pendingKeyOf(committed));
  });

  describe('signed URLs through filesRoutes', () => {
    let key: string;
    const body = Buffer.from('%PDF-1.7 pretend pdf bytes');

    beforeAll(async () => {
      key = newFileKey({ petId: randomUUID() }, 'pdf');
      await storage.put(key, Readable.from([body]), { contentType: 'application/pdf' });
    });

    it('serves a valid link as an attachment with safe headers', async () => {
      const url = storage.signedUrl(key, { expiresInSeconds: 300, downloadName: 'Impfpass Bällo "1".pdf' });
      expect(url).toMatch(new RegExp(`^/v1/files/${key}\\?exp=\\d+&disp=attachment&name=.+&sig=[\\w-]{43}$`));
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(body)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(body.length));
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Impfpass Ballo _1_.pdf"; filename*=UTF-8''Impfpass%20B%C3%A4llo%20%221%22.pdf`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.headers['cache-control']).toBe('private, max-age=300');
    });

    it('names the download after the key when no name is given', async () => {
      const res = await app.inject({ url: storage.signedUrl(key, { expiresInSeconds: 60 }) });
      const file = key.slice(key.lastIndexOf('/') + 1);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${file}"; filename*=UTF-8''${file}`,
      );
    });

    it('refuses an expired link with 403 Forbidden_Text', async () => {
      const url = storage.signedUrl(key, { expiresInSeconds: 60 });
      clock += 59_000;
      expect((await app.inject({ url })).statusCode).toBe(200);
      clock += 1_000;
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, key: 'Forbidden_Text' });
    });

    it('refuses tampered links with 403', async () => {
      const url = new URL(
        storage.signedUrl(key, { expiresInSeconds: 300, downloadName: 'a.pdf' }),
        'http://x',
      );
      const variants: string[] = [];
      const sig = url.searchParams.get('sig') ?? '';
      const edit = (mutate: (u: URL) => void) => {
        const copy = new URL(url);
        mutate(copy);
        variants.push(copy.pathname + copy.search);
      };
      edit((u) => u.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)));
      edit((u) => u.searchParams.set('sig', sig.slice(0, 42)));
      edit((u) => u.searchParams.delete('sig'));
      edit((u) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600)));
      edit((u) => u.searchParams.set('disp', 'inline'));
      edit((u) => u.searchParams.set('name', 'b.pdf'));
      edit((u) => u.searchParams.delete('name'));
      edit((u) => u.searchParams.append('sig', sig));
      edit((u) => (u.pathname = u.pathname.replace(/\.pdf$/, '.png')));
      edit((u) => (u.pathname = '/v1/files/'));
      for (const variant of variants) {
        const res = await app.inject({ url: variant });
        expect(res.statusCode, variant).toBe(403);
        expect(res.json().key, variant).toBe('Forbidden_Text');
      }
      expect((await app.inject({ url: url.pathname + url.search })).statusCode).toBe(200);
      // Path tricks over a real socket (inject and URL would normalise the dots away).
      for (const trick of [
        `pets/../${key}`,
        `${key}/..`,
        `pets/./${key.slice(5)}`,
        key.replace('/', '%2F'),
      ]) {
        const res = await rawGet(app, `/v1/files/${trick}${url.search}`);
        expect(res.status, trick).toBe(trick.includes('%2F') ? 200 : 403);
      }
    });

    it('refuses a link signed with another secret', async () => {
      const other = new LocalFileStorage({
        dir: os.tmpdir(),
        urlSecret: 'another-secret-0123456789abcdefghijkl',
        now,
      });
      expect((await app.inject({ url: other.signedUrl(key, { expiresInSeconds: 60 }) })).statusCode).toBe(
        403,
      );
    });

    it('serves images and PDF inline on request, HTML and SVG only as attachments', async () => {
      const dir = prefix();
      const files = {
        png: { type: 'image/png', inline: true },
        pdf: { type: 'application/pdf', inline: true },
        html: { type: 'text/html', inline: false },
        svg: { type: 'image/svg+xml', inline: false },
        txt: { type: 'text/plain', inline: false },
      };
      for (const [ext, { type, inline }] of Object.entries(files)) {
        const fileKey = `${dir}f.${ext}`;
        await storage.put(fileKey, Readable.from([Buffer.from('<script>alert(1)</script>')]), {
          contentType: type,
        });
        const res = await app.inject({
          url: storage.signedUrl(fileKey, {
            expiresInSeconds: 60,
            disposition: 'inline',
            downloadName: `x.${ext}`,
          }),
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-disposition'], ext).toMatch(inline ? /^inline; / : /^attachment; /);
        expect(res.headers['content-security-policy'], ext).toBe(ext === 'pdf' ? INLINE_PDF_CSP : FILE_CSP);
      }
    });

    it('streams the same way on an owner-checked route (sendStoredFile)', async () => {
      const res = await app.inject({ url: `/owned/${key}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(body)).toBe(true);
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="Befund Bello.pdf"; filename*=UTF-8''Befund%20Bello.pdf`,
      );
      expect(res.headers['cache-control']).toBe('private, max-age=0');
      expect(res.headers['content-security-policy']).toBe(INLINE_PDF_CSP);
      const missing = await app.inject({ url: `/owned/pets/${randomUUID()}/x.pdf` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().key).toBe('Not_Found_Text');
    });
  });

  it('streams a 50 MB upload in bounded memory', async () => {
    const gc = (() => {
      v8.setFlagsFromString('--expose-gc');
      return vm.runInNewContext('gc') as () => void;
    })();
    const total = 50 * MiB;
    gc();
    const before = process.memoryUsage();
    let peakHeap = 0;
    let peakRss = 0;
    let sinceSample = 0;
    const source = generated(total, {
      onChunk: () => {
        sinceSample += 64 * 1024;
        if (sinceSample < 2 * MiB) return;
        sinceSample = 0;
        gc();
        const m = process.memoryUsage();
        peakHeap = Math.max(peakHeap, m.heapUsed + m.arrayBuffers - before.heapUsed - before.arrayBuffers);
        peakRss = Math.max(peakRss, m.rss - before.rss);
      },
    });
    const key = `${prefix()}big.bin`;
    const result = await storage.put(key, source.stream, { contentType: 'application/octet-stream' });
    expect(result).toMatchObject({ size: total });
    expect(peakHeap).toBeLessThan(30 * MiB);
    expect(peakRss).toBeLessThan(30 * MiB);
    await storage.delete(key);
  });
});

// ---------------------------------------------------------------------------------------------
// Keys, names, configuration and the factory

describe('storage keys and headers', () => {
  it('makes server-chosen keys: owner prefix, random UUID, canonical extension', () => {
    const petId = randomUUID();
    expect(newFileKey({ petId }, '.PDF')).toMatch(new RegExp(`^pets/${petId}/[0-9a-f-]{36}\\.pdf$`));
    expect(newFileKey({ userId: 'abcDEF123' }, 'jpg', 'avatar')).toMatch(
      /^users\/abcDEF123\/avatar\/[0-9a-f-]{36}\.jpg$/,
    );
    expect(ownerKeyPrefix({ userId: 'u1' })).toBe('users/u1/');
    expect(() => newFileKey({ petId: '../x' }, 'pdf')).toThrow(InvalidStorageKeyError);
    expect(() => newFileKey({ petId }, 'p/df')).toThrow(InvalidStorageKeyError);
    expect(() => newFileKey({ petId }, 'pdf', '../up')).toThrow(InvalidStorageKeyError);
  });

  it('encodes Content-Disposition per RFC 6266 / 5987', () => {
    expect(contentDisposition('attachment', 'Rechnung März (2).pdf')).toBe(
      `attachment; filename="Rechnung Marz (2).pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz%20%282%29.pdf`,
    );
    expect(contentDisposition('inline', '狗.png')).toBe(
      `inline; filename="_.png"; filename*=UTF-8''%E7%8B%97.png`,
    );
  });

  it('strips control characters and path separators from download names', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-storage-names-'));
    const storage = new LocalFileStorage({ dir, urlSecret: SECRET, now });
    const key = 'pets/p1/a.pdf';
    await storage.put(key, Readable.from([Buffer.from('x')]), { contentType: 'application/pdf' });
    const app = await filesApp(storage);
    const res = await app.inject({
      url: storage.signedUrl(key, { expiresInSeconds: 60, downloadName: '../..\\evil\r\nX-Injected: 1.pdf' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-injected']).toBeUndefined();
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_.._evilX-Injected: 1.pdf"; filename*=UTF-8''_.._evilX-Injected%3A%201.pdf`,
    );
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses signed URLs that are not short-lived', () => {
    const storage = new LocalFileStorage({ dir: os.tmpdir(), urlSecret: SECRET });
    expect(() => storage.signedUrl('pets/p/a.pdf', { expiresInSeconds: 0 })).toThrow(RangeError);
    expect(() => storage.signedUrl('pets/p/a.pdf', { expiresInSeconds: 86_401 })).toThrow(RangeError);
    expect(() => new LocalFileStorage({ dir: os.tmpdir(), urlSecret: 'short' })).toThrow();
  });
});

describe('storage configuration and factory', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-storage-config-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('defaults to local files under DATA_DIR with a secret generated once', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    expect(config.storage).toMatchObject({
      kind: 'local',
      dir: path.join(dataDir, 'files'),
      urlSecret: null,
    });
    const first = await createStorage(config.storage);
    const second = await createStorage(config.storage);
    expect(first).toBeInstanceOf(LocalFileStorage);
    const secretFile = path.join(dataDir, 'file-url-secret');
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir).filter((f) => f.includes('file-url-secret'))).toEqual(['file-url-secret']);
    // The same secret after a restart: a link made before still verifies.
    const url = new URL(first.signedUrl('pets/p/a.pdf', { expiresInSeconds: 60 }), 'http://x');
    const grant = second.verifySignedUrl('pets/p/a.pdf', Object.fromEntries(url.searchParams));
    expect(grant).toMatchObject({ key: 'pets/p/a.pdf', disposition: 'attachment' });
  });

  it('reads FILE_URL_SECRET and the S3 settings', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      FILES_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'files',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      FILE_URL_SECRET: SECRET,
      STORAGE_ORPHAN_GRACE_S: '120',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      urlSecret: SECRET,
      urlSecretFile: path.join(dataDir, 'file-url-secret'),
      orphanGraceSeconds: 120,
    });
    // The reconciler's grace is an hour unless set.
    expect(loadConfig({ DATA_DIR: dataDir }).storage.orphanGraceSeconds).toBe(3600);
    const storage = await createStorage(config.storage);
    expect(storage).toBeInstanceOf(S3FileStorage);
    await storage.close();
  });

  it('storagePlugin decorates app.storage, serves signed URLs and closes with the app', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const storage = await createStorage(config.storage, { logger: app.log });
    let closed = false;
    const close = storage.close.bind(storage);
    storage.close = async () => {
      closed = true;
      await close();
    };
    await app.register(storagePlugin, { storage });
    await app.ready();
    expect(app.storage).toBe(storage);
    const key = newFileKey({ userId: 'u1' }, 'png', 'avatar');
    await app.storage.put(key, Readable.from([Buffer.from('png')]), { contentType: 'image/png' });
    expect(fs.existsSync(path.join(dataDir, 'files', key))).toBe(true);
    const url = app.storage.signedUrl(key, { expiresInSeconds: 60, disposition: 'inline' });
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.rawPayload.length).toBe(0);
    await app.close();
    expect(closed).toBe(true);
  });

  it('refuses incomplete S3 settings', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, FILES_STORAGE: 'ftp' })).toThrow(/FILES_STORAGE/);
    const base = { DATA_DIR: dataDir, FILES_STORAGE: 's3' };
    expect(() => loadConfig(base)).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b', NODE_ENV: 'production' })).toThrow(/FILE_URL_SECRET/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b', FILE_URL_SECRET: 'short' })).toThrow(
      /FILE_URL_SECRET/,
    );
    expect(loadConfig({ ...base, S3_BUCKET: 'b' }).storage).toMatchObject({
      forcePathStyle: false,
      credentials: null,
    });
  });
});
