import type { Command } from '@commander-js/extra-typings';
import { CallError, type CallOptions } from '@keydeck/client/call';
import type { Client } from '@keydeck/client/client';
import { DEVICE_BATCH_MAX, serial, type DeviceBatchResponse, type DeviceBatchResult, type DevicesUpdateBody } from '@keydeck/contract/devices';
import { devicesApi } from '@keydeck/contract/devices.api';
import type { Context } from '../../context.ts';
import { CliError } from '../../errors.ts';
import { ExitCode } from '../../exit-codes.ts';
import { examples } from '../../help.ts';
import type { Column } from '../../output.ts';
import { RunKeys } from '../../run-keys.ts';
import { SERVICE_OPTION, serviceClient } from '../../service-call.ts';
import { filtersOf, withFilters, type DeviceFilterWire } from './filters.ts';
import { readInput } from './input.ts';

/** One change to a batch of devices, as the three batch endpoints take it. */
type Change = { kind: 'update'; change: Exclude<DevicesUpdateBody['change'], 'assign_model'> } | { kind: 'move'; group: string } | { kind: 'delete' };

/** What one call acts on: a chunk of the serials, or the filter resumed after the last serial done. */
type Part = { devices: string[] } | { filter: DeviceFilterWire; after?: string };

const resultColumns: Column<DeviceBatchResult>[] = [
  { header: 'Serial', value: (r) => r.serial },
  { header: 'Outcome', value: (r) => r.outcome },
  { header: 'Message', value: (r) => r.message },
];

/** A filter run resumes call after call at next_after; this bounds it whatever the server answers. */
const MAX_CALLS = 1_000;

function call(client: Client, change: Change, part: Part, options: CallOptions): Promise<DeviceBatchResponse> {
  const api = client.of(devicesApi);
  if (change.kind === 'move') return api.moveDevices({ body: { group: change.group, ...part } }, options);
  if (change.kind === 'delete') return api.deleteDevices({ body: part }, options);
  return api.updateDevices({ body: { change: change.change, ...part } }, options);
}

/** One call with its key; sent once more with the same key when no answer came (the server then answers its first reply). */
async function send(client: Client, change: Change, part: Part, key: string): Promise<DeviceBatchResponse> {
  const options = { headers: { 'Idempotency-Key': key } };
  try {
    return await call(client, change, part, options);
  } catch (error) {
    if (error instanceof CallError && error.status === null) return call(client, change, part, options);
    throw error;
  }
}

/** The serials file: one a line, blank lines skipped; a line that is no serial is reported with the contract's words. */
function readSerials(text: string): { serials: string[]; refused: DeviceBatchResult[] } {
  const serials: string[] = [];
  const refused: DeviceBatchResult[] = [];
  for (const line of text.split(/\r\n|\n|\r/).map((l) => l.trim())) {
    if (line === '') continue;
    const checked = serial.safeParse(line);
    if (checked.success) serials.push(checked.data);
    else refused.push({ serial: line, success: false, outcome: 'failed', message: checked.error.issues.map((issue) => issue.message).join('; ') });
  }
  return { serials, refused };
}

interface BatchOptions {
  serials?: string;
  service?: string;
}

