import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * A call's floor, run as its own process like Keydeck: a bare Fastify route that sends the statements one Keydeck
 * call sent (RECORDING, from statement-recorder.mjs: same texts, same parameters, the same transaction) straight
 * through a driver, and answers the last one's rows. DRIVER is `pg` (node-postgres with Keydeck's own preparing
 * client, on DATABASE_URL), `postgres.js` (on DATABASE_URL, prepared too) or `pglite` (Keydeck's own PGlite driver,
 * on PGLITE_DIR); DRIVERS is the bundle of Keydeck's two driver modules (floor-step.mjs).
 */
const steps = stepsOf(JSON.parse(readFileSync(process.env.RECORDING, 'utf8')));
const replay = await driver(process.env.DRIVER);
const app = Fastify({ logger: false });
app.get('/floor', async () => ({ rows: await replay(steps) }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));

/**
 * The recording as steps: a statement alone, or a transaction's statements as they were sent, from its BEGIN (which
 * may carry its first statement: `begin; select …`) to its COMMIT.
 */
function stepsOf(recording) {
  const steps = [];
  let open = null;
  for (const statement of recording) {
    const text = statement.text.trim().toLowerCase();
    if (text === 'begin' || text.startsWith('begin;')) steps.push((open = { transaction: [statement] }));
    else if (open) {
      open.transaction.push(statement);
      if (text === 'commit') open = null;
    } else steps.push(statement);
  }
  if (open) throw new Error('the recorded call left a transaction open');
  return steps;
}

/** A result's rows; of several statements sent as one text, the last one's. */
const rowsOf = (result) => (Array.isArray(result) ? result.at(-1) : result).rows;

/** replay(steps) for one driver: resolves the last statement's rows. */
async function driver(name) {
  const modules = await import(process.env.DRIVERS);
  if (name === 'pg') {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, Client: modules.PreparingClient });
    const run = (client, { text, values }) => client.query({ text, values });
    return async (steps) => {
      let rows;
      for (const step of steps) {
        if (!step.transaction) {
          rows = rowsOf(await run(pool, step));
          continue;
        }
        const client = await pool.connect();
        try {
          for (const statement of step.transaction.slice(0, -1)) rows = rowsOf(await run(client, statement));
          await run(client, step.transaction.at(-1));
        } finally {
          client.release();
        }
      }
      return rows;
    };
  }
  if (name === 'postgres.js') {
    const { default: postgres } = await import('postgres');
    const sql = postgres(process.env.DATABASE_URL, { max: 10, prepare: true });
    // A text of several statements (a BEGIN carrying one) goes as a simple query, as node-postgres sends it.
    const run = (client, { text, values }) => (values?.length ? client.unsafe(text, values, { prepare: true }) : client.unsafe(text).simple());
    return async (steps) => {
      let rows;
      for (const step of steps) {
        if (!step.transaction) {
          rows = await run(sql, step);
          continue;
        }
        // A connection of its own for the transaction's statements as sent (a BEGIN carrying a statement included).
        const connection = await sql.reserve();
        try {
          for (const statement of step.transaction.slice(0, -1)) rows = await run(connection, statement);
          await run(connection, step.transaction.at(-1));
        } finally {
          connection.release();
        }
      }
      return [...rows];
    };
  }
  if (name === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const statements = modules.pgliteStatements(await PGlite.create(process.env.PGLITE_DIR, { extensions: { pg_trgm } }));
    return async (steps) => {
      let rows;
      for (const step of steps) {
        if (!step.transaction) rows = (await statements.query(step.text, step.values)).rows;
        else
          rows = await statements.transaction(async (tx) => {
            let last;
            // PGlite's transaction() sends the BEGIN and the COMMIT itself.
            for (const statement of step.transaction.slice(1, -1)) last = (await tx.query(statement.text, statement.values)).rows;
            return last;
          });
      }
      return rows;
    };
  }
  throw new Error(`DRIVER=${name}: expected pg, postgres.js or pglite`);
}
