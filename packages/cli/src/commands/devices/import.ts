import type { Command } from '@commander-js/extra-typings';
import { CallError } from '@keydeck/client/call';
import type { Client } from '@keydeck/client/client';
import { DEVICE_BATCH_MAX, newDevice, type NewDevice } from '@keydeck/contract/devices';
import { devicesApi } from '@keydeck/contract/devices.api';
import type { Context } from '../../context.ts';
import { csvRecords } from '@keydeck/contract/csv';
import { CliError } from '../../errors.ts';
import { ExitCode } from '../../exit-codes.ts';
import { examples } from '../../help.ts';
import type { Column } from '../../output.ts';
import { RunKeys, digestOf } from '../../run-keys.ts';
import { SERVICE_OPTION, serviceClient } from '../../service-call.ts';
import { readInput } from './input.ts';
import { positiveCount } from './list.ts';

/** A refused row: where it is in the file, its serial, and why (the contract's or the server's words). */
interface Problem {
  row: number;
  serial: string;
  messages: string[];
}

const problemColumns: Column<Problem>[] = [
  { header: 'Row', value: (p) => p.row },
  { header: 'Serial', value: (p) => p.serial },
  { header: 'Problem', value: (p) => p.messages.join('; ') },
];

/** A row of the file that reads as a device: its line, for the report. */
type Row = { row: number; device: NewDevice };

/**
 * The file as rows: a header naming serial and group (device_model optional, in any order; the export's other
 * columns are ignored, so an export imports as it is), then a device a line, each checked with the contract's schema.
 */
function readRows(text: string): { rows: Row[]; problems: Problem[]; count: number } {
  const [header, ...records] = csvRecords(text);
  const columns = header?.cells.map((name) => name.trim().toLowerCase()) ?? [];
  const at = { serial: columns.indexOf('serial'), group: columns.indexOf('group'), model: columns.indexOf('device_model') };
  if (at.serial < 0 || at.group < 0) throw new CliError('The first line must name the columns: serial,group and, if wanted, device_model', ExitCode.usage);
  const cell = (cells: string[], index: number) => (index < 0 ? '' : (cells[index] ?? '').trim());
  const rows: Row[] = [];
  const problems: Problem[] = [];
  for (const { line, cells } of records) {
    const raw = { serial: cell(cells, at.serial), group: cell(cells, at.group), device_model: cell(cells, at.model) || null };
    const checked = newDevice.safeParse(raw);
    if (checked.success) rows.push({ row: line, device: checked.data });
    else problems.push({ row: line, serial: raw.serial, messages: checked.error.issues.map((issue) => issue.message) });
  }
  return { rows, problems, count: records.length };
}

/**
 * One batch, all or nothing as the server adds devices: sent as it is; refused, the server's dry run names the rows
 * with problems and the others are sent without them. Each create carries its own Idempotency-Key, from the run and
 * the serials it sends. A dry run only asks the server's check.
 */
async function importBatch(client: Client, batch: Row[], keys: RunKeys, number: number, dryRun: boolean): Promise<{ created: number; problems: Problem[] }> {
  const api = client.of(devicesApi);
  const problemsOf = async (rows: Row[]) => {
    const checked = await api.createDevices({ body: { devices: rows.map((r) => r.device), dry_run: true } });
    return checked.problems.map((p) => ({ row: rows[p.row]!.row, serial: p.serial, messages: p.messages }));
  };
  const create = (rows: Row[]) =>
    api.createDevices({ body: { devices: rows.map((r) => r.device) } }, { headers: { 'Idempotency-Key': keys.key(number, digestOf(rows.map((r) => r.device.serial).join('\n'))) } });

  if (dryRun) return { created: 0, problems: await problemsOf(batch) };
  try {
    return { created: (await create(batch)).created, problems: [] };
  } catch (error) {
    if (!(error instanceof CallError && error.status === 400)) throw error;
  }
  const problems = await problemsOf(batch);
  const refused = new Set(problems.map((p) => p.row));
  const rest = batch.filter((r) => !refused.has(r.row));
  return { created: rest.length ? (await create(rest)).created : 0, problems };
}

export function registerImport(devices: Command, context: Context): void {
  devices
    .command('import')
    .description('Add devices from a CSV file (serial,group[,device_model]); prints the rows refused and why')
    .argument('<file>', "the CSV file ('-': stdin); an export imports as it is")
    .option('--dry-run', 'check every row (here and by the server) and change nothing')
    .option('--batch-size <count>', `rows a call sends (default and at most ${DEVICE_BATCH_MAX.toLocaleString('en-US')})`, positiveCount)
    .option(...SERVICE_OPTION)
    .addHelpText('after', `\nGood rows are added, refused rows are not; the exit code is 1 when any row was refused.${examples([
      'keydeck devices import manifest.csv --service "Payments HSM" --dry-run',
      'keydeck devices import manifest.csv --output json > import-report.json',
      'gunzip -c manifest.csv.gz | keydeck devices import -',
    ])}`)
    .action(async (file, options) => {
      const batchSize = Math.min(options.batchSize ?? DEVICE_BATCH_MAX, DEVICE_BATCH_MAX);
      const text = await readInput(file);
      const { rows, problems, count } = readRows(text);
      const { client, service } = await serviceClient(context, options.service);
      const keys = RunKeys.start(context, 'devices import', service.id, text);
      const output = context.output;
      let created = 0;
      for (let start = 0; start < rows.length; start += batchSize) {
        const answer = await importBatch(client, rows.slice(start, start + batchSize), keys, start / batchSize, options.dryRun === true);
        created += answer.created;
        problems.push(...answer.problems);
        if (rows.length > batchSize) output.progress(`${Math.min(start + batchSize, rows.length).toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')} rows sent…`);
      }
      keys.finish();
      problems.sort((a, b) => a.row - b.row);
      output.rows(problems, problemColumns, { rows: count, created, dry_run: options.dryRun === true, problems });
      const good = count - problems.length;
      output.progress(
        options.dryRun
          ? `Dry run: ${good.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} rows can be added, ${problems.length.toLocaleString('en-US')} refused; nothing was changed.`
          : `${created.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} devices added, ${problems.length.toLocaleString('en-US')} rows refused.`,
      );
      if (problems.length) throw new CliError('Rows were refused: the report lists them', ExitCode.failed);
    });
}
