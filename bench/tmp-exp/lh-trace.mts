import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { startServer, signedInSession } from '../support/server.ts';
const req = createRequire(path.join('/tmp/lh', 'package.json'));
const lighthouse = (await import(pathToFileURL(req.resolve('lighthouse')).href)).default;
const launcher = await import(pathToFileURL(req.resolve('chrome-launcher')).href);
const server = await startServer();
const chrome = await launcher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
try {
  const { token, cookie } = await signedInSession(server.url);
  const pet = await fetch(`${server.url}/v1/pet`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url, authorization: `Bearer ${token}` }, body: JSON.stringify({ name: 'Bello', pet_type: 'Dog' }) });
  const petId = ((await pet.json()) as { id: string }).id;
  const page = process.env.PAGE === 'dashboard' ? '/dashboard' : `/pet-details/Bello/${petId}/my-pet`;
  for (let i = 0; i < Number(process.env.N ?? 1); i++) {
    const result = await lighthouse(`${server.url}${page}`, { port: chrome.port, onlyCategories: ['performance'], extraHeaders: { Cookie: cookie }, logLevel: 'error' });
    fs.writeFileSync(`/tmp/trace-${i}.json`, JSON.stringify(result.artifacts.Trace));
    fs.writeFileSync(`/tmp/lhr-${i}.json`, JSON.stringify(result.lhr));
    const a = result.lhr.audits;
    console.log(i, Math.round(result.lhr.categories.performance.score * 100), a['largest-contentful-paint'].displayValue, a['total-blocking-time'].displayValue);
  }
} finally { chrome.kill(); await server.stop(); }
