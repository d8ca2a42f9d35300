import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
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

export default defineConfig({
  plugins: [react()],
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
