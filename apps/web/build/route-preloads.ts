import path from 'node:path';
import { runnerImport, type Plugin, type Rolldown } from 'vite';
import { isSignedInAccess } from '../src/app/access-classes';
import type { AppRouteDefinition } from '../src/app/route-table';
// By path: the config's bundler leaves the package `@pet/contract` (TypeScript) to Node, which cannot load it.
import {
  ROUTE_PRELOADS_FILE,
  type RoutePreload,
  type RoutePreloadsFile,
} from '../../../packages/contract/src/route-preloads';

/**
 * Writes, for every row of the route table, the chunks a first visit to it loads after the entry:
 * the route's module with its static imports and, for signed-in routes, the signed-in shell's.
 * The server lists them in that page's HTML as `<link rel="modulepreload">`, so that the browser
 * fetches them while it parses the page instead of after the entry has run; and the entry's own
 * preloading (Vite's helper, which adds one link per chunk and cost a phone about 15 % of the
 * entry's start-up task) then finds them there and adds nothing.
 *
 * The table is evaluated as it is (Vite's module runner), so rows built by functions count too.
 * A row's module file is read from its loader's text (`() => import('./routes/x')`, which the runner
 * turns into `__vite_ssr_dynamic_import__("/src/app/routes/x.tsx")`); a loader of another shape
 * fails the build.
 */
export function routePreloads(files: { routeTable: string; signedInShell: string }): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'pet-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    async generateBundle(_options, bundle) {
      const { module } = await runnerImport<{ ROUTES: readonly AppRouteDefinition[] }>(files.routeTable, {
        configFile: false,
        logLevel: 'error',
        root,
      });
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
      const routes = module.ROUTES.map((route): RoutePreload => {
        const loaded = /__vite_ssr_dynamic_import__\("(\/src\/app\/routes\/[\w-]+\.tsx)"\)/.exec(
          route.module.toString(),
        );
        if (!loaded)
          this.error(`route preloads: the loader of ${route.path} is not an import of src/app/routes`);
        const signedIn = isSignedInAccess(route.access);
        const routeFiles = filesOf(path.join(root, loaded[1]!));
        const all = new Set([...routeFiles, ...(signedIn ? shellFiles : [])]);
        return {
          path: route.path,
          access: route.access,
          signedIn,
          files: [...all].map((fileName) => `${base}${fileName}`),
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify({ routes } satisfies RoutePreloadsFile)}\n`,
      });
    },
  };
}
