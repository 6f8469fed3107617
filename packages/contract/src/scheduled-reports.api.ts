import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import {
  reportRunsResponse,
  scheduledReportRunBody,
  scheduledReportRunResponse,
  scheduledReportRunsQuery,
  scheduledReportsCreateBody,
  scheduledReportsDeleteBody,
  scheduledReportsResponse,
  scheduledReportsResultResponse,
  scheduledReportsUpdateBody,
} from './scheduled-reports.ts';

/** Scheduled reports of the current service (spec §7 service/scheduled_reports) and their run history. */
export const scheduledReportsApi = endpoints({ product: 'crypto-cluster', tag: 'Reports' }, {
  listScheduledReports: {
    method: 'GET', path: ApiPath.scheduledReports, responses: { 200: scheduledReportsResponse },
    summary: 'List scheduled reports', description: 'Lists the current service\'s scheduled reports.',
  },
  createScheduledReports: {
    method: 'POST', path: ApiPath.scheduledReports, body: scheduledReportsCreateBody, responses: { 200: scheduledReportsResultResponse },
    summary: 'Schedule reports', description: 'Creates scheduled reports (type, schedule, delivery).',
  },
  updateScheduledReports: {
    method: 'PUT', path: ApiPath.scheduledReports, body: scheduledReportsUpdateBody, responses: { 200: scheduledReportsResultResponse },
    summary: 'Update scheduled reports', description: 'Changes scheduled reports\' schedule or delivery.',
  },
  deleteScheduledReports: {
    method: 'DELETE', path: ApiPath.scheduledReports, body: scheduledReportsDeleteBody, responses: { 200: scheduledReportsResultResponse },
    summary: 'Delete scheduled reports', description: 'Deletes scheduled reports.',
  },
  runScheduledReport: {
    method: 'POST', path: ApiPath.scheduledReportRun, body: scheduledReportRunBody, responses: { 202: scheduledReportRunResponse },
    summary: 'Run a report now', description: 'Queues a scheduled report to run now, outside its schedule.',
  },
  listScheduledReportRuns: {
    method: 'GET', path: ApiPath.scheduledReportRuns, query: scheduledReportRunsQuery, responses: { 200: reportRunsResponse },
    summary: 'List report runs', description: 'Lists past runs of one of the service\'s scheduled reports with their outcome, newest first, a page at a time.',
  },
});
