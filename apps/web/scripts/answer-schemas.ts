/**
 * Writes src/lib/answer-schemas.json: the JSON Schema (as zod generates it) of the contract's
 * answers that a first visit checks without zod (src/lib/answer-check.ts). Run after changing
 * those schemas in packages/contract: `node --import tsx apps/web/scripts/answer-schemas.ts`
 * (test/answer-check.test.ts fails until the file matches the contract again).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { answerSchemasJson } from './answer-schemas-source.ts';

const target = fileURLToPath(new URL('../src/lib/answer-schemas.json', import.meta.url));
const options = await prettier.resolveConfig(target);
fs.writeFileSync(target, await prettier.format(answerSchemasJson(), { ...options, filepath: target }));
console.log(`wrote ${target}`);
