import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduledReportCreate, ScheduledReportResult, ScheduledReportsResultResponse, ScheduledReportUpdate } from '@keydeck/contract/scheduled-reports';
import { scheduledReportsApi } from '@keydeck/contract/scheduled-reports.api';
import { transferApi } from '@keydeck/contract/transfer.api';
import { scheduledReportKeys, transferServerKeys } from '../../../lib/query-keys';
import { serviceCall } from '../../../lib/service-session';

/** The service's scheduled reports, each with its schedule in words, destinations, last run and next run. */
export const scheduledReportsQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: scheduledReportKeys(serviceId).lists(),
    queryFn: ({ signal }) => serviceCall(serviceId, scheduledReportsApi.listScheduledReports, { signal }),
    meta: { errorContext: 'Could not load the scheduled reports' },
  });

/** A report's newest runs, where a run queued from this screen shows once it ended. */
export const reportRunsQueryOptions = (serviceId: string, name: string) =>
  queryOptions({
    queryKey: scheduledReportKeys(serviceId).detail(name, 'runs'),
    queryFn: ({ signal }) =>
      serviceCall(serviceId, scheduledReportsApi.listScheduledReportRuns, { query: { name, limit: 50 }, signal }),
    meta: { errorContext: `Could not load the runs of ${name}` },
  });

/** Runs the history shows at first, and adds with each 'Load older runs'. */
export const RUN_PAGE_SIZE = 20;

/** A report's whole history, newest first, a page at a time: each older page after the previous one's cursor. */
export const reportRunPagesQueryOptions = (serviceId: string, name: string) =>
  infiniteQueryOptions({
    queryKey: scheduledReportKeys(serviceId).detail(name, 'runs', 'pages'),
    queryFn: ({ pageParam, signal }) =>
      serviceCall(serviceId, scheduledReportsApi.listScheduledReportRuns, { query: { name, limit: RUN_PAGE_SIZE, after: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    meta: { errorContext: `Could not load the runs of ${name}` },
  });

/**
 * Where a report may go: the service's transfer servers of both families (service/scp_servers, service/ftp_servers),
 * by name. Listing them needs the Host category; kept under the transfer servers' keys, so a server added, renamed
 * or deleted there is offered here too.
 */
export const reportDestinationsQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: transferServerKeys(serviceId).list({ for: 'scheduled-reports' }),
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        [transferApi.listScpServers, transferApi.listFtpServers].map((list) => serviceCall(serviceId, list, { query: { service_id: serviceId }, signal })),
      );
      return lists.flatMap((list) => list.servers).sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
    },
    meta: { errorContext: 'Could not load the transfer servers' },
  });

/** A batch row the server refused (answered 200 with success false): the form shows its words above the fields. */
export class RowRefused extends Error {}

function rowOf({ results }: ScheduledReportsResultResponse): ScheduledReportResult {
  const row = results[0]!;
  if (!row.success) throw new RowRefused(row.message);
  return row;
}

/** Adds one report; a refused row is thrown as RowRefused. */
export function useCreateReport(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (report: ScheduledReportCreate) =>
      rowOf(await serviceCall(serviceId, scheduledReportsApi.createScheduledReports, { body: { reports: [report] } })),
    meta: { inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledReportKeys(serviceId).all }),
  });
}

/** Changes one report (its form), or switches several on or off; every row answers in the server's words. */
export function useUpdateReports(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reports: ScheduledReportUpdate[]) =>
      serviceCall(serviceId, scheduledReportsApi.updateScheduledReports, { body: { reports } }),
    meta: { inlineErrorStatuses: [400] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduledReportKeys(serviceId).all }),
  });
}

/** The edit form's change: one row, thrown as RowRefused when refused. */
export function useUpdateReport(serviceId: string) {
  const update = useUpdateReports(serviceId);
  return { ...update, mutateAsync: async (report: ScheduledReportUpdate) => rowOf(await update.mutateAsync([report])) };
}

/** Deletes each report on its own, with its run history. */
export function useDeleteReports(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (names: string[]) =>
      serviceCall(serviceId, scheduledReportsApi.deleteScheduledReports, { body: { reports: names } }),
    // Asked in a confirmAction dialog, which keeps a refusal of the whole call.
    meta: { refusalsShownInline: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduledReportKeys(serviceId).all }),
  });
}

/** Queues a run now; it answers at once with the run's id, and the run shows in the history once it ended. */
export function useRunReport(serviceId: string) {
  return useMutation({
    mutationFn: (name: string) => serviceCall(serviceId, scheduledReportsApi.runScheduledReport, { body: { name } }),
    meta: { errorContext: 'Could not run the report' },
  });
}
