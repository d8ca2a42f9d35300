import { defineConfig } from 'vitest/config';

// One vitest run covers contract, the Stripe sandbox, server and web; e2e has its own config (needs the built app).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/stripe-sandbox', 'apps/server', 'apps/web'],
  },
});
