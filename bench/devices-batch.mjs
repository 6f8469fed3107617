import { caller } from './service-session.mjs';
import { DEVICES_PATH } from './devices-load.mjs';
import { groupNameOf, serialOf } from './devices-seed.mjs';

export const BATCH_SIZE = 10_000;
const BATCH_TIMEOUT_MS = 120_000;

/**
 * One call each of the two batch endpoints on BATCH_SIZE named devices (T0100001 onwards): archive
 * (PUT service/device) and move to another group (PUT service/device/move). devices/s is the batch size over the
 * call's wall time; the call only counts when its answer has a successful result for every device named.
 */
export async function measureBatches(origin, session) {
  const call = caller(origin, session, BATCH_TIMEOUT_MS);
  const serials = Array.from({ length: BATCH_SIZE }, (_, i) => serialOf(100_001 + i));
  const timed = async (path, body) => {
    const started = performance.now();
    const reply = await call('PUT', path, { devices: serials, ...body });
    const seconds = (performance.now() - started) / 1000;
    checkResults(path, serials, reply);
    return { devices: serials.length, seconds, devicesPerSecond: serials.length / seconds };
  };
  return {
    archive: await timed(DEVICES_PATH, { change: 'archive' }),
    move: await timed(`${DEVICES_PATH}/move`, { group: groupNameOf(7) }),
  };
}

function checkResults(path, serials, reply) {
  const bySerial = new Map(reply.results?.map((r) => [r.serial, r]) ?? []);
  const missing = serials.filter((s) => !bySerial.get(s)?.success);
  if (missing.length || reply.succeeded !== serials.length || reply.results.length !== serials.length) {
    throw new Error(
      `PUT ${path}: ${reply.succeeded} succeeded, ${reply.results?.length} results for ${serials.length} devices; ` +
        `${missing.length} without a successful result (first: ${missing.slice(0, 3).join(', ')})`,
    );
  }
}
