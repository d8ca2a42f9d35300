// The PDF render worker (render-pool.ts). Plain JavaScript so that Node starts it without a
// loader; it registers tsx itself to import the TypeScript renderer modules it is asked to run.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();

parentPort.on('message', async ({ id, moduleUrl, exportName, data }) => {
  try {
    const module = await import(moduleUrl);
    const render = module[exportName];
    if (typeof render !== 'function') throw new Error(`${moduleUrl} has no function ${exportName}`);
    const chunks = [];
    for await (const chunk of await render(data)) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    parentPort.postMessage({ id, ok: true, bytes });
  } catch (error) {
    parentPort.postMessage({
      id,
      ok: false,
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
