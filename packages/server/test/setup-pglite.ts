import type { TestProject } from 'vitest/node';

/** API tests on embedded PGlite: each test file opens its own in-memory database. */
export default function setup(project: TestProject) {
  project.provide('postgresUrl', '');
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the throw-away PostgreSQL server, or '' when the tests run on PGlite. */
    postgresUrl: string;
  }
}
