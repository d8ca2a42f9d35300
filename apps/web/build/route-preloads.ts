import type { Plugin, Rolldown } from 'vite';
import type { RouteTableRow } from './route-table-rows';
// By path: the config's bundler leaves the package `@pet/contract` (TypeScript) to Node, which cannot load it.
import {
  ROUTE_PRELOADS_FILE,
  type RoutePreload,
  type RoutePreloadsFile,
  type TextPart,
} from '../../../packages/contract/src/route-preloads';

/** The chunk of one language's part of the texts (vite.config.ts groups them by this name). */
export function textsChunkName(language: string, part: TextPart): string {
  return `texts-${language}-${part}`;
}
const TEXTS_CHUNK = /^texts-(\w+)-(public|rest)$/;

/**
 * Writes, for every row of the route table, the chunks a first visit to it loads after the entry:
 * the route's module with its static imports and, for signed-in routes, the signed-in shell's.
 * The server lists them in that page's HTML as `<link rel="modulepreload">`, so that the browser
 * fetches them while it parses the page instead of after the entry has run; and the entry's own
 * preloading (Vite's helper, which adds one link per chunk and cost a phone about 15 % of the
 * entry's start-up task) then finds them there and adds nothing.
 * The rows come from the build's one reading of the route table (route-table-rows.ts).
 */
export function routePreloads(files: {
  routeRows: () => Promise<RouteTableRow[]>;
  signedInShell: string;
}): Plugin {
  let base = '/';
  return {
    name: 'pet-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    async generateBundle(_options, bundle) {
      const rows = await files.routeRows();
      const chunks = Object.values(bundle).filter(
        (item): item is Rolldown.OutputChunk => item.type === 'chunk',
      );
      const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // The chunk that holds a module (a group of vite.config.ts may hold several routes' modules).
      const byModule = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk] as const)));
      /** The chunk and every chunk it imports statically, in the order a browser meets them. */
      const staticClosure = (chunk: Rolldown.OutputChunk): string[] => {
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          for (const next of byFileName.get(fileName)?.imports ?? []) visit(next);
        };
        visit(chunk.fileName);
        return [...seen];
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('route preloads: the build has no entry chunk');
      // The entry's own imports are in index.html already.
      const initial = new Set(staticClosure(entry));
      const filesOf = (moduleId: string): string[] => {
        const chunk = byModule.get(moduleId);
        if (!chunk) this.error(`route preloads: no chunk holds ${moduleId}`);
        return staticClosure(chunk).filter((fileName) => !initial.has(fileName));
      };
      const shellFiles = filesOf(files.signedInShell);
      const routes = rows.map((route): RoutePreload => {
        const all = new Set([...filesOf(route.moduleFile), ...(route.signedIn ? shellFiles : [])]);
        return {
          path: route.path,
          access: route.access,
          signedIn: route.signedIn,
          textScope: route.textScope,
          ...(route.earlyReads.length > 0 ? { earlyReads: route.earlyReads } : {}),
          files: [...all].map((fileName) => `${base}${fileName}`),
        };
      });
      // Each language's texts, which the entry loads before it renders (the server picks the
      // visitor's language).
      const texts: RoutePreloadsFile['texts'] = {};
      for (const chunk of chunks) {
        const name = TEXTS_CHUNK.exec(chunk.name);
        if (!name || chunk.isEntry) continue;
        const [, language, part] = name as unknown as [string, string, TextPart];
        texts[language] ??= { public: [], rest: [] };
        texts[language][part].push(
          ...staticClosure(chunk)
            .filter((fileName) => !initial.has(fileName))
            .map((fileName) => `${base}${fileName}`),
        );
      }
      if (Object.keys(texts).length === 0) this.error('route preloads: the build has no texts chunks');
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify({ routes, texts } satisfies RoutePreloadsFile)}\n`,
      });
    },
  };
}
