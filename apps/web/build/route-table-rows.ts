import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import type { EarlyReadTemplate, TextScope } from '../../../packages/contract/src/route-preloads';
import { isSignedInAccess, textScopeOf, type AccessClass } from '../src/app/access-classes';
import type { AppRouteDefinition } from '../src/app/route-table';

/** A row of the route table as the build sees it. */
export interface RouteTableRow {
  path: string;
  access: AccessClass;
  signedIn: boolean;
  /** The texts the app loads before it shows the route. */
  textScope: TextScope;
  /** Absolute path of the row's lazily loaded module (src/app/routes/x.tsx). */
  moduleFile: string;
  /** The row's `earlyReads` with its params as `:name` placeholders. */
  earlyReads: EarlyReadTemplate[];
}

/**
 * The build's one reading of the route table (src/app/route-table.ts), shared by the plugins that
 * need it and taken once per build (a watched build reads the table anew). The table is evaluated
 * as it is (Vite's module runner), so rows built by functions count too. A row's module file is
 * read from its loader's text (`() => import('./routes/x')`, which the runner turns into
 * `__vite_ssr_dynamic_import__("/src/app/routes/x.tsx")`); a loader of another shape fails the
 * build. Add `plugin` to the config, then call `rows()` from a build hook.
 */
export function routeTableReader(routeTable: string): {
  plugin: Plugin;
  rows: () => Promise<RouteTableRow[]>;
} {
  let root = '';
  let reading: Promise<RouteTableRow[]> | null = null;
  return {
    plugin: {
      name: 'pet-route-table',
      apply: 'build',
      configResolved(config) {
        root = config.root;
      },
      buildStart() {
        reading = null;
      },
    },
    rows: () => (reading ??= evaluate(routeTable, root)),
  };
}

async function evaluate(routeTable: string, root: string): Promise<RouteTableRow[]> {
  const { module } = await runnerImport<{ ROUTES: readonly AppRouteDefinition[] }>(routeTable, {
    configFile: false,
    logLevel: 'error',
    root,
  });
  return module.ROUTES.map((route) => {
    const loaded = /__vite_ssr_dynamic_import__\("(\/src\/app\/routes\/[\w-]+\.tsx)"\)/.exec(
      route.module.toString(),
    );
    if (!loaded)
      throw new Error(`route table: the loader of ${route.path} is not an import of src/app/routes`);
    return {
      path: route.path,
      access: route.access,
      signedIn: isSignedInAccess(route.access),
      textScope: textScopeOf(route.access),
      earlyReads: earlyReadTemplates(route),
      moduleFile: path.join(root, loaded[1]!),
    };
  });
}

/**
 * A row's early reads with each param of its path as the placeholder `:name` (the server puts the
 * visited path's values in). Only whole query values may come from params.
 */
function earlyReadTemplates(route: AppRouteDefinition): EarlyReadTemplate[] {
  if (!route.earlyReads) return [];
  const placeholders = Object.fromEntries(
    route.path
      .split('/')
      .filter((segment) => segment.startsWith(':'))
      .map((segment) => [segment.slice(1), segment]),
  );
  return route.earlyReads(placeholders).map((read) => {
    if (read.path.includes(':'))
      throw new Error(`route table: an early read of ${route.path} has a param in its path`);
    const query: Record<string, string> = {};
    for (const [name, value] of Object.entries(read.query ?? {})) {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        throw new Error(
          `route table: the early read ${read.path} of ${route.path} has a query value the build cannot carry`,
        );
      }
      query[name] = String(value);
    }
    return { path: read.path, query };
  });
}