/** Runs the change on the serials named (in chunks of DEVICE_BATCH_MAX) or on every device matching the filter. */
async function runBatch(context: Context, change: Change, options: BatchOptions, filter: DeviceFilterWire | undefined): Promise<void> {
  if ((options.serials === undefined) === (filter === undefined)) {
    throw new CliError('Name the devices with --serials FILE or give a filter (--search, --group...), one of the two', ExitCode.usage);
  }
  const named = options.serials === undefined ? undefined : readSerials(await readInput(options.serials));
  const { client, service } = await serviceClient(context, options.service);
  const keys = RunKeys.start(context, 'devices batch', service.id, JSON.stringify(change), JSON.stringify(named?.serials ?? filter));
  const output = context.output;
  const results: DeviceBatchResult[] = [...(named?.refused ?? [])];
  const totals = { succeeded: 0, unchanged: 0, failed: named?.refused.length ?? 0 };
  let after: string | undefined;
  for (let number = 0; number < MAX_CALLS; number += 1) {
    const chunk = named?.serials.slice(number * DEVICE_BATCH_MAX, (number + 1) * DEVICE_BATCH_MAX);
    if (chunk?.length === 0) break;
    const reply = await send(client, change, chunk ? { devices: chunk } : { filter: filter!, after }, keys.key(number, after ?? ''));
    results.push(...reply.results);
    totals.succeeded += reply.succeeded;
    totals.unchanged += reply.unchanged;
    totals.failed += reply.failed;
    const left = chunk ? named!.serials.length - (number + 1) * DEVICE_BATCH_MAX : reply.remaining;
    if (left > 0) output.progress(`${results.length.toLocaleString('en-US')} devices done, ${left.toLocaleString('en-US')} to go…`);
    if (!chunk && reply.next_after === null) break;
    after = reply.next_after ?? undefined;
    if (number === MAX_CALLS - 1) output.progress(`Stopped after ${MAX_CALLS} calls: run the command again for the devices still matching.`);
  }
  keys.finish();
  output.rows(results, resultColumns, { results, ...totals });
  output.progress(`${results.length.toLocaleString('en-US')} devices: ${(totals.succeeded - totals.unchanged).toLocaleString('en-US')} changed, ${totals.unchanged.toLocaleString('en-US')} already so, ${totals.failed.toLocaleString('en-US')} failed.`);
  if (totals.failed) throw new CliError('Some devices failed: the report says why', ExitCode.failed);
}

const TARGET_HELP = '\nThe devices: --serials FILE (one serial a line, - for stdin), or every device matching the filters.\nThe exit code is 1 when any device failed.';

/** archive, unarchive, lock, unlock, move and delete: the same target options, each its own change. */
export function registerBatches(devices: Command, context: Context): void {
  const updates = [
    ['archive', 'Archive devices'],
    ['unarchive', 'Take devices out of the archive'],
    ['lock', 'Lock devices (no keys are loaded into them)'],
    ['unlock', 'Unlock devices'],
  ] as const;
  for (const [change, description] of updates) {
    withFilters(devices.command(change))
      .description(description)
      .option('--serials <file>', 'the serials, one a line (- for stdin)')
      .option(...SERVICE_OPTION)
      .addHelpText('after', `${TARGET_HELP}${examples([`keydeck devices ${change} --serials serials.txt`, `keydeck devices ${change} --group Stores-North --added-to 2025-12-31`])}`)
      .action((options) => runBatch(context, { kind: 'update', change }, options, filtersOf(options)));
  }
  withFilters(devices.command('move'))
    .description('Move devices to another device group')
    .requiredOption('--to <group>', 'the device group they move to')
    .option('--serials <file>', 'the serials, one a line (- for stdin)')
    .option(...SERVICE_OPTION)
    .addHelpText('after', `${TARGET_HELP}${examples(['keydeck devices move --to Stores-South --serials moved.txt', 'keydeck devices move --to Retired --archived'])}`)
    .action((options) => runBatch(context, { kind: 'move', group: options.to }, options, filtersOf(options)));
  withFilters(devices.command('delete'))
    .description('Delete devices (asks for --yes: nothing is deleted without it)')
    .option('--serials <file>', 'the serials, one a line (- for stdin)')
    .option('--yes', 'delete them: a script cannot answer a prompt, so the command says so up front')
    .option(...SERVICE_OPTION)
    .addHelpText('after', `${TARGET_HELP}${examples(['keydeck devices delete --serials retired.txt --yes', 'keydeck devices delete --group Test-Bench --yes'])}`)
    .action((options) => {
      if (!options.yes) throw new CliError('Deleting devices cannot be undone: add --yes to delete them', ExitCode.usage);
      return runBatch(context, { kind: 'delete' }, options, filtersOf(options));
    });
}
