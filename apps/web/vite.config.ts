import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The one Node process (apps/server) that answers these paths; the dev server forwards them. */
const API_TARGET = process.env.VITE_API_TARGET ?? 'http://localhost:3000';
const proxied = { target: API_TARGET, changeOrigin: false, xfwd: true };

/**
 * Vendor groups for the initial load only (`$initial` tag): libraries used by lazy routes alone
 * (date pickers, charts, crop) stay in those routes' chunks instead of being pulled up front.
 */
const vendorGroups = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
    priority: 30,
  },
  {
    name: 'mui',
    test: /[\\/]node_modules[\\/](@mui[\\/](material|system|styled-engine|utils|private-theming|core-downloads-tracker)|@emotion|@popperjs|react-transition-group|stylis|clsx)[\\/]/,
    priority: 20,
  },
  { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 10 },
];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip -9) beside every text file of the build
 * over 1 KB, kept only when smaller; the server sends them as they are (@fastify/static's
 * `preCompressed`), so nothing is compressed per request. Source maps are left alone.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = async (dir: string): Promise<string[]> =>
    (
      await Promise.all(
        (await fs.readdir(dir, { withFileTypes: true })).map((entry) =>
          entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        ),
      )
    ).flat();
  return {
    name: 'pet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await walk(outDir)).filter((file) => /\.(js|mjs|css|html|svg|json|txt)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(file);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    // MUI alone is ~350 kB minified before gzip; warn only above that.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorGroups.map((group) => ({ ...group, tags: ['$initial' as const] })),
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': proxied,
      '/identity': proxied,
      // The payment sandbox (confirmation, 3-D Secure and checkout pages) when no Stripe key is set.
      '/sandbox': proxied,
      // Anchored so paths such as /devices are not swallowed; only /dev and /dev/...
      '^/dev(/|$)': proxied,
      '^/docs(/|$)': proxied,
      '/healthz': proxied,
      '/readyz': proxied,
    },
  },
  preview: {
    port: 4173,
  },
});
