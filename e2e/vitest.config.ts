import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts the built server on a free port with a fresh DATA_DIR and
// drives Debian's Chromium. Files run one at a time: two Chromiums on two cores slow everything.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    setupFiles: ['support/failure-report.ts'],
    testTimeout: 60_000,
    // One more attempt for a journey that failed: a CI machine's scheduling can starve a browser
    // wait now and then. The failed attempt still prints its browser journal (failure-report.ts),
    // so a flaky journey shows in the log instead of hiding; a real failure fails both attempts.
    retry: 1,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
