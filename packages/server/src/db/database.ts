import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrate, readMigrations } from './migrator.ts';
import { pgliteStatements } from './pglite-statements.ts';
import { postgresConnection } from './postgres-hosts.ts';
import { observePool } from '../platform/metrics.ts';
import { prepareServingLogin } from './serving-login.ts';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Where reads that allow data a moment old go: DATABASE_READ_URL's standby, else db itself. Never written to. */
  readDb: Db;
  /** Applies pending migrations; safe when several server processes start at once. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Plain SQL outside any transaction, for libraries that bring their own queries (the job queue) and the statement
   * every request starts with. Without values the text may hold several statements; the result is the last
   * statement's. Like every statement with parameters, one with values is prepared once per connection.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Serialises migrations across processes sharing one PostgreSQL. */
const MIGRATION_LOCK = 727_001;
/** Per host tried: a host lost without a word (no refusal) costs this before the next is tried. */
const CONNECTION_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite stored in dataDir (or in memory when dataDir is null).
 * On PostgreSQL, migrations run as migrationUrl's login when given (the owner), and the server is served by
 * databaseUrl's login, which then owns nothing (serving-login.ts); without it one login does both. The serving
 * pools wait statementTimeoutSeconds at most for each statement's answer (absent: unbounded).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  migrationDatabaseUrl?: string | undefined;
  databaseReadUrl?: string | undefined;
  statementTimeoutSeconds?: number | undefined;
  dataDir: string | null;
}): Promise<Database> {
  if (options.migrationDatabaseUrl && !options.databaseUrl) throw new Error('MIGRATION_DATABASE_URL needs DATABASE_URL, the login that serves');
  if (!options.databaseUrl) return openPglite(options.dataDir);
  const statementTimeoutMs = options.statementTimeoutSeconds === undefined ? undefined : options.statementTimeoutSeconds * 1000;
  return openPostgres(options.databaseUrl, options.migrationDatabaseUrl, options.databaseReadUrl, statementTimeoutMs);
}

async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm serves search by a fragment (device serials); PostgreSQL ships it, PGlite loads it as an extension.
  const options = { extensions: { pg_trgm } };
  const client = dataDir ? await PGlite.create(`${dataDir}/pglite`, options) : await PGlite.create(options);
  const statements = pgliteStatements(client);
  // drizzle calls query() and transaction() only: it gets them with every statement prepared once (pglite-statements).
  const db = drizzlePglite(statements as unknown as PGlite) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    readDb: db,
    migrate: () =>
      migrate(
        { query: async (text, values) => (values ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] })) },
        readMigrations(migrationsFolder),
      ),
    ping: (timeoutMs) => withTimeout(client.query('select 1'), timeoutMs),
    async executeSql(text, values) {
      if (values?.length) return statements.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
    close: once(() => client.close()),
  };
}

function postgresPool(url: string, statementTimeoutMs: number | undefined): pg.Pool {
  const serving = postgresConnection(url, CONNECTION_TIMEOUT_MS, statementTimeoutMs);
  const pool = new pg.Pool({ ...serving.config, max: 10, Client: serving.Client });
  pool.on('error', () => undefined); // a dropped idle connection is replaced on next use; readiness reports outages
  return pool;
}

async function openPostgres(
  url: string,
  migrationUrl: string | undefined,
  readUrl: string | undefined,
  statementTimeoutMs: number | undefined,
): Promise<Database> {
  const pool = postgresPool(url, statementTimeoutMs);
  const db = drizzlePg(pool) as unknown as Db;
  const readPool = readUrl ? postgresPool(readUrl, statementTimeoutMs) : null;
  const stopObserving = observePool(() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  return {
    kind: 'postgres',
    db,
    readDb: readPool ? (drizzlePg(readPool) as unknown as Db) : db,
    async migrate() {
      const servingLogin = migrationUrl ? (await pool.query<{ name: string }>('select current_user as name')).rows[0]!.name : null;
      // A connection of its own, outside the pool's statement timeout: a migration may take long, and so may the
      // wait for another server's under the lock.
      const owning = postgresConnection(migrationUrl ?? url, CONNECTION_TIMEOUT_MS);
      const owner = new owning.Client(owning.config);
      await owner.connect();
      try {
        await migrateAsOwner(owner, servingLogin);
      } finally {
        await owner.end();
      }
    },
    ping: (timeoutMs) => withTimeout(db.execute(sql`select 1`), timeoutMs),
    async executeSql(text, values) {
      const result = await pool.query({ text, values });
      return Array.isArray(result) ? (result[result.length - 1] as pg.QueryResult) : result;
    },
    close: once(async () => {
      stopObserving();
      await Promise.all([pool.end(), readPool?.end()]);
    }),
  };
}

/** Migrations under the cross-process lock, as the owner; then what a serving login of its own needs, if any. */
async function migrateAsOwner(owner: pg.Client, servingRole: string | null): Promise<void> {
  try {
    await owner.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(owner, readMigrations(migrationsFolder));
    if (servingRole) await prepareServingLogin(owner, servingRole);
  } finally {
    await owner.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
  }
}

/** Closing twice (a shutdown after an outage already closed it) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

async function withTimeout(work: Promise<unknown>, timeoutMs = 2_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
