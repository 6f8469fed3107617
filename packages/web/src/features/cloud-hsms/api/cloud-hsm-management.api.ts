import { useMutation } from '@tanstack/react-query';
import { cloudHsmsApi } from '@keydeck/contract/cloud-hsms.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { HEALTH_RANGE_HOURS, type AuditTrailSearch, type HealthRange } from '../cloud-hsms.search';
import { HEALTH_REFRESH_MS } from './cloud-hsms.api';
import { hsmKeys, useInvalidateCloud } from './cloud-keys';
import { listQueryOptions } from '../../../lib/list-query';

/**
 * Answers that carry a PIN or a passphrase's work are dropped from the mutation cache as soon as nothing observes
 * them; the caller keeps the answer in its own state only while its dialog is open.
 */
const SECRET_GC_TIME = 0;

const hsm = (id: string) => ({ hsm_id: id });

/** The HSM's health samples over the last 1, 6 or 24 hours, oldest first. */
export const cloudHsmHealthQueryOptions = (id: string, range: HealthRange) =>
  listQueryOptions({
    queryKey: hsmKeys.detail(id, 'health', range),
    queryFn: async ({ signal }) => {
      const since = new Date(Date.now() - HEALTH_RANGE_HOURS[range] * 3_600_000).toISOString();
      return (await callApi(cloudHsmsApi.getCloudHsmHealth, { params: hsm(id), query: { since }, signal })).data;
    },
    refetchInterval: HEALTH_REFRESH_MS,
    meta: { errorContext: 'Could not load the health of the cloud HSM' },
  });

/** The HSM's audit trail, newest first. */
export const cloudHsmAuditQueryOptions = (id: string, query: AuditTrailSearch) =>
  listQueryOptions({
    queryKey: queryKeys('cloud-hsms', 'hsms', id, 'audit').list(query),
    queryFn: ({ signal }) => callApi(cloudHsmsApi.listCloudHsmAuditEvents, { params: hsm(id), query, signal }),
    meta: { errorContext: 'Could not load the audit trail' },
  });

/** The SO and user PINs, answered once: afterwards the server refuses and the page says why. */
export function useShowPins(id: string) {
  const invalidate = useInvalidateCloud();
  return useMutation({
    mutationFn: async () => (await callApi(cloudHsmsApi.showCloudHsmPins, { params: hsm(id) })).data,
    gcTime: SECRET_GC_TIME,
    meta: { errorContext: 'Could not show the PINs' },
    onSettled: invalidate,
  });
}

/** A new user PIN, answered once; the old one stops working. */
export function useRotateUserPin(id: string) {
  const invalidate = useInvalidateCloud();
  return useMutation({
    mutationFn: async () => (await callApi(cloudHsmsApi.rotateCloudHsmUserPin, { params: hsm(id) })).data,
    gcTime: SECRET_GC_TIME,
    meta: { refusalsShownInline: true },
    onSettled: invalidate,
  });
}

/** An encrypted backup of the token under the passphrase: the file's name and bytes (base64). */
export function useBackUpCloudHsm(id: string) {
  const invalidate = useInvalidateCloud();
  return useMutation({
    mutationFn: async (passphrase: string) => (await callApi(cloudHsmsApi.backUpCloudHsm, { params: hsm(id), body: { passphrase } })).data,
    gcTime: SECRET_GC_TIME,
    meta: { errorContext: 'Could not back up the cloud HSM', inlineErrorStatuses: [400, 409] },
    onSuccess: invalidate,
  });
}

/** Whether a backup opens with the passphrase for this HSM (and when it was made), before a restore is confirmed. */
export function useCheckCloudHsmBackup(id: string) {
  return useMutation({
    mutationFn: async (body: { passphrase: string; content: string }) => (await callApi(cloudHsmsApi.checkCloudHsmBackup, { params: hsm(id), body })).data,
    gcTime: SECRET_GC_TIME,
    meta: { errorContext: 'Could not check the backup', inlineErrorStatuses: [400, 409] },
  });
}

/** Replaces the token's objects with those of a backup of this HSM. */
export function useRestoreCloudHsm(id: string) {
  const invalidate = useInvalidateCloud();
  return useMutation({
    mutationFn: async (body: { passphrase: string; content: string }) => (await callApi(cloudHsmsApi.restoreCloudHsm, { params: hsm(id), body })).data,
    gcTime: SECRET_GC_TIME,
    meta: { errorContext: 'Could not restore the cloud HSM', inlineErrorStatuses: [400, 409] },
    onSuccess: invalidate,
  });
}
