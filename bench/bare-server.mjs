import { createHash, randomBytes } from 'node:crypto';
import Fastify from 'fastify';

/**
 * The baselines, run as their own process like Keydeck: what Fastify alone answers on this machine (/bare), and
 * Fastify plus one indexed session look-up on the same kind of database (/bare-session): the limit a signed-in
 * request of Keydeck can approach, since it cannot need less than finding its session.
 */
const SESSION_ID = 'bench-session';
const app = Fastify({ logger: false });
const lookup = await sessionLookup(process.env.DATABASE_URL);

app.get('/bare', async () => ({ ok: true, service: 'bare', version: 1 }));
app.get('/bare-session', async (request, reply) => {
  const id = /(?:^|; )BENCH_SESSION=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  const row = id ? await lookup(createHash('sha256').update(id).digest('hex')) : undefined;
  if (!row) return reply.code(401).send({ message: 'not signed in' });
  return { user_id: row.user_id, expires_at: row.expires_at };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });

process.once('SIGTERM', () => app.close().then(() => process.exit(0)));

/** A sessions table like Keydeck's (primary key on the id's hash), one live session, and the look-up by hash. */
async function sessionLookup(databaseUrl) {
  const ddl = `create table if not exists bench_sessions (id_hash text primary key, user_id uuid not null, expires_at timestamptz not null, last_seen_at timestamptz not null)`;
  const hash = createHash('sha256').update(SESSION_ID).digest('hex');
  const seed = `insert into bench_sessions values ($1, $2, now() + interval '1 day', now()) on conflict do nothing`;
  const find = `select user_id, expires_at from bench_sessions where id_hash = $1 and expires_at > now()`;
  const userId = [4, 2, 2, 2, 6].map((n) => randomBytes(n).toString('hex')).join('-');
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    await pool.query(ddl);
    await pool.query(seed, [hash, userId]);
    return async (idHash) => (await pool.query(find, [idHash])).rows[0];
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  await db.query(ddl);
  await db.query(seed, [hash, userId]);
  return async (idHash) => (await db.query(find, [idHash])).rows[0];
}
