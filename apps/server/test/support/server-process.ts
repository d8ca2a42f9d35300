import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * "Start a server on a free port" for the journeys (e2e) and the benches (bench), which both run a
 * server in its own process: they differ only in the Node arguments, the environment and whether
 * the output is shown or kept for the error.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** A port nothing listens on right now (the system picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcessOptions {
  /** Node's arguments (flags and script), run from the repository root. */
  args: string[];
  /** Added to this process's environment; PORT, PUBLIC_URL (and DATA_DIR with dataDirPrefix) are set here. */
  env?: Record<string, string>;
  /** When set, a fresh temporary DATA_DIR with this prefix, removed on stop. */
  dataDirPrefix?: string;
  /** The host name in `url` (localhost unless the caller needs the numeric address). */
  host?: string;
  /** Answers 2xx once the server is ready. */
  readyPath?: string;
  /** 'inherit' shows the server's output; 'capture' keeps it for the error when it does not start. */
  output?: 'inherit' | 'capture';
}

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  /** '' without dataDirPrefix. */
  dataDir: string;
  /** Stops the server (SIGTERM, waits for its exit) and removes its DATA_DIR. */
  stop: () => Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;

/** Starts a server process on a free port and waits until its ready path answers. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = options.dataDirPrefix ? fs.mkdtempSync(path.join(os.tmpdir(), options.dataDirPrefix)) : '';
  const url = `http://${options.host ?? 'localhost'}:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, options.args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...options.env,
    },
    stdio: options.output === 'capture' ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited (${child.exitCode}):\n${log}`);
    }
    if ((await fetch(`${url}${options.readyPath ?? '/readyz'}`).catch(() => null))?.ok) {
      return { url, port, pid: child.pid!, dataDir, stop };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`server did not become ready within ${READY_TIMEOUT_MS / 1000} s:\n${log}`);
}
