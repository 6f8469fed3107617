import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server.ts';
import './setup-pglite.ts';

/** API tests on a real PostgreSQL 15; each test file creates its own database on this server. */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
