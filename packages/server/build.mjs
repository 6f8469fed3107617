// Bundles the server's entry points with the contract into dist/, keeping npm packages external,
// and copies the SQL migrations beside them (the migrator reads them from ./migrations).
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: [
    'src/main.ts',
    'src/seed-demo.ts',
    'src/openapi.ts',
    // npm run backup / restore (src/backup): run from the build, never rebuilding under a running server.
    { in: 'src/backup/backup-command.ts', out: 'backup' },
    { in: 'src/backup/restore-command.ts', out: 'restore' },
    // The SoftHSM2 driver starts it as a process of its own, from beside itself (softhsm2/softhsm2-driver.ts).
    { in: 'src/modules/cloud-hsms/softhsm2/token-worker.ts', out: 'softhsm2-token-worker' },
  ],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // The contract is TypeScript source inside this repo: bundle it rather than treat it as an npm package.
  plugins: [
    {
      name: 'bundle-contract',
      setup(b) {
        b.onResolve({ filter: /^@keydeck\/contract\// }, (args) => ({
          path: new URL(`../contract/src/${args.path.slice('@keydeck/contract/'.length)}.ts`, import.meta.url).pathname,
        }));
      },
    },
  ],
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
