import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_BATCH_MAX, type DeviceBatchResponse } from '@keydeck/contract/devices';
import { Messages } from '@keydeck/contract/messages';
import { runDeviceBatch } from './device-batch';

const reply = (serials: string[], next_after: string | null, remaining: number): DeviceBatchResponse => ({
  results: serials.map((serial) => ({ serial, success: true, outcome: 'changed', message: Messages.deviceLockChanged(serial, true) })),
  succeeded: serials.length,
  unchanged: 0,
  failed: 0,
  next_after,
  remaining,
});

function serve(...replies: (DeviceBatchResponse | Error)[]) {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  for (const answer of replies) {
    if (answer instanceof Error) fetchSpy.mockRejectedValueOnce(answer);
    else fetchSpy.mockResolvedValueOnce(new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  }
  const calls = () =>
    fetchSpy.mock.calls.map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      key: new Headers(init?.headers).get('Idempotency-Key'),
    }));
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe('runDeviceBatch', () => {
  it('runs a filter batch call after call from next_after, each with a new Idempotency-Key, reporting progress', async () => {
    const calls = serve(reply(['A1', 'A2'], 'A2', 1), reply(['A3'], null, 0));
    const progress = vi.fn();
    const filter = { archived: 'false' as const, operator: 'and' as const };
    const outcome = await runDeviceBatch('svc', { kind: 'update', change: 'lock' }, { filter, matching: 3 }, progress);

    expect(outcome).toMatchObject({ succeeded: 3, failed: 0 });
    expect(outcome.results.map((result) => result.serial)).toEqual(['A1', 'A2', 'A3']);
    expect(calls().map((call) => call.body)).toEqual([
      { change: 'lock', filter },
      { change: 'lock', filter, after: 'A2' },
    ]);
    const [first, second] = calls();
    expect(first!.key).toBeTruthy();
    expect(first!.key).not.toBe(second!.key);
    expect(progress.mock.calls.map(([p]) => p)).toEqual([
      { processed: 2, remaining: 1 },
      { processed: 3, remaining: 0 },
    ]);
  });

  it('sends a selection in chunks of DEVICE_BATCH_MAX serials', async () => {
    const serials = Array.from({ length: DEVICE_BATCH_MAX + 1 }, (_, i) => `S${i}`);
    const calls = serve(reply(serials.slice(0, DEVICE_BATCH_MAX), null, 0), reply(serials.slice(DEVICE_BATCH_MAX), null, 0));
    const outcome = await runDeviceBatch('svc', { kind: 'move', group: 'North' }, { serials }, () => undefined);
    expect(outcome.succeeded).toBe(serials.length);
    expect(calls().map((call) => (call.body.devices as string[]).length)).toEqual([DEVICE_BATCH_MAX, 1]);
    expect(calls()[0]!.body.group).toBe('North');
  });

  it('sends a call again with the same key when no answer arrived', async () => {
    const calls = serve(new TypeError('Failed to fetch'), reply(['A1'], null, 0));
    await runDeviceBatch('svc', { kind: 'delete' }, { serials: ['A1'] }, () => undefined);
    const [first, again] = calls();
    expect(again!.key).toBe(first!.key);
  });
});
