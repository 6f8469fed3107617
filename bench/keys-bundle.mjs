import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

const SERVER = new URL('../packages/server/', import.meta.url);
const ROOT_MODULES = new URL('../node_modules', import.meta.url).pathname;
const source = (path) => new URL(`src/${path}`, SERVER).pathname;

// What the key bench uses of the server, straight from its TypeScript sources (the server's bundle exports none
// of it): the two keystores, the key operations the screens run, and the master key as the server loads it.
const ENTRY = `
export { createSoftwareKeystore } from '${source('modules/payment-keys/keystore/software-keystore.ts')}';
export { createPkcs11Keystore } from '${source('modules/payment-keys/keystore/pkcs11-keystore.ts')}';
export { loadMasterKey, MASTER_KEY_FILE } from '${source('modules/payment-keys/keystore/master-key.ts')}';
export { kcvOf, exportKeyBlock, handleOf } from '${source('modules/payment-keys/key-operations.ts')}';
export { unwrapTr31 } from '${source('modules/payment-keys/crypto/tr31.ts')}';
export { defaultKcvMethod, kcvOfClearKey } from '${source('modules/payment-keys/crypto/kcv.ts')}';
`;

/**
 * Bundles the key modules into a temporary directory (npm packages stay external, resolved from the repository's
 * node_modules through a link; the contract is bundled, as packages/server/build.mjs does). Resolves the bundle's
 * path and remove(), which deletes the directory.
 */
export async function bundleKeyModules() {
  const dir = mkdtempSync(join(tmpdir(), 'keydeck-bench-keys-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    symlinkSync(ROOT_MODULES, join(dir, 'node_modules'), 'dir');
    const entry = join(dir, 'entry.ts');
    writeFileSync(entry, ENTRY);
    const path = join(dir, 'key-modules.mjs');
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
