import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file builds its own app on its own database; keep files in parallel but tests in order.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
