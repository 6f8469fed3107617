import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@keydeck/contract/http';
import {
  reportRunsResponse,
  scheduledReportRunResponse,
  scheduledReportsResponse,
  scheduledReportsResultResponse,
  type ScheduledReportCreate,
  type ScheduledReportResult,
  type ScheduledReportsResultResponse,
  type ScheduledReportUpdate,
} from '@keydeck/contract/scheduled-reports';
import { transferServersResponse } from '@keydeck/contract/transfer';
import { scheduledReportKeys, transferServerKeys } from '../../../lib/query-keys';
import { toQueryString } from '../../../lib/query-string';
import { serviceRequest } from '../../../lib/service-session';

/** The service's scheduled reports, each with its schedule in words, destinations, last run and next run. */
export const scheduledReportsQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: scheduledReportKeys(serviceId).lists(),
    queryFn: ({ signal }) => serviceRequest(serviceId, ApiPath.scheduledReports, { schema: scheduledReportsResponse, signal }),
    meta: { errorContext: 'Could not load the scheduled reports' },
  });

/** A report's runs, newest first. */
export const reportRunsQueryOptions = (serviceId: string, name: string) =>
  queryOptions({
    queryKey: scheduledReportKeys(serviceId).detail(name, 'runs'),
    queryFn: ({ signal }) =>
      serviceRequest(serviceId, `${ApiPath.scheduledReportRuns}?${toQueryString({ name, limit: 50 })}`, { schema: reportRunsResponse, signal }),
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
      const query = toQueryString({ service_id: serviceId });
      const lists = await Promise.all(
        [ApiPath.scpServers, ApiPath.ftpServers].map((path) => serviceRequest(serviceId, `${path}?${query}`, { schema: transferServersResponse, signal })),
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
      rowOf(await serviceRequest(serviceId, ApiPath.scheduledReports, { method: 'POST', body: { reports: [report] }, schema: scheduledReportsResultResponse })),
    meta: { inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledReportKeys(serviceId).all }),
  });
}

/** Changes one report (its form), or switches several on or off; every row answers in the server's words. */
export function useUpdateReports(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reports: ScheduledReportUpdate[]) =>
      serviceRequest(serviceId, ApiPath.scheduledReports, { method: 'PUT', body: { reports }, schema: scheduledReportsResultResponse }),
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
      serviceRequest(serviceId, ApiPath.scheduledReports, { method: 'DELETE', body: { reports: names }, schema: scheduledReportsResultResponse }),
    meta: { errorContext: 'Could not delete the scheduled reports' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduledReportKeys(serviceId).all }),
  });
}

/** Queues a run now; it answers at once with the run's id, and the run shows in the history once it ended. */
export function useRunReport(serviceId: string) {
  return useMutation({
    mutationFn: (name: string) => serviceRequest(serviceId, ApiPath.scheduledReportRun, { method: 'POST', body: { name }, schema: scheduledReportRunResponse }),
    meta: { errorContext: 'Could not run the report' },
  });
}
