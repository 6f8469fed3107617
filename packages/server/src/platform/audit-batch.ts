import type { AuditOutcome } from '@keydeck/contract/audit';

/** A batch call's answer: one result per object asked for, each done or not (with why). */
type BatchAnswer = { results: { success: boolean; message: string }[] };

/** How many objects an audit target names before it says how many more: a batch may hold thousands. */
const NAMED = 3;

function isBatchAnswer(result: unknown): result is BatchAnswer {
  const results = (result as { results?: unknown } | null | undefined)?.results;
  return Array.isArray(results) && results.every((r) => typeof (r as { success?: unknown } | null)?.success === 'boolean');
}

/**
 * How a batch call ended, which its 200 does not say: every object done (success), some (partial) or none
 * (failure), with how many and the first reason one was not done. Undefined for a call that is not a batch.
 */
export function batchOutcome(result: unknown): { outcome: AuditOutcome; reason?: string } | undefined {
  if (!isBatchAnswer(result)) return undefined;
  const failed = result.results.filter((r) => !r.success);
  if (failed.length === 0) return { outcome: 'success' };
  const done = result.results.length - failed.length;
  const more = failed.length > 1 ? ` (+${failed.length - 1} more not done)` : '';
  return { outcome: done === 0 ? 'failure' : 'partial', reason: `${done} of ${result.results.length} done: ${failed[0]!.message}${more}` };
}

/** Names for an audit target, each once (a batch may name one object in several rows), bounded: the first few and how many more. */
export function namedList(names: readonly string[], separator = ', '): string {
  const unique = [...new Set(names)];
  const shown = unique.slice(0, NAMED).join(separator);
  return unique.length > NAMED ? `${shown} +${unique.length - NAMED} more` : shown;
}
