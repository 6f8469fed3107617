import { useCallback, useState } from 'react';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { REPORT_KIND_LABELS, REPORT_RUN_STATUS_LABELS, type ReportRun, type ScheduledReport, type ScheduledReportResult } from '@keydeck/contract/scheduled-reports';
import type { Service } from '@keydeck/contract/services';
import { confirmAction } from '../../../lib/dialogs';
import { useServiceAccess } from '../../../lib/service-access';
import { showToast } from '../../../lib/toasts';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { ResultReportModal, type ResultReport } from '../../../lib/ui/result-report-modal';
import { SelectionPanel } from '../../../lib/ui/selection-panel';
import { scheduledReportsQueryOptions, useDeleteReports, useRunReport, useUpdateReports } from '../api/scheduled-reports.api';
import { DestinationsCell, LastRunCell, NextRunCell, plural } from './report-cells';
import { ReportFormModal } from './report-form-modal';
import { ReportRowMenu, type ReportRowAction } from './report-row-menu';
import { RunHistoryDrawer } from './run-history-drawer';
import { RunWatcher, type QueuedRun } from './run-watcher';

/**
 * The service's scheduled reports (spec §7 service/scheduled_reports): a CSV of its devices, key inventory or key
 * assignments, daily or weekly at a time of day (UTC), delivered to a transfer server and/or mailed. The Log category
 * opens the section; creating, changing, switching, deleting and running one now need it at Modify. Each run's
 * outcome, per destination, is in the report's run history.
 */
