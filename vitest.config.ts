import { defineConfig } from 'vitest/config';

// One vitest run covers contract, server and web; e2e has its own config (needs the built app).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
