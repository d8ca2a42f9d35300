// Issue 17's bench lines for the exports:
// (a) the public lost-pet tag page /found/{tag}: its bytes (budget: under 20 KB) and its server time
//     as a ratio of a static file of the same size served by the same server;
// (b) the full data export's throughput (MB/s) as a ratio of a plain ZIP of the same files made with
//     archiver straight from disk to disk;
// (c) the server's peak resident memory during the export (budget: it grows less than 128 MB, i.e. the
//     ZIP is streamed, not built in memory). The uploaded size is EXPORT_BENCH_MB (default 200 MB;
//     EXPORT_BENCH_MB=1024 for the 1 GB).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import archiver from 'archiver';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '@pet/contract';
import { rssBytes, signedInToken, startServer, type BenchServer } from './support/server.ts';

const MB = 1024 * 1024;
const TOTAL_MB = Number(process.env.EXPORT_BENCH_MB ?? 200);
const TAG_PAGE_BUDGET_BYTES = 20_000;
const MEMORY_BUDGET_BYTES = 128 * MB;
const TAG_REQUESTS = 100;
const repoRoot = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

/** GET through node:http from a chosen loopback address (the tag page limits openings per address). */
function get(url: string, localAddress: string): Promise<{ status: number; bytes: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const req = http.get(url, { localAddress, headers: { 'accept-encoding': 'identity' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, bytes, ms: Number(process.hrtime.bigint() - start) / 1e6 }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]!;

async function call<T>(server: BenchServer, token: string, method: string, p: string, body?: unknown) {
  const res = await fetch(`${server.url}${p}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** The premium plan, as a customer gets it: an operator-generated code, redeemed. */
async function premium(server: BenchServer, token: string) {
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/admin/cli.ts',
      'generate-codes',
      '--brand',
      'primepet',
      '--type',
      'single',
      '--product',
      'premium',
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: server.dataDir,
        PUBLIC_URL: server.url,
        DATABASE_URL: '',
        LOG_LEVEL: 'silent',
      },
    },
  );
  const code = stdout.trim().split('\n').at(-1)!.split(',')[0]!;
  await call(server, token, 'POST', '/v1/auth/verifycode', { code });
}

// A web root of its own: index.html plus, later, a static file as large as the tag page.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-bench-web-'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>bench</title>');
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-bench-export-files-'));
const plainDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-bench-plain-zip-'));

// Random-byte PDFs get no thumbnail (logged as warnings): only errors are printed.
const server = await startServer({ WEB_DIST_DIR: webDir, JOBS_POLL_MS: '50', LOG_LEVEL: 'error' });
let failed = false;
try {
  const token = await signedInToken(server.url);
  await premium(server, token);
  const pet = await call<{ id: string }>(server, token, 'POST', '/v1/pet', {
    name: 'Bello',
    pet_type: 'Dog',
  });

  // (a) The tag page against a static file of the same bytes.
  const tag = await call<{ url: string }>(server, token, 'POST', `/v1/pet/tag/regenerate?pet_id=${pet.id}`);
  const tagPath = new URL(tag.url).pathname;
  const first = await get(`${server.url}${tagPath}`, '127.0.0.2');
  if (first.status !== 200) throw new Error(`tag page answered ${first.status}`);
  const page = await (
    await fetch(`${server.url}${tagPath}`, { headers: { 'accept-encoding': 'identity' } })
  ).text();
  fs.writeFileSync(path.join(webDir, 'static-page.html'), page);
  const address = (i: number) => `127.0.0.${10 + (i % 40)}`;
  const tagMs: number[] = [];
  const staticMs: number[] = [];
  for (let i = 0; i < TAG_REQUESTS; i++) {
    // Interleaved, so both see the same machine load.
    const a = await get(`${server.url}${tagPath}`, address(i));
    const b = await get(`${server.url}/static-page.html`, address(i));
    if (a.status !== 200 || b.status !== 200) throw new Error(`answers ${a.status} / ${b.status}`);
    if (i >= 10) {
      tagMs.push(a.ms);
      staticMs.push(b.ms);
    }
  }
  console.log(
    `tag page: ${first.bytes} bytes (budget < ${TAG_PAGE_BUDGET_BYTES}); static file of the same size`,
  );
  console.log(
    `tag page median ${median(tagMs).toFixed(2)} ms (p90 ${p90(tagMs).toFixed(2)}), static ${median(staticMs).toFixed(2)} ms (p90 ${p90(staticMs).toFixed(2)})`,
  );
  console.log(
    `server time ratio tag page/static file: median ${(median(tagMs) / median(staticMs)).toFixed(2)}, p90 ${(p90(tagMs) / p90(staticMs)).toFixed(2)}`,
  );
  if (first.bytes >= TAG_PAGE_BUDGET_BYTES) {
    console.error('BUDGET BROKEN: the tag page weighs 20 KB or more');
    failed = true;
  }

  // (b) and (c): upload TOTAL_MB of documents (25 MB PDFs of random bytes, like scans), export them.
  const fileCount = Math.max(1, Math.ceil((TOTAL_MB * MB) / MAX_FILE_BYTES));
  const sources: string[] = [];
  const block = Buffer.alloc(MB);
  for (let i = 0; i < fileCount; i++) {
    const file = path.join(filesDir, `scan-${i}.pdf`);
    const fd = fs.openSync(file, 'w');
    const size = Math.min(MAX_FILE_BYTES, TOTAL_MB * MB - i * MAX_FILE_BYTES);
    for (let written = 0; written < size; written += MB) {
      for (let j = 0; j < MB; j += 4) block.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, j);
      if (written === 0) Buffer.from('%PDF-1.4\n').copy(block);
      fs.writeSync(fd, block, 0, Math.min(MB, size - written));
    }
    fs.closeSync(fd);
    sources.push(file);
  }
  const totalBytes = sources.reduce((sum, file) => sum + fs.statSync(file).size, 0);
  for (let i = 0; i < sources.length; i += MAX_FILES_PER_UPLOAD) {
    const form = new FormData();
    for (const source of sources.slice(i, i + MAX_FILES_PER_UPLOAD))
      form.append('file', await fs.openAsBlob(source), path.basename(source));
    const res = await fetch(`${server.url}/v1/upload/document?file_for=pet&pet_id=${pet.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { doc_url: string[] };
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
    await call(server, token, 'POST', `/v1/document?pet_id=${pet.id}`, {
      document_type: 'Insurance',
      description: `Scans ${i}`,
      doc_url: body.doc_url,
    });
  }

  // Reference: archiver, the same files (stored, as the export stores PDFs) from disk to disk, synced.
  const plainZip = path.join(plainDir, 'plain.zip');
  const plainStart = process.hrtime.bigint();
  const archive = archiver('zip', { zlib: { level: 6 } });
  const written = pipeline(archive, fs.createWriteStream(plainZip));
  for (const source of sources)
    archive.append(fs.createReadStream(source), { name: path.basename(source), store: true });
  await archive.finalize();
  await written;
  const fd = fs.openSync(plainZip, 'r');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  const plainSeconds = Number(process.hrtime.bigint() - plainStart) / 1e9;

  const before = rssBytes(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(server.pid))), 10);
  const exportStart = process.hrtime.bigint();
  await call(server, token, 'POST', '/v1/account/export');
  type State = { export: { status: string; size: number | null; files_total: number } };
  let state: State;
  for (;;) {
    state = await call<State>(server, token, 'GET', '/v1/account/export');
    if (state.export.status === 'ready' || state.export.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const exportSeconds = Number(process.hrtime.bigint() - exportStart) / 1e9;
  clearInterval(sampler);
  peak = Math.max(peak, rssBytes(server.pid));
  if (state.export.status !== 'ready') throw new Error('the export failed');

  const totalMb = totalBytes / MB;
  const exportRate = totalMb / exportSeconds;
  const plainRate = totalMb / plainSeconds;
  console.log(
    `export of ${totalMb.toFixed(0)} MB uploaded (${sources.length} files; ZIP ${(state.export.size! / MB).toFixed(0)} MB, ${state.export.files_total} entries) in ${exportSeconds.toFixed(2)} s: ${exportRate.toFixed(0)} MB/s`,
  );
  console.log(`plain archiver zip disk to disk:  ${plainSeconds.toFixed(2)} s: ${plainRate.toFixed(0)} MB/s`);
  console.log(`throughput ratio export/plain zip: ${(exportRate / plainRate).toFixed(2)}`);
  const growth = peak - before;
  console.log(
    `server RSS during the export ${(before / MB).toFixed(0)} MB -> peak ${(peak / MB).toFixed(0)} MB: grew ${(growth / MB).toFixed(1)} MB (budget < ${MEMORY_BUDGET_BYTES / MB} MB; EXPORT_BENCH_MB=${TOTAL_MB})`,
  );
  if (growth >= MEMORY_BUDGET_BYTES) {
    console.error('BUDGET BROKEN: the export is held in memory');
    failed = true;
  }
} finally {
  await server.stop();
  for (const dir of [webDir, filesDir, plainDir]) fs.rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
