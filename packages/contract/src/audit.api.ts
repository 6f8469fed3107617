import { z } from 'zod';
import { auditFilters, auditListQuery, auditPage, chainCheckpointRequest, chainCheckpoints, chainVerifications, chainVerifyQuery } from './audit.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** Audit logs: customers read their own account's, platform administrators every account's; the chain's integrity. */
export const auditApi = endpoints({ product: 'identity', tag: 'Audit' }, {
  listAuditEvents: {
    method: 'GET', path: ApiPath.auditEvents, query: auditListQuery, responses: { 200: auditPage },
    summary: 'List audit events',
    description: 'Pages through the audit trail (who did what, when, from where, with what outcome), filtered by time, actor and action.',
  },
  exportAuditEvents: {
    method: 'GET', path: ApiPath.auditExport, query: auditFilters, responses: { 200: z.string().describe('text/csv, one event a line') }, text: true,
    summary: 'Export audit events', description: 'Downloads the filtered audit events as CSV.',
  },
  verifyAuditChain: {
    method: 'GET', path: ApiPath.auditVerify, query: chainVerifyQuery, responses: { 200: chainVerifications },
    summary: 'Verify the audit chain', description: 'Checks the keyed hash chain linking audit events and reports the first broken link, if any.',
  },
  checkpointAuditChain: {
    method: 'POST', path: ApiPath.auditCheckpoint, body: chainCheckpointRequest, responses: { 200: chainCheckpoints },
    summary: 'Checkpoint the audit chain',
    description:
      "Seals the head of the account's audit chain (every chain, for platform administrators asking for all) under the audit key, appends it to the server's checkpoint file and sends it to the account's syslog destinations; verification then reports a cut tail or a removed chain against it.",
  },
});
