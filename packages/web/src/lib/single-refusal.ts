/**
 * A batch call answers 200 with a result per item. When the user asked for one item and it was refused, that
 * refusal is the whole action's: it is thrown, so the confirmAction dialog that ran the call shows it in the
 * server's words until dismissed, as it shows a refused request. Several results go to a report instead.
 */
export function refusedAlone<R extends { success: boolean; message: string }>(results: R[]): R[] {
  if (results.length === 1 && !results[0]!.success) throw new Error(results[0]!.message);
  return results;
}
