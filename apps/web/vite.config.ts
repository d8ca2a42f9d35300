import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { routePreloads, textsChunkName } from './build/route-preloads';
import { routeTableReader } from './build/route-table-rows';
import { textPartOf, textParts } from './build/text-parts';
import { pwa } from './build/pwa';

/** The one Node process (apps/server) that answers these paths; the dev server forwards them. */
const API_TARGET = process.env.VITE_API_TARGET ?? 'http://localhost:3000';
const proxied = { target: API_TARGET, changeOrigin: false, xfwd: true };

/**
 * Vendor groups for the initial load only (`$initial` tag): libraries used by lazy routes alone
 * (date pickers, charts, crop) stay in those routes' chunks instead of being pulled up front.
 */
const vendorGroups = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
    priority: 30,
  },
  {
    name: 'mui',
    test: /[\\/]node_modules[\\/](@mui[\\/](material|system|styled-engine|utils|private-theming|core-downloads-tracker)|@emotion|@popperjs|react-transition-group|stylis|clsx)[\\/]/,
    priority: 20,
  },
  { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 10 },
];

/** The app's entry, and the modules whose static import graphs get one chunk each (lazyGraphs). */
const ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const SIGN_IN_ROUTE = fileURLToPath(new URL('./src/app/routes/signin.tsx', import.meta.url));
const SIGNED_IN_SHELL = fileURLToPath(new URL('./src/app/shell/SignedInLayout.tsx', import.meta.url));
const ROUTE_TABLE = fileURLToPath(new URL('./src/app/route-table.ts', import.meta.url));

/** The build's one reading of the route table (which rows are public, which module each loads). */
const routeTable = routeTableReader(ROUTE_TABLE);

/**
 * The route modules outside the signed-in area (access `open` or `signedOutOnly`): what they
 * share with the signed-in shell must not pull the shell's chunk into a visit to /register or
 * /forgot-password.
 */
async function publicRouteModules(): Promise<string[]> {
  const modules = (await routeTable.rows()).filter((row) => !row.signedIn).map((row) => row.moduleFile);
  if (!modules.includes(SIGN_IN_ROUTE))
    throw new Error('vite.config: /signin is not a public route any more');
  return modules;
}

/**
 * Collects, at the end of the build, what a lazily loaded module needs beyond the initial load
 * (its static import graph minus that of the entry), so that one chunk holds all of it: otherwise
 * a first visit fetches some thirty small shared chunks (each MUI part, each component on its
 * own), which compress worse one by one than together and each cost a request (on a phone's
 * network, a round trip per six of them). Here for the sign-in route (a first visit to /signin)
 * and the signed-in shell (sidebar, top bar, profile menu: every first visit after sign-in).
 * A module in both graphs goes with the sign-in route; what the shell shares with the public
 * routes (register, forgot password, checkout) goes in a chunk of its own (`shell-shared`), so
 * that those pages do not load the shell. Signed-in routes that share some of these modules load them
 * from these chunks.
 */
function lazyGraphs(
  roots: Record<string, string>,
  /** Modules these graphs share with a later root go to that root's `-shared` group. */
  keepOut: () => Promise<string[]>,
): {
  plugin: Plugin;
  graphOf: (id: string) => string | null;
} {
  const owner = new Map<string, string>();
  return {
    graphOf: (id) => owner.get(id) ?? null,
    plugin: {
      name: 'pet-lazy-graphs',
      apply: 'build',
      async buildEnd() {
        const staticGraph = (root: string) => {
          const seen = new Set<string>();
          const visit = (id: string) => {
            if (seen.has(id)) return;
            seen.add(id);
            for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
          };
          visit(root);
          return seen;
        };
        const initial = staticGraph(ENTRY);
        owner.clear();
        const [first, ...others] = Object.entries(roots);
        for (const id of staticGraph(first![1])) if (!initial.has(id)) owner.set(id, first![0]);
        const shared = new Set((await keepOut()).flatMap((root) => [...staticGraph(root)]));
        for (const [name, root] of others) {
          for (const id of staticGraph(root)) {
            if (!initial.has(id) && !owner.has(id)) owner.set(id, shared.has(id) ? `${name}-shared` : name);
          }
        }
      },
    },
  };
}
const lazyGraph = lazyGraphs({ signin: SIGN_IN_ROUTE, shell: SIGNED_IN_SHELL }, publicRouteModules);

