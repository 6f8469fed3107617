import { loadConfig } from './config.ts';
import { start } from './start.ts';

/** Prints the OpenAPI document generated from the routes; CI compares it with the committed openapi.json. */
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ADMIN_PASSWORD: 'openapi-generation-only', DATABASE_URL: undefined });
const { app } = await start(config, { inMemory: true });
await app.ready();
process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
