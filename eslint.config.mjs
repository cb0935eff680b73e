// ESLint (flat config). Recommended sets only, no type-aware rules (they would make a full run slow),
// plus the architecture's import boundaries, which `scripts/test/lint-boundaries.test.mjs` proves.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const subdirectories = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
    .map((entry) => entry.name);

// Read from the tree, so that a new remote or BFF feature is fenced in without editing this file.
const remotes = subdirectories('remotes');
const features = subdirectories('bff/src/features');

// Boundaries on resolved files: relative paths, and workspace packages through their pnpm symlinks.
const boundaryZones = [
  ...remotes.map((remote) => ({
    target: `./remotes/${remote}`,
    from: './remotes',
    except: [`./${remote}`],
    message: 'A remote never imports another remote: share code through @phoenix/* shared packages.',
  })),
  {
    target: './shared',
    from: './host',
    message: 'Shared packages never import the host.',
  },
  {
    target: './shared',
    from: './remotes',
    message: 'Shared packages never import a remote.',
  },
  {
    target: './host',
    from: './remotes',
    message: 'The host never imports a remote: remotes load at run time through Module Federation.',
  },
  ...features.map((feature) => ({
    target: `./bff/src/features/${feature}`,
    from: './bff/src/features',
    except: [`./${feature}`],
    message: 'A BFF feature never imports another feature: move what both need into bff/src/db or bff/src/http.',
  })),
  ...['db', 'http'].map((layer) => ({
    target: `./bff/src/${layer}`,
    from: './bff/src/features',
    message: `bff/src/${layer} is infrastructure and never imports a feature.`,
  })),
];

// The same boundaries on package names, caught even when the package is not a declared dependency
// (then it does not resolve, and the path rule above cannot see it).
const restrictPackages = (regex, message) => ['error', { patterns: [{ regex, message }] }];
const packageBoundaries = [
  ...remotes.map((remote) => ({
    files: [`remotes/${remote}/**`],
    rules: {
      'no-restricted-imports': restrictPackages(
        `^@phoenix/remote-(?!${remote}(/|$))`,
        'A remote never imports another remote: share code through @phoenix/* shared packages.',
      ),
    },
  })),
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': restrictPackages(
        '^@phoenix/(host|remote-[^/]+)(/|$)',
        'Shared packages never import the host nor a remote.',
      ),
    },
  },
  {
    files: ['host/**'],
    rules: {
      'no-restricted-imports': restrictPackages(
        '^@phoenix/remote-',
        'The host never imports a remote: remotes load at run time through Module Federation.',
      ),
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/artifacts/**',
      '**/.data/**',
      '**/coverage/**',
      '**/.e2e-tmp/**',
      '**/build/**/*.bundle.js',
      'contracts/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.cjs', '**/webpack.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // jest.mock factories are hoisted above the imports, so they load their module with require().
    files: ['**/*.test.{ts,tsx}', 'bff/test/support/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Kysely's own idioms: migrations see an untyped Kysely<any> (the schema changes under them), the
    // versioned-table factories work on tables named at run time, and {} is an empty selection; the
    // bench generators fill tables the same untyped way.
    files: ['bff/src/db/**', 'bench/lib/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-empty-object-type': 'off' },
  },
  {
    // Callbacks given to page.evaluate() run in the browser.
    files: ['e2e/**', 'bench/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['host/src/**', 'remotes/*/src/**', 'shared/*/src/**', 'jest.setup.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/testing/**', 'jest.setup.ts', 'bff/test/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // The two classic hook rules. The React Compiler rules of the plugin's v7 preset would triple the
    // run time (about 40 s more on two cores) for a compiler this project does not use.
    files: ['host/src/**/*.{ts,tsx}', 'remotes/*/src/**/*.{ts,tsx}', 'shared/*/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  ...packageBoundaries,
);
