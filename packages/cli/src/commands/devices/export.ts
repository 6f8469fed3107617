import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Command } from '@commander-js/extra-typings';
import { devicesApi } from '@keydeck/contract/devices.api';
import type { Context } from '../../context.ts';
import { examples } from '../../help.ts';
import { SERVICE_OPTION, serviceClient } from '../../service-call.ts';
import { filtersOf, withFilters } from './filters.ts';

/** The stream as it comes, counting its lines for the closing line on stderr. */
async function* counted(body: AsyncIterable<Uint8Array>, lines: { count: number }) {
  for await (const chunk of body) {
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines.count += 1;
    yield chunk;
  }
}

export function registerExport(devices: Command, context: Context): void {
  withFilters(devices.command('export'))
    .description("Export the service's devices (every one matching the filters) as CSV, streamed as the server sends it")
    .option('--out <file>', 'write to this file (written whole or not at all), not to stdout')
    .option(...SERVICE_OPTION)
    .addHelpText('after', examples([
      'keydeck devices export --service "Payments HSM" --out devices.csv',
      'keydeck devices export --group Stores-North --archived > archived-north.csv',
    ]))
    .action(async (options) => {
      const filters = filtersOf(options);
      const { client } = await serviceClient(context, options.service);
      const body = await client.stream(devicesApi.listDevices, { query: { export: true, ...filters } });
      const lines = { count: 0 };
      const source = counted(body as unknown as AsyncIterable<Uint8Array>, lines);
      if (options.out === undefined) await context.output.pipe(source);
      else {
        // Beside the file and renamed over it: a failed export leaves no half file that looks whole.
        const partial = `${options.out}.${process.pid}.partial`;
        try {
          await pipeline(source, createWriteStream(partial));
          renameSync(partial, options.out);
        } finally {
          rmSync(partial, { force: true });
        }
      }
      // The header is a line too; every other line is a device (serials hold no line breaks).
      context.output.progress(`Exported ${Math.max(0, lines.count - 1).toLocaleString('en-US')} devices${options.out ? ` to ${options.out}` : ''}.`);
    });
}