/**
 * zod 4's classic schemas carry their JSON Schema generator (`toJSONSchema()`, the processors of
 * every schema kind: about 5 KiB brotli on every first visit). Only the server turns schemas into
 * JSON Schema (OpenAPI); in the browser's build those functions throw instead. The checks'
 * summary (`aggregateChecks`, read by `.minLength` and friends) is kept as it is.
 */
function zodWithoutJsonSchema(): Plugin {
  const generator = /[\\/]zod[\\/]v4[\\/]core[\\/]to-json-schema\.js$/;
  const processors = /[\\/]zod[\\/]v4[\\/]core[\\/]json-schema-processors\.js$/;
  const unavailable = (name: string) =>
    `() => { throw new Error('zod: ${name} (JSON Schema) is not part of the web build'); }`;
  const exportsOf = (code: string) =>
    [...code.matchAll(/^export (?:const|function) (\w+)/gm)].map((match) => match[1]!);
  return {
    name: 'pet-zod-without-json-schema',
    apply: 'build',
    transform: {
      filter: { id: [generator, processors] },
      handler(code, id) {
        if (generator.test(id)) {
          // The schemas build these methods up front (the standard schema's jsonSchema): they
          // answer a function that throws when called.
          const lines = exportsOf(code).map((name) =>
            /^create\w+Method$/.test(name)
              ? `export const ${name} = () => ${unavailable(name)};`
              : `export const ${name} = ${unavailable(name)};`,
          );
          return { code: `${lines.join('\n')}\nexport { processSchema as process };\n`, map: null };
        }
        const cut = code.indexOf('// ==================== SIMPLE TYPE PROCESSORS');
        if (cut < 0 || !code.includes('export function aggregateChecks')) {
          this.error('zod changed: json-schema-processors.js no longer has the expected layout');
        }
        const kept = code.slice(0, cut);
        const stubs = exportsOf(code.slice(cut)).map(
          (name) => `export const ${name} = ${unavailable(name)};`,
        );
        return { code: `${kept}\n${stubs.join('\n')}\n`, map: null };
      },
    },
  };
}

/**
 * The contract builds its zod schemas at module level (`z.object(...)`, `requiredText(...)`). A
 * call is kept unless known to be pure, so a screen that imports one constant of the contract
 * would get every schema of its module, and zod with them (about 19 KiB brotli on a first visit
 * to /signin, which uses none). Building a schema has no effect beyond its value: the calls are
 * marked pure, and schemas nothing reads are left out of the build.
 */
function contractSchemasPure(): Plugin {
  // A call of `z.name(` or of the contract's own schema builders, not a method of another value.
  const builders =
    /(?<![\w.$])(z(?:\.\w+)+|[a-z]\w*Schema(?:\.\w+)+|requiredText|optionalDateSchema|optionalTimeSchema|marketing)(?=\s*(?:<[^>]*>)?\()/g;
  return {
    name: 'pet-contract-schemas-pure',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]packages[\\/]contract[\\/]src[\\/].*\.ts$/ },
      handler(code) {
        return { code: code.replace(builders, '/* @__PURE__ */ $1'), map: null };
      },
    },
  };
}

/**
 * Explicit compile hints (V8, Chromium 136+): the entry and the initial vendor chunks start with
 * `//# allFunctionsCalledOnLoad`, so V8 compiles all their functions while the file streams in,
 * off the main thread, instead of one by one on first call inside the start-up task; nearly all of
 * their code runs at start. (My Animal's start-up task: about 95 -> 60 ms unthrottled here;
 * Lighthouse's blocking time about 500 -> 260 ms.) Added after Vite's own code at the top of the
 * entry (the comment must come first), with the source map moved down one line.
 */
