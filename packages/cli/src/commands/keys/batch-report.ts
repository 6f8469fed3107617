import type { BatchResult } from '@keydeck/contract/payment-keys';
import { CliError } from '../../errors.ts';
import { ExitCode } from '../../exit-codes.ts';
import type { Column } from '../../output.ts';

/** A batch's one result a row, in the server's words. */
export const batchColumns: Column<BatchResult>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Result', value: (r) => (r.success ? 'ok' : 'failed') },
  { header: 'Message', value: (r) => r.message },
];

/** After the report is printed: exit 1 when any item failed. */
export function failIfAny(results: readonly { success: boolean }[]): void {
  const failed = results.filter((r) => !r.success).length;
  if (failed > 0) throw new CliError(`${failed} of ${results.length} failed`, ExitCode.failed);
}
