/** Where an operation is (spec §4: fetching, creating and updating each track a status with success and message). */
export type OperationStatus = {
  status: 'idle' | 'pending' | 'done';
  /** null until the operation has finished once. */
  success: boolean | null;
  message: string | null;
};

/**
 * The status of a TanStack query or mutation; a failure's message is the one the api layer put in spec words
 * (success messages are the callers' toasts).
 */
export function operationStatus(
  state: { status: 'idle' | 'pending' | 'success' | 'error'; error: Error | null; fetchStatus?: 'fetching' | 'paused' | 'idle' },
): OperationStatus {
  if (state.status === 'pending') return { status: state.fetchStatus === 'idle' ? 'idle' : 'pending', success: null, message: null };
  if (state.status === 'idle') return { status: 'idle', success: null, message: null };
  if (state.status === 'error') return { status: 'done', success: false, message: state.error?.message ?? null };
  return { status: 'done', success: true, message: null };
}
