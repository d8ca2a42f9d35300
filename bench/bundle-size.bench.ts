// What a first visit to /signin costs on the wire: Debian's Chromium loads the page from the real
// server (an empty cache, so every JS and CSS file is fetched), and we sum the bytes of the JS and
// CSS bodies as transferred (brotli, pre-compressed at build) and as decoded, plus the ratio.
// Budgets: the transferred bytes of that first visit, and the largest lazy route chunk (brotli)
// so routes stay lazy.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from './support/server.ts';

// WEB_DIST_DIR (as the server reads it) measures another build than apps/web/dist.
const dist = path.resolve(process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../apps/web/dist'));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * JS + CSS body bytes on the wire for a first visit to /signin: 286 KiB brotli (1,044 KiB before
 * compression) in 2026-11, 258.6 KiB after the texts, the signed-in shell and the top bar's menu
 * and dialog became lazy, 260.6 KiB with the sign-in screen's and skeleton's later additions,
 * 239.6 KiB once the identity fields compose OutlinedInput instead of TextField (which pulled
 * Select, Menu, Popover, Modal) and the verification dialog became lazy, 226.7 KiB in 8 files
 * (37 before) with the sign-in route's own code in one chunk and zod's JSON Schema generator out
 * of the browser build (apps/web/vite.config.ts), 207.1 KiB with zod out of the first visit (its
 * answers checked against JSON Schema generated from the contract, apps/web/src/lib/answer-check.ts;
 * the contract's schemas and zod in a lazy chunk), 195.2 KiB in 8 files with the sign-in form
 * without react-hook-form, 180.5 KiB with the app's own translation engine instead of i18next and
 * react-i18next (apps/web/src/lib/translator.ts), 179.5 KiB with the page skeleton's tiles as a
 * CSS grid instead of MUI's Grid, 156.8 KiB with our own router (apps/web/src/lib/router, about
 * 3.4 KiB) instead of react-router (about 26 KiB), 147.6 KiB in 7 files without TanStack Query
 * (about 9 KiB): the session and the brand config are small stores of their own
 * (apps/web/src/lib/remote-value.ts), the sign-in screens use a local mutation hook, and TanStack
 * Query loads with the signed-in shell (its own `query` chunk). What is left: react-dom 54, MUI
 * with emotion about 55, our code and texts about 38. The issue's goal was 154 KiB; this budget
 * is what has been reached, so it cannot grow back unnoticed. It went from 148 to 149 KiB with
 * the start-up's mirror of the chosen language into a cookie (the server preloads that
 * language's texts with the page) and the texts' scope rule shared with the build: 147.9 ->
 * 148.04 KiB.
 */
const SIGNIN_TRANSFER_BUDGET = 149 * 1024;
/**
 * Budget for the largest lazy chunk, brotli: the weight chart (@mui/x-charts) is the heaviest,
 * loaded only on My Animal.
 */
const ROUTE_CHUNK_BUDGET = 90 * 1024;

if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}
if (!fs.existsSync(CHROMIUM_PATH)) {
  console.error(`Chromium is missing at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  process.exit(1);
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

// The largest lazy route chunk, as the server sends it (its .br file).
const brSize = (file: string) =>
  fs.existsSync(path.join(dist, `${file}.br`))
    ? fs.statSync(path.join(dist, `${file}.br`)).size
    : zlib.brotliCompressSync(fs.readFileSync(path.join(dist, file))).length;
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set(
  [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!),
);
let largestLazy = { file: '', bytes: 0 };
for (const name of fs.readdirSync(path.join(dist, 'assets'))) {
  const file = `assets/${name}`;
  if (!file.endsWith('.js') || initial.has(file) || /vendor|mui|react/.test(name)) continue;
  const bytes = brSize(file);
  if (bytes > largestLazy.bytes) largestLazy = { file, bytes };
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
let failed = false;
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // Per request: the header bytes (at responseReceived), then the body bytes as received
  // (loadingFinished's total minus the headers) and as decoded (dataReceived).
  const responses = new Map<
    string,
    { url: string; encoding: string; headerBytes: number; decoded: number }
  >();
  let transferred = 0;
  let decoded = 0;
  let files = 0;
  const perFile: Array<{ file: string; bytes: number }> = [];
  const encodings = new Set<string>();
  cdp.on('Network.responseReceived', (e) => {
    const encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding');
    responses.set(e.requestId, {
      url: e.response.url,
      encoding: encoding ? String(encoding[1]) : 'identity',
      headerBytes: e.response.encodedDataLength,
      decoded: 0,
    });
  });
  cdp.on('Network.dataReceived', (e) => {
    const response = responses.get(e.requestId);
    if (response) response.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const response = responses.get(e.requestId);
    if (!response || !/\.(js|css)$/.test(new URL(response.url).pathname)) return;
    const bytes = e.encodedDataLength - response.headerBytes;
    transferred += bytes;
    decoded += response.decoded;
    perFile.push({ file: new URL(response.url).pathname, bytes });
    encodings.add(response.encoding);
    files += 1;
  });
  await page.goto(`${server.url}/signin`, { waitUntil: 'networkidle' });
  await page.getByRole('button').first().waitFor();
  console.log(
    `first visit to /signin: ${files} JS/CSS files, ${kb(transferred)} transferred (${[...encodings].join(', ')}) ` +
      `of ${kb(decoded)} decoded, ratio ${(transferred / decoded).toFixed(2)}`,
  );
  // The heaviest files first: where the next saving is.
  for (const { file, bytes } of perFile.sort((a, b) => b.bytes - a.bytes).slice(0, 12)) {
    console.log(`  ${kb(bytes).padStart(10)}  ${file}`);
  }
  console.log(`largest lazy route chunk (brotli): ${largestLazy.file} ${kb(largestLazy.bytes)}`);
  console.log(
    `budgets: /signin transfer <= ${kb(SIGNIN_TRANSFER_BUDGET)}, route chunk <= ${kb(ROUTE_CHUNK_BUDGET)}`,
  );
  if (transferred > SIGNIN_TRANSFER_BUDGET || largestLazy.bytes > ROUTE_CHUNK_BUDGET) failed = true;
} finally {
  await browser.close();
  await server.stop();
}
if (failed) {
  console.error('BUDGET BROKEN');
  process.exit(1);
}
