import { afterEach, beforeEach } from 'vitest';
import { noteOpenPages, takeJournal } from './journal.ts';

// Prints the browser journal of a failed journey (see journal.ts): on CI it is the only record of
// what the page did and showed when the wait timed out. E2E_JOURNAL=always prints it for every test.
beforeEach(() => {
  takeJournal();
});

afterEach(async (context) => {
  const failed = context.task.result?.state === 'fail';
  // Pages a test closes in its own failure hook are still open here: note what they show.
  if (failed) await noteOpenPages();
  const lines = takeJournal();
  if (!(failed || process.env.E2E_JOURNAL === 'always') || lines.length === 0) return;
  console.error(
    `\n--- browser journal of "${context.task.name}" ---\n${lines.join('\n')}\n--- end of journal ---\n`,
  );
});
