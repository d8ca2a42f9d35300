// The public emergency page /notfall on a first visit (issue 16): Debian's Chromium with an empty
// cache loads it from the real server with JavaScript off, and we sum every answer's bytes as
// transferred (HTML, CSS, images, fonts: whatever the page pulls). Budget: under 20 KB, no script
// fetched, and the form a finder needs is there (the password field and the download button;
// that it downloads the file is the journey's part).
// The page is server-rendered (modules/emergency/public-page.routes.ts); the journey
// e2e/tests/emergency-public.e2e.ts downloads the file through it.
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from './support/server.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The goal for a first visit to /notfall, in bytes on the wire. */
const TRANSFER_BUDGET_BYTES = 20_000;

if (!fs.existsSync(CHROMIUM_PATH)) {
  console.error(`Chromium is missing at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  process.exit(1);
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
let failed = false;
try {
  for (const language of ['de-DE', 'en-US']) {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: language });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const answers = new Map<string, { url: string; type: string; bytes: number }>();
    cdp.on('Network.responseReceived', (e) =>
      answers.set(e.requestId, { url: e.response.url, type: e.type, bytes: 0 }),
    );
    cdp.on('Network.loadingFinished', (e) => {
      const answer = answers.get(e.requestId);
      if (answer) answer.bytes = e.encodedDataLength;
    });
    await page.goto(`${server.url}/notfall`, { waitUntil: 'load' });
    // The form posts without JavaScript: the emergency password (shown as typed) and its button.
    const hasPassword =
      (await page.locator('form[method="post"] input[name="activation_code"]').count()) === 1;
    const hasSubmit = (await page.locator('form[method="post"] button[type="submit"]').count()) === 1;
    await context.close();

    const total = [...answers.values()].reduce((sum, a) => sum + a.bytes, 0);
    const scripts = [...answers.values()].filter((a) => a.type === 'Script');
    console.log(
      `/notfall first visit (${language}, JavaScript off): ${total} bytes in ${answers.size} answers`,
    );
    for (const a of answers.values())
      console.log(`  ${String(a.bytes).padStart(7)} B  ${a.type.padEnd(10)} ${a.url}`);
    if (total >= TRANSFER_BUDGET_BYTES) {
      console.error(`BUDGET BROKEN: /notfall weighs ${total} bytes (budget < ${TRANSFER_BUDGET_BYTES})`);
      failed = true;
    }
    if (scripts.length > 0) {
      console.error(`BUDGET BROKEN: /notfall fetched scripts: ${scripts.map((s) => s.url).join(', ')}`);
      failed = true;
    }
    if (!hasPassword || !hasSubmit) {
      console.error('BUDGET BROKEN: /notfall without JavaScript has no password field or no submit button');
      failed = true;
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
if (failed) process.exit(1);
