import {
  cloudHsmAuditPage,
  cloudHsmBackupBody,
  cloudHsmBackupCheckResponse,
  cloudHsmBackupResponse,
  cloudHsmDeprovisionBody,
  cloudHsmHealthQuery,
  cloudHsmHealthResponse,
  cloudHsmParams,
  cloudHsmPinsResponse,
  cloudHsmRequestBody,
  cloudHsmResponse,
  cloudHsmRestoreBody,
  cloudHsmsPage,
  cloudHsmsParams,
  cloudHsmUserPinResponse,
  cloudOverviewParams,
  cloudOverviewResponse,
} from './cloud-hsms.ts';
import { cloudHsmAuditQuery, cloudHsmsQuery } from './cloud-hsms-queries.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** A customer's cloud HSMs (spec §2 cloud-provisioning/cloud-hsms, cloud-hsm-management/{id}) and the /chc overview. */
export const cloudHsmsApi = endpoints({ product: 'cloud-product', tag: 'Cloud HSMs' }, {
  listCloudHsms: {
    method: 'GET', path: ApiPath.cloudHsms, params: cloudHsmsParams, query: cloudHsmsQuery, responses: { 200: cloudHsmsPage },
    summary: 'List a service\'s cloud HSMs', description: 'Lists the cloud HSMs of one of the account\'s services.',
  },
  requestCloudHsm: {
    method: 'POST', path: ApiPath.cloudHsms, params: cloudHsmsParams, body: cloudHsmRequestBody, responses: { 202: cloudHsmResponse },
    summary: 'Request a cloud HSM', description: 'Requests a new cloud HSM for the service; provisioning runs in the background.',
  },
  getCloudHsm: {
    method: 'GET', path: ApiPath.cloudHsm, params: cloudHsmParams, responses: { 200: cloudHsmResponse },
    summary: 'Get a cloud HSM', description: 'Returns one cloud HSM with its state, location and cluster.',
  },
  deprovisionCloudHsm: {
    method: 'DELETE', path: ApiPath.cloudHsm, params: cloudHsmParams, body: cloudHsmDeprovisionBody, responses: { 200: cloudHsmResponse, 202: cloudHsmResponse },
    summary: 'Deprovision a cloud HSM', description: 'Starts deprovisioning a cloud HSM.',
  },
  getCloudHsmHealth: {
    method: 'GET', path: ApiPath.cloudHsmHealth, params: cloudHsmParams, query: cloudHsmHealthQuery, responses: { 200: cloudHsmHealthResponse },
    summary: 'Cloud HSM health', description: 'Returns the HSM\'s health over time.',
  },
  listCloudHsmAuditEvents: {
    method: 'GET', path: ApiPath.cloudHsmAuditEvents, params: cloudHsmParams, query: cloudHsmAuditQuery, responses: { 200: cloudHsmAuditPage },
    summary: 'Cloud HSM audit events', description: 'Lists the audit events concerning one cloud HSM.',
  },
  showCloudHsmPins: {
    method: 'POST', path: ApiPath.cloudHsmPins, params: cloudHsmParams, responses: { 200: cloudHsmPinsResponse },
    summary: 'Reveal cloud HSM PINs', description: 'Returns the HSM\'s PINs; every reveal is audited.',
  },
  rotateCloudHsmUserPin: {
    method: 'POST', path: ApiPath.cloudHsmUserPin, params: cloudHsmParams, responses: { 200: cloudHsmUserPinResponse },
    summary: 'Rotate the user PIN', description: 'Sets a new user PIN on the HSM token.',
  },
  backUpCloudHsm: {
    method: 'POST', path: ApiPath.cloudHsmBackup, params: cloudHsmParams, body: cloudHsmBackupBody, responses: { 200: cloudHsmBackupResponse },
    summary: 'Back up a cloud HSM', description: 'Takes a backup of the HSM token, encrypted under the given passphrase.',
  },
  checkCloudHsmBackup: {
    method: 'POST', path: ApiPath.cloudHsmRestoreCheck, params: cloudHsmParams, body: cloudHsmRestoreBody, responses: { 200: cloudHsmBackupCheckResponse },
    summary: 'Check a cloud HSM backup',
    description: 'Checks that a backup file opens with its passphrase and belongs to this HSM, changing nothing, and answers when it was made: the console asks to confirm a restore only after it.',
  },
  restoreCloudHsm: {
    method: 'POST', path: ApiPath.cloudHsmRestore, params: cloudHsmParams, body: cloudHsmRestoreBody, responses: { 200: cloudHsmResponse },
    summary: 'Restore a cloud HSM', description: 'Restores the HSM token from one of its backups.',
  },
  getCloudOverview: {
    method: 'GET', path: ApiPath.cloudOverview, params: cloudOverviewParams, responses: { 200: cloudOverviewResponse }, tag: 'Dashboards',
    summary: 'Cloud overview', description: 'Summarises the account\'s cloud HSMs by status and health, and its clusters.',
  },
});
