import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/**
 * A direct connection to the database Keydeck uses, for seeding and for timing its statements bare: PostgreSQL by
 * URL (while the server runs), or the server's PGlite data directory (only while the server is stopped: PGlite
 * files take one process at a time). Same extension as the server loads, so the same indexes serve.
 */
export async function openBareDatabase({ databaseUrl, keydeckDataDir }) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      query: async (text, params) => (await client.query(text, params)).rows,
      close: () => client.end(),
    };
  }
  // The server opens `${DATA_DIR}/pglite` (packages/server/src/db/database.ts).
  const db = await PGlite.create(`${keydeckDataDir}/pglite`, { extensions: { pg_trgm } });
  return {
    query: async (text, params) => (await db.query(text, params)).rows,
    close: () => db.close(),
  };
}
