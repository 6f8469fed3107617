import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

const SERVER = new URL('../packages/server/', import.meta.url);
const ROOT_MODULES = new URL('../node_modules', import.meta.url).pathname;

/** The path of a server source file, for an entry's export lines. */
export const serverSource = (path) => new URL(`src/${path}`, SERVER).pathname;

/**
 * Bundles what an entry (export lines naming serverSource paths) takes from the server's TypeScript sources into a
 * temporary directory, for bench code that must run the server's own code where the server's bundle exports none
 * of it. npm packages stay external, resolved from the repository's node_modules through a link; the contract is
 * bundled, as packages/server/build.mjs does. Resolves the bundle's path and remove(), which deletes the directory.
 */
export async function bundleServerModules(entryText, name) {
  const dir = mkdtempSync(join(tmpdir(), `keydeck-bench-${name}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    symlinkSync(ROOT_MODULES, join(dir, 'node_modules'), 'dir');
    const entry = join(dir, 'entry.ts');
    writeFileSync(entry, entryText);
    const path = join(dir, `${name}.mjs`);
    await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      packages: 'external',
      outfile: path,
      logLevel: 'warning',
      plugins: [
        {
          name: 'bundle-contract',
          setup(b) {
            b.onResolve({ filter: /^@keydeck\/contract\// }, (args) => ({
              path: new URL(`../contract/src/${args.path.slice('@keydeck/contract/'.length)}.ts`, SERVER).pathname,
            }));
          },
        },
      ],
    });
    return { path, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
