/**
 * Writes src/lib/answer-schemas.json and screen-answer-schemas.json: the JSON Schema (as zod
 * generates it) of the contract's answers that the app checks without zod (src/lib/answer-check.ts):
 * those of a first visit, and those a pet page needs before zod arrives. Run after changing
 * those schemas in packages/contract: `node --import tsx apps/web/scripts/answer-schemas.ts`
 * (test/answer-check.test.ts fails until the file matches the contract again).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { ANSWER_SCHEMA_FILES } from './answer-schemas-source.ts';

for (const [file, text] of Object.entries(ANSWER_SCHEMA_FILES)) {
  const target = fileURLToPath(new URL(`../src/lib/${file}`, import.meta.url));
  const options = await prettier.resolveConfig(target);
  fs.writeFileSync(target, await prettier.format(text(), { ...options, filepath: target }));
  console.log(`wrote ${target}`);
}
