import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEVICE_BATCH_MAX, type DeviceBatchResult, type DevicesUpdateBody } from '@keydeck/contract/devices';
import { devicesApi } from '@keydeck/contract/devices.api';
import { ApiError } from '../../../lib/api-error';
import { serviceCall } from '../../../lib/service-session';
import { deviceKeys } from './device-keys';
import type { DeviceFilterWire } from './device-list';

/** What a batch acts on: serials picked row by row (on any page), or every device matching the list's filters. */
export type DeviceBatchTarget = { serials: string[] } | { filter: DeviceFilterWire; matching: number };

/** One batch change, as the three batch endpoints take it. */
export type DeviceBatchChange =
  | { kind: 'update'; change: DevicesUpdateBody['change']; device_model?: string | null }
  | { kind: 'move'; group: string }
  | { kind: 'delete' };

export interface DeviceBatchProgress {
  processed: number;
  /** What still matches after the last call (up to the count cap); for a selection, the serials not yet sent. */
  remaining: number;
}

export interface DeviceBatchOutcome {
  results: DeviceBatchResult[];
  /** Devices now as asked, including the unchanged ones that already were. */
  succeeded: number;
  unchanged: number;
  failed: number;
  /** Why the run stopped before the end (the refusal's text), when it did. */
  stopped?: string;
}

/** A filter run resumes call after call at next_after; this bounds it whatever the server answers. */
export const MAX_BATCH_CALLS = 1_000;

/** What one call acts on: a chunk of the selection, or the filter resumed after the last serial done. */
type BatchPart = { devices: string[] } | { filter: DeviceFilterWire | undefined; after?: string };

function batchCall(serviceId: string, change: DeviceBatchChange, part: BatchPart, headers: Record<string, string>) {
  if (change.kind === 'move') return serviceCall(serviceId, devicesApi.moveDevices, { body: { group: change.group, ...part }, headers });
  if (change.kind === 'delete') return serviceCall(serviceId, devicesApi.deleteDevices, { body: part, headers });
  const { kind: _kind, ...body } = change;
  return serviceCall(serviceId, devicesApi.updateDevices, { body: { ...body, ...part }, headers });
}

/**
 * Sends one call with its own Idempotency-Key. When no answer arrived (the network failed) it is sent again with
 * the same key: the server answers its first reply if it had applied the call, so nothing happens twice.
 */
async function send(serviceId: string, change: DeviceBatchChange, part: BatchPart) {
  const headers = { 'Idempotency-Key': crypto.randomUUID() };
  try {
    return await batchCall(serviceId, change, part, headers);
  } catch (error) {
    if (error instanceof ApiError && error.status === null) return batchCall(serviceId, change, part, headers);
    throw error;
  }
}

/** The calls a target takes: a selection in chunks of DEVICE_BATCH_MAX serials, a filter resumed at next_after. */
export async function runDeviceBatch(
  serviceId: string,
  change: DeviceBatchChange,
  target: DeviceBatchTarget,
  onProgress: (progress: DeviceBatchProgress) => void,
): Promise<DeviceBatchOutcome> {
  const serials = 'serials' in target ? target.serials : null;
  const filter = 'filter' in target ? target.filter : undefined;
  const outcome: DeviceBatchOutcome = { results: [], succeeded: 0, unchanged: 0, failed: 0 };
  let after: string | undefined;
  for (let call = 0; call < MAX_BATCH_CALLS; call += 1) {
    const chunk = serials?.slice(call * DEVICE_BATCH_MAX, (call + 1) * DEVICE_BATCH_MAX);
    if (chunk?.length === 0) return outcome;
    let reply;
    try {
      reply = await send(serviceId, change, chunk ? { devices: chunk } : { filter, after });
    } catch (error) {
      // Nothing done yet, or the session is gone: the caller's central handling shows it. Otherwise the report
      // keeps what was done and says where it stopped.
      const sessionGone = error instanceof ApiError && (error.status === 401 || error.status === 403);
      if (outcome.results.length === 0 || sessionGone) throw error;
      return { ...outcome, stopped: error instanceof Error ? error.message : String(error) };
    }
    outcome.results.push(...reply.results);
    outcome.succeeded += reply.succeeded;
    outcome.unchanged += reply.unchanged;
    outcome.failed += reply.failed;
    const remaining = serials ? serials.length - Math.min(serials.length, (call + 1) * DEVICE_BATCH_MAX) : reply.remaining;
    onProgress({ processed: outcome.results.length, remaining });
    if (serials ? remaining === 0 : reply.next_after === null) return outcome;
    after = reply.next_after ?? undefined;
  }
  return { ...outcome, stopped: `Stopped after ${MAX_BATCH_CALLS} calls; run the batch again for the devices still matching.` };
}

export interface DeviceBatchRun {
  change: DeviceBatchChange;
  target: DeviceBatchTarget;
  onProgress: (progress: DeviceBatchProgress) => void;
}

/**
 * Runs a batch; afterwards every devices data set of the service is refreshed (lists, group and model counts).
 * inDialog: the batch was confirmed in a dialog that shows its refusal itself.
 */
export function useDeviceBatch(serviceId: string, inDialog = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, target, onProgress }: DeviceBatchRun) => runDeviceBatch(serviceId, change, target, onProgress),
    meta: inDialog ? { refusalsShownInline: true } : { errorContext: 'The batch could not run' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys(serviceId).all }),
  });
}
