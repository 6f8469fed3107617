import { Messages } from '@keydeck/contract/messages';
import type { PortRange } from '@keydeck/contract/port-ranges';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import * as accounts from '../accounts/accounts.service.ts';
import * as repo from './port-ranges.repository.ts';

type NewRange = { start_port: number; end_port: number; description: string; account_id: string | null };
type RangeChange = { id: string; description?: string | undefined; account_id?: string | null | undefined };

export async function listRanges(tx: Tx, query: Parameters<typeof repo.listRanges>[1]) {
  const { rows, total } = await repo.listRanges(tx, query);
  return { data: rows.map(toWire), total };
}

/** Adds ranges one after another, so a range overlapping an earlier one of the same request is refused too. */
export async function createRanges(tx: Tx, ranges: NewRange[]): Promise<PortRange[]> {
  const ids: string[] = [];
  for (const [i, range] of ranges.entries()) {
    if ((await repo.findOverlapping(tx, range.start_port, range.end_port)).length > 0) {
      throw badRequest({ [`port_ranges.${i}.start_port`]: [Messages.portRangeOverlap(range.start_port, range.end_port)] });
    }
    if (range.account_id) await requireAccount(tx, range.account_id, i);
    ids.push(
      await repo.insertRange(tx, {
        startPort: range.start_port,
        endPort: range.end_port,
        description: range.description,
        accountId: range.account_id,
      }),
    );
  }
  return (await repo.findByIds(tx, ids)).map(toWire);
}

/** Changes descriptions and assignments (null frees a range). */
export async function updateRanges(tx: Tx, changes: RangeChange[]): Promise<PortRange[]> {
  const found = await repo.findByIds(tx, changes.map((c) => c.id));
  if (found.length !== new Set(changes.map((c) => c.id)).size) throw notFound();
  for (const [i, change] of changes.entries()) {
    if (change.account_id) await requireAccount(tx, change.account_id, i);
    await repo.updateRange(tx, change.id, { description: change.description, accountId: change.account_id });
  }
  return (await repo.findByIds(tx, changes.map((c) => c.id))).map(toWire);
}

export async function deleteRanges(tx: Tx, ids: string[]): Promise<void> {
  const deleted = await repo.deleteRanges(tx, ids);
  if (deleted.length !== new Set(ids).size) throw notFound();
}

async function requireAccount(tx: Tx, accountId: string, index: number) {
  if (!(await accounts.accountExists(tx, accountId))) {
    throw badRequest({ [`port_ranges.${index}.account_id`]: ['No such account'] });
  }
}

function toWire(row: repo.PortRangeRow): PortRange {
  return {
    id: row.id,
    start_port: row.startPort,
    end_port: row.endPort,
    description: row.description,
    account_id: row.accountId,
    account_name: row.accountName,
    created_at: row.createdAt.toISOString(),
  };
}
