import type pg from 'pg';
import PgBoss from 'pg-boss';

/**
 * With a login of its own for migrations (MIGRATION_DATABASE_URL), the login that serves (DATABASE_URL) owns
 * nothing: it cannot alter, disable a trigger on, drop or truncate any table, the audit log's included. The owner
 * prepares what it needs after every migration, on its own connection:
 * - membership in keydeck_app, the role every request's transaction runs as (its grants, nothing more);
 * - the job queue's tables, installed or upgraded by the owner as the server's start otherwise would;
 * - pg-boss's queue creation (a partition of its job table, which only the table's owner may attach) run with
 *   the owner's rights, as the one thing the serving login may have done on its behalf.
 */
export async function prepareServingLogin(owner: pg.ClientBase, servingRole: string): Promise<void> {
  const boss = new PgBoss({ db: { executeSql: (text, values) => owner.query(text, values) }, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
  await owner.query(`GRANT keydeck_app TO ${owner.escapeIdentifier(servingRole)}`);
  // 0018's default privileges cover tables the owner creates from now on; these are the ones already there.
  await owner.query('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO keydeck_app');
  await owner.query('ALTER FUNCTION pgboss.create_queue(text, json) SECURITY DEFINER SET search_path = pg_catalog, pg_temp');
}
