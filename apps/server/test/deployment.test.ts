import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../src/config.ts';

/**
 * The deployment files (Dockerfile, compose.yaml, Caddyfile) cannot be run here (no Docker daemon,
 * no image registry), so their promises are checked against the code they deploy: the settings
 * compose gives each instance load into the shared-everything configuration, every variable is one
 * the server knows, Caddy proxies to exactly the instances, and the image runs the server as a
 * non-root user with a health check.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
  entrypoint?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const apps = Object.entries(services).filter(([, service]) => service.build !== undefined);

/** Compose's variable interpolation: ${VAR}, ${VAR:-default}, ${VAR:?error}, $$ for a dollar. */
function interpolate(value: string, given: Record<string, string>): string {
  return value
    .replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_match, name: string, op?: string, arg?: string) => {
      if (given[name] !== undefined && given[name] !== '') return given[name];
      if (op === '?') throw new Error(`compose needs ${name}: ${arg}`);
      return op === '-' ? (arg ?? '') : '';
    })
    .replace(/\$\$/g, '$');
}

/** What an operator puts into .env (README "Running several instances"). */
const DOT_ENV = {
  POSTGRES_PASSWORD: 'pg-password',
  MINIO_ROOT_PASSWORD: 'minio-password',
  AUTH_SECRET: 'a'.repeat(64),
  CODE_SECRET: 'c'.repeat(64),
  FILE_URL_SECRET: 'f'.repeat(64),
  VAPID_PUBLIC_KEY: 'BFnJ5Ffyr9GDSf2VEIpju6TRPifdYRNYI46mhV0zncgSSX8wxiJd3RhrJAhsUe2xzrLQHlGpvBhKk78MNuZPitk',
  VAPID_PRIVATE_KEY: 'w6de0m9a6UB_4dSsXU_PtUUq5btzbcPygXf_bx1Qj8s',
};

const envOf = (service: Service, given: Record<string, string> = DOT_ENV) =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value), given)]),
  );

describe('compose.yaml', () => {
  it('runs PostgreSQL, MinIO (and its bucket), Redis, Caddy and two instances of the image', () => {
    expect(Object.keys(services).sort()).toEqual([
      'app1',
      'app2',
      'bucket',
      'caddy',
      'minio',
      'postgres',
      'redis',
    ]);
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2']);
  });

  it('gives every instance the same settings: one database, one bucket, Redis limits, the same secrets', () => {
    const [first, ...others] = apps.map(([, service]) => envOf(service));
    for (const other of others) expect(other).toEqual(first);
    const config = loadConfig(first!);
    expect(config.env).toBe('production');
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://portal:pg-password@postgres:5432/portal',
    });
    expect(config.rateLimit).toEqual({
      store: 'redis',
      redisUrl: 'redis://redis:6379',
      redisPrefix: 'pet:ratelimit:',
    });
    expect(config.storage).toMatchObject({
      kind: 's3',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'portal', secretAccessKey: 'minio-password' },
      urlSecret: DOT_ENV.FILE_URL_SECRET,
    });
    expect(config.identity).toMatchObject({
      authSecret: DOT_ENV.AUTH_SECRET,
      codeSecret: DOT_ENV.CODE_SECRET,
    });
    // One VAPID key pair for every instance (web push, issue 36).
    expect(config.push?.vapid).toEqual({
      publicKey: DOT_ENV.VAPID_PUBLIC_KEY,
      privateKey: DOT_ENV.VAPID_PRIVATE_KEY,
    });
  });

  it('refuses to start without the secrets in .env', () => {
    const { AUTH_SECRET: _omitted, ...withoutAuth } = DOT_ENV;
    expect(() => envOf(apps[0]![1], withoutAuth)).toThrow(/AUTH_SECRET/);
    const { VAPID_PRIVATE_KEY: _noPush, ...withoutVapid } = DOT_ENV;
    expect(() => envOf(apps[0]![1], withoutVapid)).toThrow(/VAPID_PRIVATE_KEY/);
  });

  it('passes only variables the server knows (each documented in the README table)', () => {
    const documented = new Set([...read('README.md').matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((m) => m[1]));
    // README rows that name two variables: "`S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`".
    for (const m of read('README.md').matchAll(/^\|[^|]*\|/gm)) {
      for (const name of m[0].matchAll(/`([A-Z0-9_]+)`/g)) documented.add(name[1]);
    }
    for (const [, service] of apps) {
      for (const key of Object.keys(service.environment ?? {})) expect(documented, key).toContain(key);
    }
  });

  it('trusts forwarded addresses from Caddy alone, at its fixed address', () => {
    const caddyNetworks = services.caddy!.networks as Record<string, { ipv4_address?: string }>;
    const caddyAddress = Object.values(caddyNetworks)[0]?.ipv4_address;
    expect(caddyAddress).toBeDefined();
    expect(loadConfig(envOf(apps[0]![1])).trustProxy).toEqual([caddyAddress]);
  });

  it('starts the second instance after the first is healthy, and both after their backing services', () => {
    for (const [, service] of apps) {
      expect(service.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        bucket: { condition: 'service_completed_successfully' },
      });
    }
    expect(services.app2!.depends_on!.app1).toEqual({ condition: 'service_healthy' });
    for (const name of ['postgres', 'redis', 'minio'])
      expect(services[name]!.healthcheck, name).toBeDefined();
  });

  it('creates the bucket the instances use', () => {
    const bucket = envOf(apps[0]![1]).S3_BUCKET;
    expect(services.bucket!.entrypoint!.join(' ')).toContain(`mc mb --ignore-existing local/${bucket}`);
  });
});

describe('Caddyfile', () => {
  it('balances over exactly the instances, on their port, and checks their readiness', () => {
    const caddyfile = read('Caddyfile');
    const upstreams = /^\s*reverse_proxy\s+([^{\n]+)\{/m.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    const port = envOf(apps[0]![1]).PORT;
    expect(upstreams).toEqual(apps.map(([name]) => `${name}:${port}`));
    expect(caddyfile).toMatch(/health_uri \/readyz/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const ignored = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

  it('runs the server as npm start does, as a non-root user with a health check on /healthz', () => {
    expect(finalStage).toMatch(/^USER node$/m);
    expect(finalStage).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(finalStage)![1]!) as string[];
    // The same command, Node flags included, as `npm start` runs after its build.
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start!;
    expect(cmd).toEqual(start.split(' && ').at(-1)!.split(' '));
    expect(cmd).toContain('--no-memory-reducer');
    expect(fs.existsSync(path.join(root, cmd.at(-1)!))).toBe(true);
  });

  it('copies only paths that exist and that .dockerignore lets through', () => {
    const copies = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/));
    expect(copies.length).toBeGreaterThan(5);
    for (const source of copies) {
      expect(fs.existsSync(path.join(root, source)), source).toBe(true);
      expect(ignored.includes(source), source).toBe(false);
    }
    // Local installs, data and secrets never reach the build context.
    for (const pattern of ['**/node_modules', 'data', '.env', '.git']) expect(ignored).toContain(pattern);
  });

  it('puts the built web app where the server looks for it', () => {
    const workdir = /^WORKDIR (\S+)$/m.exec(finalStage)![1]!;
    const webCopy = /^COPY --from=web \S+ (\S+)$/m.exec(finalStage)![1]!;
    const defaultWebDir = loadConfig({ NODE_ENV: 'test' }).webDistDir;
    expect(path.posix.join(workdir, webCopy)).toBe(
      path.posix.join(workdir, path.relative(root, defaultWebDir)),
    );
  });
});
