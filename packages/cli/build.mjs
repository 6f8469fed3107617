// Bundles the tool (its sources, the contract, the client, commander and zod) into one file, dist/keydeck.mjs: the
// packed tool runs it (bin/keydeck.mjs) and the tests spawn it, since it starts in a fraction of tsx's time.
// Written beside and renamed over, so a test running meanwhile never spawns half a file.
import { mkdirSync, renameSync } from 'node:fs';
import { build } from 'esbuild';

const outfile = new URL('dist/keydeck.mjs', import.meta.url).pathname;
const temporary = `${outfile}.${process.pid}.tmp`;
mkdirSync(new URL('dist', import.meta.url).pathname, { recursive: true });
await build({
  entryPoints: [new URL('src/main.ts', import.meta.url).pathname],
  outfile: temporary,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  // commander is CommonJS: its require() calls of Node's modules need a require in an ES module.
  banner: { js: "import { createRequire as keydeckRequire } from 'node:module'; const require = keydeckRequire(import.meta.url);" },
});
renameSync(temporary, outfile);
