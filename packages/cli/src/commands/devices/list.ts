import { Option, type Command } from '@commander-js/extra-typings';
import { DEVICE_ORDER_BY, type Device, type DevicesResponse } from '@keydeck/contract/devices';
import { devicesApi } from '@keydeck/contract/devices.api';
import { MAX_PAGE_SIZE } from '@keydeck/contract/paging';
import type { Context } from '../../context.ts';
import { CliError } from '../../errors.ts';
import { ExitCode } from '../../exit-codes.ts';
import { examples } from '../../help.ts';
import type { Column } from '../../output.ts';
import { SERVICE_OPTION, serviceClient } from '../../service-call.ts';
import { filtersOf, withFilters } from './filters.ts';

const DEFAULT_LIMIT = 100;
/** A long listing says how far it got on stderr this often. */
const PROGRESS_EVERY = 10_000;
/** The orders the server pages by keyset (its cursors); in the others a page is read at its offset. */
const KEYSET_ORDERS: readonly string[] = ['serial', 'group', 'created_at'];

const deviceColumns: Column<Device>[] = [
  { header: 'Serial', value: (d) => d.serial },
  { header: 'Group', value: (d) => d.group },
  { header: 'Model', value: (d) => d.device_model },
  { header: 'Archived', value: (d) => (d.archived ? 'yes' : '') },
  { header: 'Locked', value: (d) => (d.failed ? 'yes' : '') },
  { header: 'Last load', value: (d) => d.last_load },
  { header: 'Added', value: (d) => d.created_at },
];

export function positiveCount(value: string): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new CliError(`expected a whole number above 0 (got ${value})`, ExitCode.usage);
  return count;
}

export function registerList(devices: Command, context: Context): void {
  withFilters(devices.command('list'))
    .description("List the service's devices, with the console's filters")
    .option('--limit <count>', `at most this many devices (default ${DEFAULT_LIMIT})`, positiveCount)
    .option('--all', 'every matching device, page after page')
    .addOption(new Option('--order-by <column>', 'the order (default serial)').choices(DEVICE_ORDER_BY))
    .option('--desc', 'in descending order')
    .option(...SERVICE_OPTION)
    .addHelpText('after', examples([
      'keydeck devices list --service "Payments HSM"',
      'keydeck devices list --group Stores-North --active --all --output csv > north.csv',
      'keydeck devices list --search 4711 --added-from 2026-01-01 --output json',
    ]))
    .action(async (options) => {
      const filters = filtersOf(options);
      const { client } = await serviceClient(context, options.service);
      const api = client.of(devicesApi);
      const limit = options.all ? Infinity : (options.limit ?? DEFAULT_LIMIT);
      const orderBy = options.orderBy ?? 'serial';
      const rows: Device[] = [];
      let first: DevicesResponse | undefined;
      let after: string | undefined;
      let reported = 0;
      // A page at a time: by cursor in the keyset orders (each page costs what the first does), else by number.
      for (let page = 1; rows.length < limit; page += 1) {
        const pageSize = Math.min(MAX_PAGE_SIZE, limit - rows.length);
        const answer = await api.listDevices({
          query: { page_size: pageSize, order_by: orderBy, order: options.desc ? 'desc' : 'asc', ...(after ? { after } : { page }), ...filters },
        });
        first ??= answer;
        rows.push(...answer.data);
        if (rows.length >= reported + PROGRESS_EVERY) {
          reported = rows.length;
          context.output.progress(`${reported.toLocaleString('en-US')} devices read…`);
        }
        if (answer.data.length < pageSize) break;
        if (KEYSET_ORDERS.includes(orderBy)) {
          if (answer.next_cursor === null) break;
          after = answer.next_cursor;
        }
      }
      context.output.rows(rows, deviceColumns, { ...first, data: rows });
    });
}
