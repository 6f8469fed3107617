import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import {
  syslogAccountParams,
  syslogConfigDeleted,
  syslogConfigFields,
  syslogConfigParams,
  syslogConfigResponse,
  syslogConfigsListQuery,
  syslogConfigsPage,
  syslogTestResponse,
} from './syslog.ts';

/** Spec §2 settings/syslog-server-configs/{account_id}: an account's syslog servers, and a test message. */
export const syslogApi = endpoints({ product: 'identity', tag: 'Syslog' }, {
  listSyslogConfigs: {
    method: 'GET', path: ApiPath.syslogConfigs, params: syslogAccountParams, query: syslogConfigsListQuery, responses: { 200: syslogConfigsPage },
    summary: 'List syslog destinations', description: 'Lists the syslog servers the account\'s audit events are forwarded to.',
  },
  createSyslogConfig: {
    method: 'POST', path: ApiPath.syslogConfigs, params: syslogAccountParams, body: syslogConfigFields, responses: { 201: syslogConfigResponse },
    summary: 'Add a syslog destination',
    description: 'Adds a syslog server (host, port, transport) for the account\'s audit events, within the egress policy.',
  },
  updateSyslogConfig: {
    method: 'PUT', path: ApiPath.syslogConfig, params: syslogConfigParams, body: syslogConfigFields, responses: { 200: syslogConfigResponse },
    summary: 'Update a syslog destination', description: 'Changes a syslog destination\'s host, port, transport or state.',
  },
  deleteSyslogConfig: {
    method: 'DELETE', path: ApiPath.syslogConfig, params: syslogConfigParams, responses: { 200: syslogConfigDeleted },
    summary: 'Remove a syslog destination', description: 'Stops forwarding audit events to a syslog destination and removes it.',
  },
  testSyslogConfig: {
    method: 'POST', path: ApiPath.syslogConfigTest, params: syslogConfigParams, responses: { 200: syslogTestResponse },
    summary: 'Test a syslog destination', description: 'Sends a test message to the syslog destination and reports whether it was accepted.',
  },
});