function compileHints(): Plugin {
  const initialGroups = new Set(vendorGroups.map((group) => group.name));
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'pet-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !(chunk.isEntry || initialGroups.has(chunk.name))) continue;
          chunk.code = HINT + chunk.code;
          // The source map is already its own asset here: one more generated line, unmapped.
          const map = chunk.sourcemapFileName ? bundle[chunk.sourcemapFileName] : undefined;
          if (map?.type === 'asset') {
            const json = JSON.parse(String(map.source)) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip -9) beside every text file of the build
 * over 1 KB, kept only when smaller; the server sends them as they are (@fastify/static's
 * `preCompressed`), so nothing is compressed per request. Source maps are left alone.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = async (dir: string): Promise<string[]> =>
    (
      await Promise.all(
        (await fs.readdir(dir, { withFileTypes: true })).map((entry) =>
          entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        ),
      )
    ).flat();
  return {
    name: 'pet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await walk(outDir)).filter((file) => /\.(js|mjs|css|html|svg|json|txt)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(file);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    textParts(fileURLToPath(new URL('./src/locales', import.meta.url))),
    contractSchemasPure(),
    zodWithoutJsonSchema(),
    lazyGraph.plugin,
    routeTable.plugin,
    routePreloads({ routeRows: routeTable.rows, signedInShell: SIGNED_IN_SHELL }),
    compileHints(),
    pwa({ swSource: fileURLToPath(new URL('./src/sw/sw.ts', import.meta.url)) }),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // New styles are inserted while React renders (sliced), not in the commit (one task).
      {
        find: /^@emotion\/use-insertion-effect-with-fallbacks$/,
        replacement: fileURLToPath(new URL('./build/emotion-styles-in-render.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    // MUI alone is ~350 kB minified before gzip; warn only above that.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            ...vendorGroups.map((group) => ({ ...group, tags: ['$initial' as const] })),
            // The contract's schemas and zod: only the routes after sign-in use them (a first
            // visit checks its few answers without zod, src/lib/answer-check.ts). Without this
            // group they would join the app's initial chunk with the contract's constants.
            {
              name: 'contract',
              // (entities/client-log.ts: the failure reports' path and size, which the api client sends.)
              test: /[\\/](packages[\\/]contract[\\/]src[\\/](entities[\\/](?!client-log\.ts)|brands\.ts)|node_modules[\\/]zod[\\/])/,
              priority: 9,
              // The contract's constants and error catalogue, which these import, stay initial.
              includeDependenciesRecursively: false,
            },
            // The contract's zod-free helpers of the pet form (dates, weights, size): the schema
            // modules import them, which makes them initial, but no first visit uses them.
            {
              name: 'contract-rules',
              test: /[\\/]packages[\\/]contract[\\/]src[\\/](dates|pet-rules)\.ts$/,
              priority: 9,
              // The contract's constants, which pet-rules.ts imports, stay initial.
              includeDependenciesRecursively: false,
            },
            // The app's own initial modules (and the contract) before the sign-in group, which
            // would otherwise pull them in as its dependencies and become initial itself.
            {
              name: 'app',
              test: (id: string) => !/[\\/]node_modules[\\/]/.test(id),
              tags: ['$initial' as const],
              priority: 8,
            },
            // TanStack Query and the app's provider of it: only the signed-in shell and the open
            // checkout use them (the session and the config are stores of their own). Without
            // this group they would join `shell-shared`, which /register also loads.
            {
              name: 'query',
              test: /[\\/](node_modules[\\/]@tanstack[\\/]|src[\\/]app[\\/]QueryProvider\.tsx$|src[\\/]lib[\\/]query-client\.ts$)/,
              priority: 7,
              includeDependenciesRecursively: false,
            },
            { name: 'signin', test: (id: string) => lazyGraph.graphOf(id) === 'signin', priority: 5 },
            {
              name: 'shell',
              test: (id: string) => lazyGraph.graphOf(id) === 'shell',
              priority: 4,
              // What the shell shares with public routes stays out (see lazyGraphs), also as a
              // dependency of the shell's own modules.
              includeDependenciesRecursively: false,
            },
            {
              name: 'shell-shared',
              test: (id: string) => lazyGraph.graphOf(id) === 'shell-shared',
              priority: 4,
              includeDependenciesRecursively: false,
            },
            // The texts (src/lib/texts.ts): each language's part is one module (build/text-parts.ts)
            // and gets a chunk of that name, which route-preloads.ts finds for each page's HTML.
            {
              name: (id: string) => {
                const text = textPartOf(id);
                return text ? textsChunkName(text.language, text.part) : null;
              },
              test: (id: string) => textPartOf(id) !== null,
              priority: 6,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': proxied,
      '/identity': proxied,
      // The payment sandbox (confirmation, 3-D Secure and checkout pages) when no Stripe key is set.
      '/sandbox': proxied,
      // Anchored so paths such as /devices are not swallowed; only /dev and /dev/...
      '^/dev(/|$)': proxied,
      '^/docs(/|$)': proxied,
      '/healthz': proxied,
      '/readyz': proxied,
    },
  },
  preview: {
    port: 4173,
  },
});
