import { createsKbpkOrBdk } from './approvals.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import {
  batchResponse,
  componentKcvBody,
  componentKcvResponse,
  keyAssignmentsCreateBody,
  keyAssignmentsDeleteBody,
  keyAssignmentsQuery,
  keyAssignmentsResponse,
  keyGroupsCreateBody,
  keyGroupsDeleteBody,
  keyGroupsResponse,
  keyGroupsUpdateBody,
  keyLoadBody,
  keyLoadResponse,
  rklExportFormatsQuery,
  rklExportFormatsResponse,
  symmetricKeyExportBody,
  symmetricKeyExportResponse,
  symmetricKeyHistoryQuery,
  symmetricKeyHistoryResponse,
  symmetricKeysCreateBody,
  symmetricKeysCreateResponse,
  symmetricKeysDeleteBody,
  symmetricKeysQuery,
  symmetricKeysResponse,
  symmetricKeysUpdateBody,
  symmetricKeyUtilsResponse,
} from './payment-keys.ts';

/** Payment keys of the current service (spec §7): key groups, symmetric keys and their utilities, key-slot assignments and loads. */
export const paymentKeysApi = endpoints({ product: 'crypto-cluster', tag: 'Keys' }, {
  listKeyGroups: {
    method: 'GET', path: ApiPath.keyGroups, responses: { 200: keyGroupsResponse },
    summary: 'List key groups', description: 'Lists the current service\'s key groups and their key retrieval algorithm.',
  },
  createKeyGroups: {
    method: 'POST', path: ApiPath.keyGroups, body: keyGroupsCreateBody, responses: { 201: keyGroupsCreateBody },
    summary: 'Create key groups', description: 'Creates key groups in the current service.',
  },
  changeKeyRetrievalAlgorithm: {
    approval: { operation: 'key_group.retrieval_change' },
    method: 'PUT', path: ApiPath.keyGroups, body: keyGroupsUpdateBody, responses: { 200: batchResponse },
    summary: 'Change key retrieval algorithm', description: 'Changes how keys are chosen from a key group for devices.',
  },
  deleteKeyGroups: {
    method: 'DELETE', path: ApiPath.keyGroups, body: keyGroupsDeleteBody, responses: { 200: batchResponse },
    summary: 'Delete key groups', description: 'Deletes key groups of the current service.',
  },
  listSymmetricKeys: {
    method: 'GET', path: ApiPath.symmetricKeys, query: symmetricKeysQuery, responses: { 200: symmetricKeysResponse },
    summary: 'List symmetric keys', description: 'Pages through the current service\'s symmetric keys (metadata and check values only, never key material).',
  },
  createSymmetricKeys: {
    approval: { operation: 'key.create_kbpk_bdk', when: ({ body }) => createsKbpkOrBdk((body as { symmetric_keys?: [] }).symmetric_keys) },
    method: 'POST', path: ApiPath.symmetricKeys, body: symmetricKeysCreateBody, responses: { 200: symmetricKeysCreateResponse },
    summary: 'Create symmetric keys', description: 'Generates or imports symmetric keys (from components) into the keystore.',
  },
  updateSymmetricKeys: {
    approval: { operation: 'symmetric_key.disable', when: ({ body }) => ['disable', 'retire'].includes((body as { action?: string }).action ?? '') },
    method: 'PUT', path: ApiPath.symmetricKeys, body: symmetricKeysUpdateBody, responses: { 200: batchResponse },
    summary: 'Update symmetric keys', description: 'Changes symmetric keys\' names, groups or usage.',
  },
  deleteSymmetricKeys: {
    approval: { operation: 'symmetric_key.delete' },
    method: 'DELETE', path: ApiPath.symmetricKeys, body: symmetricKeysDeleteBody, responses: { 200: batchResponse },
    summary: 'Delete symmetric keys', description: 'Deletes symmetric keys of the current service.',
  },
  exportSymmetricKey: {
    approval: { operation: 'symmetric_key.export' },
    method: 'POST', path: ApiPath.symmetricKeyExport, body: symmetricKeyExportBody, responses: { 200: symmetricKeyExportResponse },
    summary: 'Export a symmetric key', description: 'Exports a key wrapped under a transport key, in the requested format; never in the clear.',
  },
  symmetricKeyHistory: {
    method: 'GET', path: ApiPath.symmetricKeyHistory, query: symmetricKeyHistoryQuery, responses: { 200: symmetricKeyHistoryResponse },
    summary: 'Symmetric key history', description: 'Lists the changes made to one symmetric key.',
  },
  symmetricKeyUtils: {
    method: 'GET', path: ApiPath.symmetricKeyUtils, responses: { 200: symmetricKeyUtilsResponse },
    summary: 'Key utility options', description: 'Lists the algorithms and key types the key utilities accept.',
  },
  componentKcv: {
    method: 'POST', path: ApiPath.componentKcv, body: componentKcvBody, responses: { 200: componentKcvResponse },
    summary: 'Compute a key check value', description: 'Computes the key check value of a key component, so custodians can verify what they typed.',
  },
  listKeyAssignments: {
    method: 'GET', path: ApiPath.keyAssignments, query: keyAssignmentsQuery, responses: { 200: keyAssignmentsResponse }, tag: 'Key assignments',
    summary: 'List key assignments', description: 'Lists which keys are assigned to which devices or device groups.',
  },
  createKeyAssignments: {
    method: 'POST', path: ApiPath.keyAssignments, body: keyAssignmentsCreateBody, responses: { 200: batchResponse }, tag: 'Key assignments',
    summary: 'Assign keys', description: 'Assigns keys to devices or device groups.',
  },
  deleteKeyAssignments: {
    method: 'DELETE', path: ApiPath.keyAssignments, body: keyAssignmentsDeleteBody, responses: { 200: batchResponse }, tag: 'Key assignments',
    summary: 'Remove key assignments', description: 'Removes key assignments from devices or device groups.',
  },
  loadDeviceKey: {
    method: 'POST', path: ApiPath.keyLoad, body: keyLoadBody, responses: { 200: keyLoadResponse }, tag: 'Key assignments',
    summary: 'Load a key onto a device',
    description: 'Wraps the key assigned to a device slot under the given key block protection key for remote loading, and answers its KCV (and KSN).',
  },
  rklExportFormats: {
    method: 'GET', path: ApiPath.rklExportFormats, query: rklExportFormatsQuery, responses: { 200: rklExportFormatsResponse },
    summary: 'List RKL export formats', description: 'Lists the remote key loading export formats the service supports.',
  },
});
