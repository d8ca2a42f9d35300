import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { LocalFileStorage } from './platform/storage/index.ts';

// Only listens: everything else is composed in buildApp.
const config = loadConfig();
const app = await buildApp(config);
// The serving process owns the local files folder: temp files found at its start are from a server
// that died mid-upload. (Only here: the operator command must never touch uploads in progress.)
if (app.storage instanceof LocalFileStorage) await app.storage.sweepTemporaryFiles(0);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Pet portal at ${config.publicUrl} (brand ${config.defaultBrand}, ${config.database.kind})`);
} catch (err) {
  app.log.error({ err }, 'could not start');
  process.exit(1);
}
