import { startService } from './child-service.mjs';
import { freePort } from './free-port.mjs';

const SCRIPT = new URL('./bare-server.mjs', import.meta.url).pathname;

/** Starts bare-server.mjs in its own process so it never shares an event loop with the load generator. */
export async function startBare() {
  const port = await freePort();
  return startService({
    name: 'bare fastify',
    script: SCRIPT,
    env: { PORT: String(port) },
    origin: `http://127.0.0.1:${port}`,
    readyPath: '/bare',
  });
}
