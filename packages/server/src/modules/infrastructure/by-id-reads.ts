import type { Tx } from '../../db/database.ts';
import { notFound } from '../../platform/errors.ts';

/** A repository of the platform's infrastructure: a page of rows and one row by id. */
type PagedRepository<Query, Row> = {
  list(tx: Tx, query: Query): Promise<{ rows: Row[]; total: number }>;
  findById(tx: Tx, id: string): Promise<Row | undefined>;
};

/**
 * The reads an infrastructure service answers alike from its repository: a page as answered, one by id (404 when
 * there is none), whether one exists (for the services placing things in it) and the name `nameOf` reads off its row
 * (for an audit target).
 */
export function byIdReads<Query, Row, Wire>(repo: PagedRepository<Query, Row>, toWire: (row: Row) => Wire, name: (row: Row) => string) {
  const find = (tx: Tx, id: string) => repo.findById(tx, id);
  return {
    list: async (tx: Tx, query: Query) => {
      const { rows, total } = await repo.list(tx, query);
      return { data: rows.map(toWire), total };
    },
    get: async (tx: Tx, id: string): Promise<Wire> => {
      const row = await find(tx, id);
      if (!row) throw notFound();
      return toWire(row);
    },
    exists: async (tx: Tx, id: string): Promise<boolean> => (await find(tx, id)) !== undefined,
    nameOf: async (tx: Tx, id: string): Promise<string | undefined> => {
      const row = await find(tx, id);
      return row && name(row);
    },
  };
}
