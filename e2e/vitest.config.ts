import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts the built server on a free port with a fresh DATA_DIR and
// drives Debian's Chromium. Files run one at a time: two Chromiums on two cores slow everything.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
