import { afterEach, beforeEach } from 'vitest';
import { takeJournal } from './browser.ts';

// Prints the browser journal of a failed journey (see browser.ts): on CI it is the only record of
// what the page did and showed when the wait timed out. E2E_JOURNAL=always prints it for every test.
beforeEach(() => {
  takeJournal();
});

afterEach((context) => {
  const lines = takeJournal();
  const wanted = context.task.result?.state === 'fail' || process.env.E2E_JOURNAL === 'always';
  if (!wanted || lines.length === 0) return;
  console.error(
    `\n--- browser journal of "${context.task.name}" ---\n${lines.join('\n')}\n--- end of journal ---\n`,
  );
});
