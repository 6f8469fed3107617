import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiProducts } from '@keydeck/contract/api-products';
import { loadConfig } from './config.ts';
import { documentApi } from './modules/apidocs/apidocs.document.ts';
import { start } from './start.ts';

/**
 * Prints the whole OpenAPI document generated from the routes; CI compares it with the committed openapi.json.
 * With `--out-dir DIR` it writes the whole document and each product's into DIR instead, for the linter.
 */
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ADMIN_PASSWORD: 'openapi-generation-only', DATABASE_URL: undefined });
const { app } = await start(config, { inMemory: true });
await app.ready();
const raw = app.swagger();
const json = (product?: (typeof apiProducts)[number]) => `${JSON.stringify(documentApi(raw, app.routeCatalog, product), null, 2)}\n`;
const outDir = process.argv[process.argv.indexOf('--out-dir') + 1];
if (process.argv.includes('--out-dir') && outDir) {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'openapi.json'), json());
  for (const product of apiProducts) writeFileSync(join(outDir, `${product}.json`), json(product));
} else {
  process.stdout.write(json());
}
await app.close();
