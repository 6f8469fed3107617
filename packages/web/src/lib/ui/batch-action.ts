import type { PermissionName } from '@keydeck/contract/permissions';

/** An action run on each selected row; the result report lists one success or failure text per row. */
export interface BatchAction<T> {
  label: string;
  color?: 'primary' | 'error' | 'warning';
  /** Users without it see the button disabled with the reason. */
  permission?: PermissionName;
  /** Asked (Yes/No) before anything is sent; omit to run at once. */
  confirm?: (rows: T[]) => string;
  run: (row: T) => Promise<unknown>;
  successText: (row: T) => string;
  failureText: (row: T, message: string) => string;
  /** After every row was tried: refresh the list (invalidate its query key). */
  onSettled?: () => void;
}

export interface BatchResult {
  key: string;
  ok: boolean;
  text: string;
}

/** Runs the action row after row (a failure does not stop the others) and reports each outcome. */
export async function runBatch<T>(action: BatchAction<T>, rows: T[], rowKey: (row: T) => string): Promise<BatchResult[]> {
  const results: BatchResult[] = [];
  for (const row of rows) {
    try {
      await action.run(row);
      results.push({ key: rowKey(row), ok: true, text: action.successText(row) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      results.push({ key: rowKey(row), ok: false, text: action.failureText(row, message) });
    }
  }
  action.onSettled?.();
  return results;
}
