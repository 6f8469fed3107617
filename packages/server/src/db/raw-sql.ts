import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './database.ts';

/** The rows of a hand-written statement: both drivers answer `{ rows }`, which drizzle's execute does not type. */
export async function rowsOf<T>(tx: Db | Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A text[] parameter: the drivers differ in how they pass a JavaScript array, an array literal does not. */
export function textArray(values: string[]): SQL {
  return sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;
}

/** A uuid[] parameter, passed as a text array literal for the same reason. */
export function uuidArray(values: string[]): SQL {
  return sql`${textArray(values)}::uuid[]`;
}

/**
 * A timestamp of a hand-written statement's row as the wire spells it (the drivers answer a Date or a string);
 * null stays null.
 */
export function iso(date: Date | string): string;
export function iso(date: Date | string | null): string | null;
export function iso(date: Date | string | null): string | null {
  return date === null ? null : new Date(date).toISOString();
}
