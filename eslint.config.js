import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/**
 * Import boundaries (DESIGN.md section 4): web and server may import the contract, never each
 * other; the contract and the Stripe sandbox import neither; web features never import each other.
 */
const noServer = {
  group: ['**/apps/server/**', '@pet/server', '@pet/server/**'],
  message: 'The web app never imports the server.',
};
const noWeb = {
  group: ['**/apps/web/**', '@pet/web', '@pet/web/**'],
  message: 'The server never imports the web app.',
};

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
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServer] }],
    },
  },
  // Web features never import each other: each feature may import only itself, components, lib and the contract.
  ...[
    'identity',
    'account',
    'subscription',
    'pets',
    'contacts',
    'medical',
    'documents',
    'appointments',
    'emergency',
  ].map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            {
              group: ['@/features/**', `!@/features/${feature}`, `!@/features/${feature}/**`, '../../**'],
              message: 'Web features never import each other; compose them in app/.',
            },
            {
              group: ['@/app', '@/app/**'],
              message: 'Features do not import the app shell; the app composes features.',
            },
          ],
        },
      ],
    },
  })),
  prettier,
);
