import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One runner for every suite. The server's API tests run twice: on embedded PGlite and on a
 * throw-away PostgreSQL 15 that the global setup starts from the installed binaries.
 */
const serverApi = (name: string, setup: string, exclude: string[] = []) => ({
  test: {
    name,
    root: 'packages/server',
    include: ['src/**/*.api.test.ts'],
    exclude: [...configDefaults.exclude, ...exclude],
    environment: 'node',
    globalSetup: [setup],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One module graph per worker, not per file: each file re-imported the whole server (4 s of a 5 s file). The
    // server keeps no state across apps but what each test makes (metrics are process-wide and counted as deltas).
    isolate: false,
  },
});

/** The CLI's tests: the server's database set-up, and the tool's bundle built once (they spawn it). */
const cliProject = (name: string, setup: string) => ({
  test: {
    name,
    root: 'packages/cli',
    include: ['src/**/*.cli.test.ts'],
    environment: 'node',
    globalSetup: [setup, 'test/setup-bundle.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // scripts/test-summary.mjs reads the JSON report for the closing line 'N passed, N failed'.
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server-unit',
          root: 'packages/server',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts'],
          environment: 'node',
        },
      },
      // *.postgres.api.test.ts need several server processes on one database: PostgreSQL only.
      serverApi('server-pglite', 'test/setup-pglite.ts', ['src/**/*.postgres.api.test.ts']),
      serverApi('server-postgres', 'test/setup-postgres.ts'),
      // The command-line tool, spawned as a child process against a real server on 127.0.0.1, on both databases.
      cliProject('cli-pglite', '../server/test/setup-pglite.ts'),
      cliProject('cli-postgres', '../server/test/setup-postgres.ts'),
      {
        extends: 'packages/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'packages/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.test.ts'],
          environment: 'node',
          globalSetup: ['harness/global-setup.ts'],
          // A whole flow (a service requested, approved, provisioned, logged in to, then worked in) takes 10-25 s here and
          // was seen at 50-60 s on a busy 2-core machine: the budget is for the machine, every assertion is the test's.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
