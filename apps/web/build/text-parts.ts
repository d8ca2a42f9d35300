import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { PUBLIC_TEXT_FILES } from '../src/locales/parts';
import { mergeTranslationTrees, type TranslationTree } from '../src/locales/merge';
// By path, as in route-preloads.ts: Node cannot load the package `@pet/contract` (TypeScript).
import type { TextPart } from '../../../packages/contract/src/route-preloads';

/** `virtual:text-part/<language>/<part>`: one part of a language's texts (src/lib/texts.ts). */
const TEXT_PART_MODULE = 'virtual:text-part/';
const RESOLVED_PREFIX = `\0${TEXT_PART_MODULE}`;

/** The language and part of a resolved text-part module id; null for any other module. */
export function textPartOf(id: string): { language: string; part: TextPart } | null {
  if (!id.startsWith(RESOLVED_PREFIX)) return null;
  const [language = '', part = ''] = id.slice(RESOLVED_PREFIX.length).split('/');
  return /^[a-z]{2}$/.test(language) && (part === 'public' || part === 'rest') ? { language, part } : null;
}

/**
 * Each part of a language's texts as one module whose default export is the part's locale files
 * merged into one tree, written as JSON text. The app parses it (JSON.parse builds the tree
 * several times faster than a script can copy one) instead of merging some fifteen files' trees
 * in the browser: that merge took 5-7 ms of a first visit's start-up here, 5-25 ms at a phone's
 * speed. A key defined in two files fails the build. Used by the build, the dev server and the
 * web tests alike.
 */
export function textParts(localesDir: string): Plugin {
  return {
    name: 'pet-text-parts',
    resolveId(id) {
      return id.startsWith(TEXT_PART_MODULE) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      const text = textPartOf(id);
      const dir = text ? path.join(localesDir, text.language) : '';
      if (!text || !fs.existsSync(dir)) return this.error(`text parts: no such part: ${id.slice(1)}`);
      const { language, part } = text;
      const files = fs
        .readdirSync(dir)
        .filter((file) => file.endsWith('.json'))
        .filter((file) => PUBLIC_TEXT_FILES.has(file.replace(/\.json$/, '')) === (part === 'public'))
        .sort();
      const trees = files.map((file): [string, TranslationTree] => {
        const full = path.join(dir, file);
        this.addWatchFile(full);
        return [`${language}/${file}`, JSON.parse(fs.readFileSync(full, 'utf8')) as TranslationTree];
      });
      return `export default ${JSON.stringify(JSON.stringify(mergeTranslationTrees(trees)))};\n`;
    },
  };
}
