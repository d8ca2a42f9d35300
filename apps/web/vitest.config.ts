import { fileURLToPath, URL } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { textParts } from './build/text-parts';

export default defineProject({
  // The texts' parts as the app loads them (src/lib/texts.ts).
  plugins: [react(), textParts(fileURLToPath(new URL('./src/locales', import.meta.url)))],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // Journeys through lazy routes render many screens; a busy CI machine needs the headroom.
    testTimeout: 60_000,
  },
});
