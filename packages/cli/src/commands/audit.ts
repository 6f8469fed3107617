import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Option, type Command } from '@commander-js/extra-typings';
import { auditApi } from '@keydeck/contract/audit.api';
import type { AuditEvent, ChainVerification } from '@keydeck/contract/audit';
import { AUDIT_OUTCOMES, type AuditFilters } from '@keydeck/contract/audit-queries';
import type { Context } from '../context.ts';
import { CliError } from '../errors.ts';
import { ExitCode } from '../exit-codes.ts';
import { examples } from '../help.ts';
import { instant } from '../instants.ts';
import { ALL_OPTION, keysetRows, LIMIT_OPTION, rowLimit } from '../keyset-paging.ts';
import type { Column } from '../output.ts';

const eventColumns: Column<AuditEvent>[] = [
  { header: 'Time', value: (e) => e.occurred_at },
  { header: 'User', value: (e) => e.actor_username },
  { header: 'Action', value: (e) => e.action },
  { header: 'Target', value: (e) => e.target_name ?? e.target },
  { header: 'Outcome', value: (e) => e.outcome },
  { header: 'Reason', value: (e) => e.reason },
  { header: 'Address', value: (e) => e.client_address },
  { header: 'Request', value: (e) => e.request_id },
];

const chainName = (chain: ChainVerification) => chain.account_name ?? chain.account_id ?? 'anonymous refusals';

const chainColumns: Column<ChainVerification>[] = [
  { header: 'Chain', value: chainName },
  { header: 'Checked', value: (c) => c.checked },
  { header: 'Intact', value: (c) => (c.intact ? 'yes' : 'NO') },
  { header: 'Breaks', value: (c) => c.break_count },
];

/** The console's audit filters (Settings › Audit logs), as options shared by list and export. */
function withFilters<C extends Command>(command: C) {
  return command
    .option('--from <time>', 'events from this time: 2026-05-01T08:00:00Z, 2026-05-01, or 30m, 12h, 7d ago')
    .option('--to <time>', 'events up to this time (same forms)')
    .option('--user <username>', 'events of this user')
    .option('--action <action>', 'events of this action (e.g. service.login)')
    .addOption(new Option('--outcome <outcome>', 'events with this outcome').choices(AUDIT_OUTCOMES))
    .option('--search <text>', 'events whose target, reason or address contain the text')
    .option('--account <id>', "another account's events (platform administrators)");
}

type FilterOptions = { from?: string; to?: string; user?: string; action?: string; outcome?: string; search?: string; account?: string };

function filters(options: FilterOptions): AuditFilters {
  return {
    ...(options.from ? { from: instant(options.from) } : {}),
    ...(options.to ? { to: instant(options.to) } : {}),
    ...(options.user ? { user: options.user } : {}),
    ...(options.action ? { action: options.action } : {}),
    ...(options.outcome ? { outcome: options.outcome as AuditFilters['outcome'] } : {}),
    ...(options.search ? { search: options.search } : {}),
    ...(options.account ? { account_id: options.account } : {}),
  };
}

export function register(program: Command, context: Context): void {
  const audit = program.command('audit').description("Your account's audit log: who did what, when, from where");

  withFilters(audit.command('list').description('List audit events, newest first'))
    .option(...LIMIT_OPTION)
    .option(...ALL_OPTION)
    .addOption(new Option('--order <order>', 'newest (desc) or oldest (asc) first').choices(['asc', 'desc'] as const).default('desc' as const))
    .addHelpText('after', examples(['keydeck audit list --from 7d --action service.login', 'keydeck audit list --user alice --outcome refused --limit 500 --output csv']))
    .action(async (options) => {
      const api = (await context.client()).of(auditApi);
      const query = { ...filters(options), order: options.order };
      const answer = await keysetRows((after, size) => api.listAuditEvents({ query: { ...query, page_size: size, ...(after ? { after } : {}) } }), rowLimit(options));
      context.output.rows(answer.data, eventColumns);
    });

  withFilters(audit.command('export').description('Export the filtered audit events as CSV, streamed from the server'))
    .option('--out <file>', 'write the CSV to this file instead of stdout')
    .addHelpText('after', examples(['keydeck audit export --from 2026-01-01 --to 2026-04-01 --out q1-audit.csv', 'keydeck audit export --action credential.token | grep refused']))
    .action(async (options) => {
      const body = await (await context.client()).stream(auditApi.exportAuditEvents, { query: filters(options) });
      const destination = options.out ? createWriteStream(options.out) : process.stdout;
      await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), destination, { end: !!options.out });
      if (options.out) context.output.progress(`Exported to ${options.out}.`);
    });

  audit
    .command('verify')
    .description("Verify the audit log's hash chain: exits 1 if any link is broken, saying where")
    .option('--account <id>', "another account's chain (platform administrators)")
    .option('--all', "every account's chain (platform administrators)")
    .addHelpText('after', examples(['keydeck audit verify', 'keydeck audit verify --all --output json']))
    .action(async (options) => {
      const answer = await (await context.client()).of(auditApi).verifyAuditChain({
        query: { ...(options.account ? { account_id: options.account } : {}), ...(options.all ? { all: 'true' as const } : {}) },
      });
      context.output.rows(answer.chains, chainColumns, answer);
      const broken = answer.chains.filter((chain) => !chain.intact);
      for (const chain of broken) {
        for (const fault of chain.breaks) context.output.progress(`${chainName(chain)}: event ${fault.seq} (id ${fault.id}, ${fault.occurred_at}): ${fault.problem}`);
        if (chain.break_count > chain.breaks.length) context.output.progress(`${chainName(chain)}: ${chain.break_count - chain.breaks.length} more breaks not listed`);
      }
      if (broken.length) throw new CliError(`The audit chain is broken: ${broken.map((c) => `${chainName(c)} (${c.break_count})`).join(', ')}`, ExitCode.failed);
    });
}