export function ScheduledReportsSection({ service }: { service: Service }) {
  const access = useServiceAccess(service);
  const canModify = access.can('Log', 'Modify');
  const reports = useQuery(scheduledReportsQueryOptions(service.id));
  const update = useUpdateReports(service.id);
  const remove = useDeleteReports(service.id);
  const run = useRunReport(service.id);
  const [picked, setPicked] = useState<ReadonlyMap<string, ScheduledReport>>(new Map());
  // undefined: closed; null: a new report; else the report edited.
  const [editing, setEditing] = useState<ScheduledReport | null | undefined>(undefined);
  const [history, setHistory] = useState<ScheduledReport | null>(null);
  const [queued, setQueued] = useState<QueuedRun[]>([]);
  const [batch, setBatch] = useState<ResultReport | null>(null);

  const rows = reports.data?.reports ?? [];
  const table = { ...reports, isPlaceholderData: false, data: reports.data ? { data: rows, total: rows.length } : undefined };
  const pick = (chosen: ScheduledReport[], on: boolean) =>
    setPicked((current) => {
      const next = new Map(current);
      chosen.forEach((report) => (on ? next.set(report.id, report) : next.delete(report.id)));
      return next;
    });
  const answered = (title: string, results: ScheduledReportResult[]) => {
    if (results.length === 1) showToast({ color: results[0]!.success ? 'success' : 'error', message: results[0]!.message });
    else if (results.length > 1) setBatch({ title, lines: results });
  };

  const runNow = (report: ScheduledReport) =>
    run.mutate(report.name, {
      onSuccess: ({ run_id, message }) => {
        showToast({ color: 'info', message });
        setQueued((current) => [...current, { runId: run_id, name: report.name, queuedAt: Date.now() }]);
      },
    });
  const ran = useCallback((done: QueuedRun, result: ReportRun | null) => {
    setQueued((current) => current.filter((q) => q.runId !== done.runId));
    if (!result) {
      showToast({ color: 'warning', message: `The run of ${done.name} has not ended yet. Look at its run history later.` });
      return;
    }
    const failures = result.error ? [result.error] : result.outcomes.filter((o) => !o.success).map((o) => o.message);
    const color = result.status === 'success' ? 'success' : result.status === 'partial' ? 'warning' : 'error';
    const rowsText = result.rows === null ? '' : ` (${plural(result.rows, 'row')})`;
    showToast({ color, message: `${done.name}: ${REPORT_RUN_STATUS_LABELS[result.status].toLowerCase()}${rowsText}.${failures.length ? ` ${failures.join(' ')}` : ''}` });
  }, []);

  const switchReports = async (chosen: ScheduledReport[], enabled: boolean) => {
    const { results } = await update.mutateAsync(chosen.map((report) => ({ name: report.name, enabled }))).catch(() => ({ results: [] }));
    answered(`Switch ${enabled ? 'on' : 'off'} scheduled reports: result`, results);
    const done = new Set(results.filter((r) => r.success).map((r) => r.name));
    pick(chosen.filter((report) => done.has(report.name)), false);
  };
  const deleteReports = async (chosen: ScheduledReport[]) => {
    const question =
      chosen.length === 1
        ? `Delete the scheduled report ${chosen[0]!.name}? It stops running and its run history goes with it (each run stays in the audit log).`
        : `Delete these ${chosen.length} scheduled reports (${chosen.map((report) => report.name).join(', ')})? They stop running and their run histories go with them (each run stays in the audit log).`;
    const title = chosen.length === 1 ? 'Delete scheduled report' : `Delete ${chosen.length} scheduled reports`;
    const answer = await confirmAction(question, () => remove.mutateAsync(chosen.map((report) => report.name)), title);
    if (!answer) return;
    const { results } = answer;
    answered('Delete scheduled reports: result', results);
    const deleted = new Set(results.filter((r) => r.success).map((r) => r.name));
    pick(chosen.filter((report) => deleted.has(report.name)), false);
  };

  const act = (action: ReportRowAction, report: ScheduledReport) => {
    if (action === 'run') runNow(report);
    else if (action === 'history') setHistory(report);
    else if (action === 'edit') setEditing(report);
    else if (action === 'switch') void switchReports([report], !report.enabled);
    else void deleteReports([report]);
  };

  const columns: DataTableColumn<ScheduledReport>[] = [
    {
      key: 'name',
      title: 'Name',
      render: (report) => (
        <Stack gap={0}>
          <Anchor component="button" type="button" size="sm" fw={600} ta="left" onClick={() => setHistory(report)} aria-label={`${report.name}, show its runs`}>
            {report.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {REPORT_KIND_LABELS[report.kind]}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'schedule',
      title: 'Schedule',
      render: (report) => (
        <Text size="sm" c={report.enabled ? undefined : 'dimmed'}>
          {report.schedule}
        </Text>
      ),
    },
    { key: 'destinations', title: 'Delivered to', render: (report) => <DestinationsCell report={report} /> },
    { key: 'last-run', title: 'Last run', width: 130, render: (report) => <LastRunCell run={report.last_run} zone={report.time_zone} /> },
    { key: 'next-run', title: 'Next run', render: (report) => <NextRunCell report={report} /> },
    {
      key: 'actions',
      title: 'Actions',
      width: canModify ? 170 : 80,
      render: (report) => (
        <ReportRowMenu
          report={report}
          canModify={canModify}
          running={run.isPending && run.variables === report.name}
          onAction={(action) => act(action, report)}
        />
      ),
    },
  ];
  const pickedRows = [...picked.values()];

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="h3">
          Scheduled reports
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          CSV reports of the service&apos;s devices, key inventory (with KCVs, never key values) or key assignments, built daily, weekly, monthly or on a
          cron expression in the report&apos;s time zone and delivered to a transfer server, by mail, or both.
        </Text>
      </div>
      <Stack gap="xs">
        {canModify && picked.size > 0 ? (
          <SelectionPanel
            summary={`${plural(picked.size, 'report')} selected`}
            actions={
              <>
                <Button size="xs" variant="light" disabled={update.isPending} onClick={() => void switchReports(pickedRows, true)}>
                  Switch on
                </Button>
                <Button size="xs" variant="light" disabled={update.isPending} onClick={() => void switchReports(pickedRows, false)}>
                  Switch off
                </Button>
                <Button size="xs" color="error" loading={remove.isPending} onClick={() => void deleteReports(pickedRows)}>
                  Delete
                </Button>
              </>
            }
            onClear={() => setPicked(new Map())}
          />
        ) : null}
        <DataTable
          label="Scheduled reports"
          columns={columns}
          query={table}
          rowKey={(report) => report.id}
          toolbar={canModify ? <Button onClick={() => setEditing(null)}>New report</Button> : undefined}
          emptyText={canModify ? 'No scheduled reports yet. Create one to get the service’s devices or keys delivered every day.' : 'No scheduled reports yet.'}
          {...(canModify ? { picked: { rowLabel: (report: ScheduledReport) => `scheduled report ${report.name}`, keys: new Set(picked.keys()), onToggle: pick } } : {})}
          minWidth={900}
        />
      </Stack>
      <ReportFormModal
        serviceId={service.id}
        editing={editing}
        can={(category) => access.can(category)}
        canListServers={access.can('Host')}
        onClose={() => setEditing(undefined)}
      />
      <RunHistoryDrawer
        serviceId={service.id}
        report={history ? (rows.find((report) => report.id === history.id) ?? history) : null}
        queued={history ? queued.filter((q) => q.name === history.name).length : 0}
        onRunNow={canModify ? runNow : null}
        running={run.isPending}
        onClose={() => setHistory(null)}
      />
      {queued.map((q) => (
        <RunWatcher key={q.runId} serviceId={service.id} queued={q} onDone={ran} />
      ))}
      <ResultReportModal report={batch} onClose={() => setBatch(null)} />
    </Stack>
  );
}
