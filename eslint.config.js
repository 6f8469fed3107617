// One lint configuration for the monorepo. Besides the usual rules it enforces the house's one-way
// dependencies (ARCHITECTURE.md): web -> contract <- server; routes -> service -> repository;
// web lib -> features -> app.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

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
    rules: restrict({ group: ['**/modules/**'], message: 'Platform code serves every module and knows none of them.' }),
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
);
