import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../context.ts';
import { registerBatches } from './devices/batch.ts';
import { registerExport } from './devices/export.ts';
import { registerImport } from './devices/import.ts';
import { registerList } from './devices/list.ts';

/** The devices of a service (spec §3, §7): list, import, export and the batch changes. */
export function register(program: Command, context: Context): void {
  const devices = program.command('devices').description("A service's devices (payment terminals): list, import, export, batch changes");
  registerList(devices, context);
  registerImport(devices, context);
  registerExport(devices, context);
  registerBatches(devices, context);
}
