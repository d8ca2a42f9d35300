import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { textPartOf, textParts } from '../build/text-parts';

/** The plugin's load hook with the little of Rollup's context it uses. */
function loadPart(localesDir: string, id: string): string {
  const plugin = textParts(localesDir);
  const context = {
    addWatchFile: () => undefined,
    error: (message: string) => {
      throw new Error(message);
    },
  };
  return (plugin.load as unknown as (this: typeof context, id: string) => string).call(context, id);
}

const dirs: string[] = [];
function locales(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-locales-'));
  dirs.push(dir);
  for (const [file, tree] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), JSON.stringify(tree));
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the build’s text parts (build/text-parts.ts)', () => {
  it('merges the public files and the rest of a language into one JSON text each', () => {
    const dir = locales({
      'en/translation.json': { app: { title: 'Portal' } },
      'en/identity.json': { identity: { or: 'or' } },
      'en/pets.json': { pets: { add: 'Add pet' }, app: { pets: 'Pets' } },
      'en/medical.json': { medical: { title: 'Medical data' } },
    });
    const parsed = (source: string) => JSON.parse(JSON.parse(/^export default (.*);\n$/.exec(source)![1]!));
    expect(parsed(loadPart(dir, '\0virtual:text-part/en/public'))).toEqual({
      app: { title: 'Portal' },
      identity: { or: 'or' },
    });
    expect(parsed(loadPart(dir, '\0virtual:text-part/en/rest'))).toEqual({
      app: { pets: 'Pets' },
      medical: { title: 'Medical data' },
      pets: { add: 'Add pet' },
    });
  });

  it('fails the build on a key defined in two files, and on an unknown part', () => {
    const dir = locales({
      'de/pets.json': { pets: { add: 'Tier anlegen' } },
      'de/medical.json': { pets: { add: 'Noch einmal' } },
    });
    expect(() => loadPart(dir, '\0virtual:text-part/de/rest')).toThrow(/pets\.add is defined twice/);
    expect(() => loadPart(dir, '\0virtual:text-part/fr/rest')).toThrow(/no such part/);
    expect(textPartOf('\0virtual:text-part/de/other')).toBeNull();
    expect(textPartOf('/src/locales/de/pets.json')).toBeNull();
    expect(textPartOf('\0virtual:text-part/de/public')).toEqual({ language: 'de', part: 'public' });
  });
});
