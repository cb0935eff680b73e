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

// Read from the tree, so that a new remote, shared package or BFF feature is fenced in without editing this file.
const remotes = subdirectories('remotes');
const features = subdirectories('bff/src/features');
const sharedPackages = subdirectories('shared');

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
    message:
      'A BFF feature never imports another feature: move what both need into bff/src/db (or shared/server when the points API needs it too).',
  })),
  {
    target: './bff/src/db',
    from: './bff/src/features',
    message: 'bff/src/db is shared by the features and never imports one.',
  },
  // The server blocks (@phoenix/server) serve the two services, and only them.
  {
    target: './points-api',
    from: './bff',
    message: 'The points API never imports the BFF: what both need is in shared/server (@phoenix/server).',
  },
  ...['./bff', './points-api'].map((service) => ({
    target: './shared/server',
    from: service,
    message: 'shared/server (@phoenix/server) never imports a service: it is the blocks both are built from.',
  })),
  // Inside the server package: the data layer sits below HTTP, and change requests are a feature of their own.
  {
    target: './shared/server/src/db',
    from: './shared/server/src/http',
    message:
      'shared/server/src/db never imports http/: move what both need below them (e.g. shared/server/src/errors.ts, requestId.ts) or pass it in.',
  },
  {
    target: ['./shared/server/src/db', './shared/server/src/http'],
    from: './shared/server/src/changeRequests',
    message: 'The generic blocks (db/, http/) never import the change-request feature (shared/server/src/changeRequests).',
  },
  ...['./host', './remotes', ...sharedPackages.filter((name) => name !== 'server').map((name) => `./shared/${name}`)].map((target) => ({
    target,
    from: './shared/server',
    message: 'shared/server (@phoenix/server) is for the BFF and the points API only.',
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
        `^@phoenix/(remote-(?!${remote}(/|$))|server(/|$))`,
        'A remote never imports another remote (share code through the @phoenix/* front-end packages) nor the server package.',
      ),
    },
  })),
  {
    files: ['shared/**'],
    ignores: ['shared/server/**'],
    rules: {
      'no-restricted-imports': restrictPackages(
        '^@phoenix/(host|remote-[^/]+|server|bff|points-api)(/|$)',
        'Shared front-end packages never import the host, a remote, nor the server packages.',
      ),
    },
  },
  {
    files: ['shared/server/**'],
    rules: {
      'no-restricted-imports': restrictPackages(
        '^@phoenix/(host|remote-[^/]+|bff|points-api)(/|$)',
        'shared/server (@phoenix/server) never imports a service, the host nor a remote.',
      ),
    },
  },
  {
    files: ['host/**'],
    rules: {
      'no-restricted-imports': restrictPackages(
        '^@phoenix/(remote-|server(/|$))',
        'The host never imports a remote (they load at run time through Module Federation) nor the server package.',
      ),
    },
  },
  {
    files: ['points-api/**'],
    rules: {
      'no-restricted-imports': restrictPackages(
        '^@phoenix/bff(/|$)',
        'The points API never imports the BFF: what both need is in shared/server (@phoenix/server).',
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
      // Generated by openapi-typescript (pnpm run api:types).
      'shared/api-types/src/*.gen.ts',
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
    files: ['**/*.test.{ts,tsx}', 'bff/test/support/**', 'points-api/test/support/**', 'shared/server/test/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Kysely's own idioms: migrations see an untyped Kysely<any> (the schema changes under them), the
    // versioned-table factories and the server blocks work on tables named at run time and on any
    // service's Database, and {} is an empty selection; the bench generators fill tables the same untyped way.
    files: ['bff/src/db/**', 'points-api/src/db/**', 'shared/server/src/**', 'shared/server/test/**', 'bench/lib/**'],
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
    files: ['**/*.test.{ts,tsx}', '**/testing/**', 'jest.setup.ts', 'bff/test/**', 'points-api/test/**', 'shared/server/test/**'],
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
  {
    // No import cycles in the services and their server package (the features' own folders included).
    files: ['bff/src/**/*.ts', 'points-api/src/**/*.ts', 'shared/server/src/**/*.ts'],
    // The rule follows imports into TypeScript files only when it may parse them.
    settings: { 'import-x/extensions': ['.ts', '.js'], 'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] } },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // No import cycles in the front end either: the host, the remotes and the front-end packages, the
    // workspace packages followed too (a cycle may run through @phoenix/*). The rule parses every file it
    // reaches: TypeScript only (a package's .js is not followed, which is what ignoreExternal would do,
    // without resolving each import twice), and with the same parser options for .ts and .tsx (the jsx
    // flag of jsx-a11y's block), which key its cache: otherwise each file is parsed twice.
    files: [
      'host/src/**/*.{ts,tsx}',
      'remotes/*/src/**/*.{ts,tsx}',
      'shared/shell/src/**/*.{ts,tsx}',
      'shared/ui/src/**/*.{ts,tsx}',
      'shared/contract/src/**/*.{ts,tsx}',
    ],
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': 'error', 'import-x/no-duplicates': 'error' },
  },
  {
    // Import order as the front end writes it: packages (the @phoenix/* ones included) before relative
    // paths, with no blank-line or alphabetical rule. Not in tests, which import their harness first
    // on purpose (it installs globals and fakes before the modules under test load).
    files: ['host/src/**/*.{ts,tsx}', 'remotes/*/src/**/*.{ts,tsx}', 'shared/{shell,ui,contract}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'import-x/order': [
        'error',
        {
          groups: [
            ['builtin', 'external', 'internal', 'unknown'],
            ['parent', 'sibling', 'index'],
          ],
          pathGroups: [{ pattern: '@phoenix/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: [],
        },
      ],
    },
  },
  ...packageBoundaries,
);
