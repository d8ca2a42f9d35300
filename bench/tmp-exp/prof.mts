import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer, signedInSession } from '../support/server.ts';
const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const { token, cookie } = await signedInSession(server.url);
  const pet = await fetch(`${server.url}/v1/pet`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url, authorization: `Bearer ${token}` }, body: JSON.stringify({ name: 'Bello', pet_type: 'Dog' }) });
  const petId = ((await pet.json()) as { id: string }).id;
  const page_ = process.env.PAGE ?? `/pet-details/Bello/${petId}/my-pet`;
  const agg = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (let run = 0; run < Number(process.env.N ?? 3); run++) {
    const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const [name, ...rest] = cookie.split(';')[0]!.split('=');
    await ctx.addCookies([{ name: name!, value: rest.join('='), url: server.url }]);
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 4) });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.addInitScript(() => {
      (window as any).__lcp = 0;
      new PerformanceObserver((l) => { for (const e of l.getEntries()) (window as any).__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await cdp.send('Profiler.start');
    const t0 = Date.now();
    await page.goto(server.url + page_, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const { profile } = await cdp.send('Profiler.stop');
    const lcp = await page.evaluate(() => (window as any).__lcp as number);
    const navStart = await page.evaluate(() => performance.timeOrigin);
    console.log('run', run, 'lcp', Math.round(lcp), 'wall', Date.now() - t0);
    // samples until lcp: profile times are in us of monotonic clock; map via first sample ~ approx: use timeDeltas cumulative from startTime
    const nodes = new Map(profile.nodes.map((n: any) => [n.id, n]));
    let t = profile.startTime;
    // estimate the profile time of navigation as the first sample after start whose stack includes any page script
    const cutoff = profile.startTime + (Number(process.env.CUT_MS ?? 1e9)) * 1000;
    for (let i = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i];
      if (t > cutoff) break;
      const n: any = nodes.get(profile.samples[i]);
      const cf = n.callFrame;
      if (cf.functionName === '(idle)' || cf.functionName === '(program)') { agg.set(cf.functionName, (agg.get(cf.functionName) ?? 0) + profile.timeDeltas[i]); continue; }
      const file = cf.url.split('/').pop() || '(native)';
      const key = `${cf.functionName || '(anon)'} ${file}:${cf.lineNumber}:${cf.columnNumber}`;
      agg.set(key, (agg.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
      byFile.set(file, (byFile.get(file) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
    }
    await ctx.close();
  }
  console.log('--- by file (ms)');
  for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v / 1000).toFixed(0).padStart(6), k);
  console.log('--- by function (ms)');
  for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log((v / 1000).toFixed(0).padStart(6), k);
} finally { await browser.close(); await server.stop(); }
