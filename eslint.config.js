// One lint configuration for the monorepo. Besides the usual rules it enforces the house's one-way
// dependencies (ARCHITECTURE.md): web -> contract <- server; routes -> service -> repository;
// web lib -> features -> app.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/**
 * Web features never import one another, without exception: what two share lives in lib/, and a page that
 * composes several features lives in app/pages/. One zone per feature folder, so a new feature is covered
 * the day it appears.
 */
const FEATURES = 'packages/web/src/features';
const featureZones = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `${FEATURES}/${name}`,
    from: FEATURES,
    except: [`./${name}`],
    message: 'A feature does not import another feature: move what both need to lib/, or compose them in the app.',
  }));

/**
 * A server module reaches another only through its service (ARCHITECTURE.md): every other file of it (repository,
 * jobs, routes, helpers) is its own. One zone per module folder, so a new module is covered the day it appears.
 */
const MODULES = 'packages/server/src/modules';
const moduleZones = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `${MODULES}/${name}`,
    from: `${MODULES}/!(${name})/**/!(*.service).ts`,
    message: 'A module imports only another module’s service (*.service.ts): add there what you need.',
  }));

/**
 * A feature's query keys start with its folder's name ('billing', or 'billing-payments' for a second family), so
 * whose data a key holds reads from the key, and two features never share one by accident.
 */
const queryKeyPlugin = {
  rules: {
    'folder-prefix': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const folder = /features\/([^/]+)\//.exec(context.filename)?.[1];
        if (!folder) return {};
        return {
          "CallExpression[callee.name='queryKeys']"(node) {
            const name = node.arguments[0];
            if (name?.type !== 'Literal' || typeof name.value !== 'string') return;
            if (name.value === folder || name.value.startsWith(`${folder}-`)) return;
            context.report({ node: name, message: `A feature's query keys start with its folder's name: '${folder}' or '${folder}-…'.` });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['bench/**', 'e2e/**', 'scripts/**', 'packages/*/build.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['packages/contract/src/**'],
    rules: restrict({ group: ['@keydeck/server*', '@keydeck/web*', '../../server/*', '../../web/*'], message: 'The contract depends on nothing of ours.' }),
  },
  {
    files: ['packages/server/src/**/*.routes.ts'],
    rules: restrict({ group: ['**/*.repository.ts'], message: 'Routes call services; services call repositories.' }),
  },
  {
    files: ['packages/server/src/platform/**'],
    rules: restrict(
      { group: ['**/modules/**'], message: 'Platform code serves every module and knows none of them.' },
      { group: ['**/app.ts'], message: 'app.ts assembles the platform and the modules; the platform never imports it.' },
    ),
  },
  {
    files: ['packages/web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['packages/web/src/lib/**'],
    rules: restrict({ group: ['**/features/**', '**/app/**'], message: 'lib is shared by features and app; it imports neither.' }),
  },
  {
    files: ['packages/web/src/features/**'],
    rules: restrict({ group: ['**/app/**'], message: 'Features do not import the app; the app imports features.' }),
  },
  {
    files: ['packages/web/src/**'],
    plugins: { import: importPlugin },
    rules: {
      'import/no-restricted-paths': ['error', { zones: featureZones }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // One way to call the API (a declared endpoint) and one shape of query keys (lib/query-keys.ts), so a mutation can invalidate by prefix.
    files: ['packages/web/src/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'query-keys': queryKeyPlugin },
    rules: {
      'query-keys/folder-prefix': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='replace'][arguments.0.value=/^:/]", message: 'Call a declared endpoint (contract *.api.ts) with callApi or serviceCall; a link takes endpointUrl.' },
        { selector: "ImportSpecifier[imported.name=/^(ApiPath|apiPath)$/]", message: 'Call a declared endpoint (contract *.api.ts) with callApi or serviceCall; a link takes endpointUrl.' },
        { selector: "Property[key.name='queryKey'] > ArrayExpression, Property[key.name='queryKey'] > TSAsExpression > ArrayExpression", message: 'Take query keys from a queryKeys() factory (lib/query-keys.ts).' },
        { selector: "CallExpression[callee.property.name=/^(get|set)QueryData$/] > ArrayExpression", message: 'Take query keys from a queryKeys() factory (lib/query-keys.ts).' },
        { selector: 'VariableDeclarator[id.name=/Keys$/] > ObjectExpression', message: 'Make a feature’s keys with queryKeys(name, scope) (lib/query-keys.ts).' },
        // What several features read has its keys in lib (services.ts, query-keys.ts): a feature does not key it again.
        { selector: "CallExpression[callee.name='queryKeys'][arguments.0.value=/^(services|users)$/]", message: 'Services and users are read in lib (lib/services.ts serviceKeys, lib/query-keys.ts userKeys): use those keys.' },
      ],
    },
  },
  {
    files: ['packages/server/src/**', 'packages/contract/src/**'],
    plugins: { import: importPlugin },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['packages/server/src/modules/**'],
    plugins: { import: importPlugin },
    rules: { 'import/no-restricted-paths': ['error', { zones: moduleZones }] },
  },
  {
    // The import plugin follows imports only through .js files unless told how to resolve and parse TypeScript:
    // without this no-cycle sees no edge.
    files: ['packages/*/src/**'],
    // node_modules: packages are leaves of our graph, and parsing their bundles is slow (pglite's overflows the parser).
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import/ignore': ['node_modules'],
    },
  },
  {
    files: ['packages/server/src/modules/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='AppError']", message: 'Refuse with a helper from platform/errors.ts (conflict, refused, invalidLink...), codes in the contract ErrorCode.' },
        { selector: "NewExpression[callee.name='WeakMap']", message: 'A preHandler hands its result to the handler through request.prepared, not a side table.' },
        // no-cycle skips type-only imports, so the AppDeps cycle this once was is named here.
        { selector: "ImportDeclaration[source.value=/(^|\\/)app\\.ts$/]", message: 'app.ts registers the modules; they take AppDeps from platform/app-deps.ts.' },
      ],
    },
  },
  {
    // kebab-case names; dots only separate a role (users.routes.ts, users.api.test.ts, login-layout.module.css).
    files: ['packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': '+([a-z0-9])*(-+([a-z0-9]))*(.+([a-z0-9])*(-+([a-z0-9])))' },
        { errorMessage: '"{{ target }}": name files in kebab-case, with dots only before a role (keys.routes.ts, key-form.tsx)' },
      ],
      'check-file/folder-naming-convention': ['error', { 'packages/*/src/**/': 'KEBAB_CASE' }],
    },
  },
);
