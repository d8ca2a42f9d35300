// Size of what the browser must load before the first screen: the entry chunk and the chunks
// index.html preloads, gzipped, as a share of the whole build. Budgets keep routes lazy.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
/** Budget in gzipped bytes for everything index.html loads up front. */
const INITIAL_BUDGET_GZIP = 300 * 1024;
/**
 * Budget for the largest lazy chunk: the weight chart (@mui/x-charts) is the heaviest, loaded only
 * on My Animal.
 */
const ROUTE_CHUNK_BUDGET_GZIP = 100 * 1024;

if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set(
  [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!),
);
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
const assets = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f))
  .map((f) => `assets/${f}`);

let initialBytes = 0;
let totalBytes = 0;
let largestLazy = { file: '', bytes: 0 };
for (const file of assets) {
  const bytes = gz(file);
  totalBytes += bytes;
  if (initial.has(file)) initialBytes += bytes;
  else if (bytes > largestLazy.bytes && file.endsWith('.js') && !/vendor|mui|react/.test(file))
    largestLazy = { file, bytes };
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
console.log(
  `initial load (gzip): ${kb(initialBytes)} of ${kb(totalBytes)} total, ratio ${(initialBytes / totalBytes).toFixed(2)}`,
);
console.log(`largest lazy route chunk (gzip): ${largestLazy.file} ${kb(largestLazy.bytes)}`);
console.log(`budgets: initial <= ${kb(INITIAL_BUDGET_GZIP)}, route chunk <= ${kb(ROUTE_CHUNK_BUDGET_GZIP)}`);
if (initialBytes > INITIAL_BUDGET_GZIP || largestLazy.bytes > ROUTE_CHUNK_BUDGET_GZIP) {
  console.error('BUDGET BROKEN');
  process.exit(1);
}
