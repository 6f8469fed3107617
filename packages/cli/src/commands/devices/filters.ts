import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { deviceFilters } from '@keydeck/contract/devices';
import type { z } from 'zod';
import { CliError } from '../../errors.ts';
import { ExitCode } from '../../exit-codes.ts';

/** The filters as a call sends them (a query, or a batch body's filter). */
export type DeviceFilterWire = z.input<typeof deviceFilters>;

/** The console's device filters (spec §3), as options: the list, the export and the batches take the same ones. */
export function withFilters<A extends unknown[], O extends OptionValues, G extends OptionValues>(command: Command<A, O, G>): Command<A, O & FilterOptions, G> {
  // The chain's own type is too long for the compiler to spell out: it is the one below.
  const withOptions: unknown = command
    .option('--search <text>', 'devices whose serial holds this text')
    .option('--group <name>', 'devices of this device group')
    .addOption(new Option('--archived', 'archived devices only').conflicts('active'))
    .addOption(new Option('--active', 'devices not archived only'))
    .option('--added-from <date>', 'devices added on this day (YYYY-MM-DD) or later')
    .option('--added-to <date>', 'devices added on this day (YYYY-MM-DD) or earlier')
    .option('--any', 'a device matching any of --group, --archived/--active and the dates, not all of them (--search always applies)');
  return withOptions as Command<A, O & FilterOptions, G>;
}

export interface FilterOptions {
  search?: string;
  group?: string;
  archived?: true;
  active?: true;
  addedFrom?: string;
  addedTo?: string;
  any?: true;
}

const OPTION_OF: Record<string, string> = { search: '--search', group: '--group', date_start: '--added-from', date_end: '--added-to' };

/** The filters given, checked with the contract's schema; undefined when none is. */
export function filtersOf(options: FilterOptions): DeviceFilterWire | undefined {
  const archived = options.archived ? 'true' : options.active ? 'false' : undefined;
  const wire = { search: options.search, group: options.group, archived, date_start: options.addedFrom, date_end: options.addedTo } as const;
  if (Object.values(wire).every((value) => value === undefined)) return undefined;
  const checked = deviceFilters.safeParse({ ...wire, operator: options.any ? 'or' : 'and' });
  if (!checked.success) throw new CliError(checked.error.issues.map((issue) => `${OPTION_OF[String(issue.path[0])] ?? issue.path.join('.')}: ${issue.message}`).join('; '), ExitCode.usage);
  return { ...wire, operator: options.any ? 'or' : 'and' };
}
