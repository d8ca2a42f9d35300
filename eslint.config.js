import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Import boundaries (DESIGN.md section 4, issue 34.2): web and server may import the contract, never
 * each other; the contract and the Stripe sandbox import neither; the server's floors only import downwards; web features
 * never import each other, and lib/components import no feature and not the app shell. The feature
 * and module lists come from the folders, so a new one is walled in without editing this file.
 * Value-import cycles are checked by scripts/check-import-cycles.mjs (also in `npm run lint`).
 */
const noServer = {
  group: ['**/apps/server/**', '@pet/server', '@pet/server/**'],
  message: 'The web app never imports the server.',
};
const noWeb = {
  group: ['**/apps/web/**', '@pet/web', '@pet/web/**'],
  message: 'The server never imports the web app.',
};

const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const serverModules = foldersIn('./apps/server/src/modules/');
const webFeatures = foldersIn('./apps/web/src/features/');

/**
 * The server's floors, lowest first: a file imports only its own floor and the ones below.
 * `app` (app.ts, app/), `admin` and `main.ts` are the top: they compose everything.
 */
const serverFloors = [
  { name: 'config', files: ['apps/server/src/config.ts'], paths: ['**/config.ts'] },
  { name: 'db', files: ['apps/server/src/db/**/*.ts'], paths: ['**/db/**'] },
  { name: 'platform', files: ['apps/server/src/platform/**/*.ts'], paths: ['**/platform/**'] },
  { name: 'http', files: ['apps/server/src/http/**/*.ts'], paths: ['**/http/**'] },
  { name: 'modules', files: ['apps/server/src/modules/**/*.ts'], paths: ['**/modules/**'] },
  { name: 'app', files: [], paths: ['**/app.ts', '**/app/**', '**/admin/**', '**/main.ts'] },
];
/** The patterns that keep a floor's files from importing any floor above it. */
function noHigherFloor(floorIndex) {
  const above = serverFloors.slice(floorIndex + 1);
  return {
    group: above.flatMap((floor) => floor.paths),
    message: `Server floors import only downwards (config < db < platform < http < modules < app/admin); ${serverFloors[floorIndex].name} may not import ${above.map((floor) => floor.name).join(', ')}.`,
  };
}

/** Another module's index.ts is its registration: modules share services and rules, never that. */
function noOtherModuleIndex(module) {
  const others = serverModules.filter((name) => name !== module).join('|');
  return {
    regex: `^(\\.\\./)+(${others})(/index(\\.ts)?)?$`,
    message: "A module never imports another module's registration (index.ts); app/ composes modules.",
  };
}

const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', 'e2e/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The Stripe sandbox is a package of its own: the server mounts it, it knows nothing of the apps.
    files: ['packages/contract/**/*.ts', 'packages/stripe-sandbox/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer, noWeb] }] },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: restrictImports(noWeb),
  },
  ...serverFloors.slice(0, -1).flatMap((floor, floorIndex) =>
    floor.name === 'modules'
      ? serverModules.map((module) => ({
          files: [`apps/server/src/modules/${module}/**/*.ts`],
          rules: restrictImports(noWeb, noHigherFloor(floorIndex), noOtherModuleIndex(module)),
        }))
      : [{ files: floor.files, rules: restrictImports(noWeb, noHigherFloor(floorIndex)) }],
  ),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrictImports(noServer),
    },
  },
  // Shared web parts sit below the features and the app shell that compose them.
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: restrictImports(noServer, {
      group: ['@/features', '@/features/**', '@/app', '@/app/**', '**/features/**', '**/app/**'],
      message:
        'lib/ and components/ never import features or the app shell; they are what those are built from.',
    }),
  },
  // Web features never import each other: each feature may import only itself, components, lib and the contract.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: restrictImports(
      noServer,
      {
        group: ['@/features/**', `!@/features/${feature}`, `!@/features/${feature}/**`, '../../**'],
        message: 'Web features never import each other; compose them in app/.',
      },
      {
        group: ['@/app', '@/app/**'],
        message: 'Features do not import the app shell; the app composes features.',
      },
    ),
  })),
  prettier,
);
