import { startService } from './child-service.mjs';
import { freePort } from './free-port.mjs';

const SCRIPT = new URL('./bare-server.mjs', import.meta.url).pathname;

/** Starts bare-server.mjs (on databaseUrl, else on PGlite) in its own process, apart from the load generator. */
export async function startBare(databaseUrl) {
  const port = await freePort();
  return startService({
    name: 'bare fastify',
    script: SCRIPT,
    env: { PORT: String(port), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    origin: `http://127.0.0.1:${port}`,
    readyPath: '/bare',
  });
}
