import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'stripe-sandbox', include: ['test/**/*.test.ts'] },
});
