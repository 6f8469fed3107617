import { Option, type Command } from '@commander-js/extra-typings';
import { REPORT_RUN_STATUS_LABELS, REPORT_RUNS_MAX, type ReportRun } from '@keydeck/contract/scheduled-reports';
import { scheduledReportsApi } from '@keydeck/contract/scheduled-reports.api';
import { DEFAULT_WAIT_SECONDS, waitSeconds } from '../approvals.ts';
import type { Context } from '../context.ts';
import { SERVICE_OPTION, serviceClient } from '../service-call.ts';
import { CliError } from '../errors.ts';
import { ExitCode } from '../exit-codes.ts';
import { examples } from '../help.ts';
import type { Column } from '../output.ts';

/** How often --wait looks for the run among the report's runs. */
const POLL_MS = 2_000;

const runColumns: Column<ReportRun>[] = [
  { header: 'Started', value: (r) => r.started_at },
  { header: 'Trigger', value: (r) => (r.trigger === 'operator' ? `run by ${r.triggered_by ?? '?'}` : `scheduled ${r.scheduled_for ?? ''}`) },
  { header: 'Status', value: (r) => REPORT_RUN_STATUS_LABELS[r.status] },
  { header: 'Rows', value: (r) => r.rows },
  { header: 'File', value: (r) => r.file_name },
  { header: 'Delivery', value: (r) => r.error ?? r.outcomes.map((o) => `${o.target}: ${o.message}`).join('; ') },
  { header: 'Id', value: (r) => r.id },
];

const count = (value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new CliError(`--limit takes a whole number above 0 (got ${value})`, ExitCode.usage);
  return number;
};

export function register(program: Command, context: Context): void {
  const reports = program.command('reports').description("The scheduled reports of the profile's service (keydeck service use)");

  reports
    .command('run')
    .description('Run a scheduled report now, outside its schedule')
    .argument('<name>', "the report's name")
    .option(...SERVICE_OPTION)
    .option('--wait [seconds]', `wait for the run to finish (at most the seconds given, default ${DEFAULT_WAIT_SECONDS}) and print its outcome: exit 1 unless delivered`)
    .addHelpText('after', examples(['keydeck reports run "Weekly keys"', 'keydeck reports run "Weekly keys" --wait 120 --output json']))
    .action(async (name, options) => {
      const wait = waitSeconds(options.wait);
      const api = (await serviceClient(context, options.service)).client.of(scheduledReportsApi);
      const queued = await api.runScheduledReport({ body: { name } });
      if (wait === undefined) {
        context.output.record(queued, [{ header: 'Run', value: (q) => q.run_id }, { header: 'Report', value: (q) => q.name }, { header: 'Message', value: (q) => q.message }]);
        return;
      }
      context.output.progress(`${queued.message} Waiting for run ${queued.run_id}…`);
      const deadline = Date.now() + wait * 1000;
      for (;;) {
        const { runs } = await api.listScheduledReportRuns({ query: { name, limit: 20 } });
        const run = runs.find((r) => r.id === queued.run_id);
        if (run) {
          context.output.record(run, runColumns);
          if (run.status !== 'success') throw new CliError(`Run ${run.id} of ${name}: ${REPORT_RUN_STATUS_LABELS[run.status]}${run.error ? ` (${run.error})` : ''}`, ExitCode.failed);
          return;
        }
        if (Date.now() >= deadline) throw new CliError(`Run ${queued.run_id} of ${name} had not finished within ${wait} s (keydeck reports runs "${name}")`, ExitCode.failed);
        await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, deadline - Date.now())));
      }
    });

  reports
    .command('runs')
    .description("List a report's past runs, newest first, with their outcome")
    .argument('<name>', "the report's name")
    .option(...SERVICE_OPTION)
    .addOption(new Option('--limit <count>', 'at most this many runs').argParser(count).default(20))
    .addHelpText('after', examples(['keydeck reports runs "Weekly keys"', 'keydeck reports runs "Weekly keys" --limit 500 --output csv']))
    .action(async (name, options) => {
      const api = (await serviceClient(context, options.service)).client.of(scheduledReportsApi);
      const runs: ReportRun[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await api.listScheduledReportRuns({ query: { name, limit: Math.min(REPORT_RUNS_MAX, options.limit - runs.length), ...(after ? { after } : {}) } });
        runs.push(...page.runs);
        if (runs.length >= options.limit || !page.next_cursor || page.runs.length === 0) break;
        after = page.next_cursor;
      }
      context.output.rows(runs, runColumns);
    });
}
