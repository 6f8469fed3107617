import Fastify from 'fastify';

// The baseline: what Fastify alone answers on this machine, run as its own process like Keydeck.
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true, service: 'bare', version: 1 }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });

process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
