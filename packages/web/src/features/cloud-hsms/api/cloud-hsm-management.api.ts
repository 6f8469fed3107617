import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import {
  cloudHsmAuditPage,
  cloudHsmBackupResponse,
  cloudHsmHealthResponse,
  cloudHsmPinsResponse,
  cloudHsmResponse,
  cloudHsmUserPinResponse,
} from '@keydeck/contract/cloud-hsms';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toQueryString } from '../../../lib/query-string';
import { HEALTH_RANGE_HOURS, type AuditTrailSearch, type HealthRange } from '../cloud-hsms.search';
import { HEALTH_REFRESH_MS } from './cloud-hsms.api';
import { hsmKeys, useInvalidateCloud } from './cloud-keys';

/**
 * Answers that carry a PIN or a passphrase's work are dropped from the mutation cache as soon as nothing observes
 * them; the caller keeps the answer in its own state only while its dialog is open.
 */
const SECRET_GC_TIME = 0;

const hsm = (id: string) => ({ hsm_id: id });

/** The HSM's health samples over the last 1, 6 or 24 hours, oldest first. */
export const cloudHsmHealthQueryOptions = (id: string, range: HealthRange) =>
  queryOptions({
    queryKey: hsmKeys.detail(id, 'health', range),
    queryFn: async ({ signal }) => {
      const since = new Date(Date.now() - HEALTH_RANGE_HOURS[range] * 3_600_000).toISOString();
      return (await apiRequest(`${apiPath(ApiPath.cloudHsmHealth, hsm(id))}?${toQueryString({ since })}`, { schema: cloudHsmHealthResponse, signal })).data;
    },
    placeholderData: keepPreviousData,
    refetchInterval: HEALTH_REFRESH_MS,
    meta: { errorContext: 'Could not load the health of the cloud HSM' },
  });

/** The HSM's audit trail, newest first. */
export const cloudHsmAuditQueryOptions = (id: string, query: AuditTrailSearch) =>
  queryOptions({
    queryKey: queryKeys('cloud-hsms', 'hsms', id, 'audit').list(query),
    queryFn: ({ signal }) =>
      apiRequest(`${apiPath(ApiPath.cloudHsmAuditEvents, hsm(id))}?${toQueryString(query)}`, { schema: cloudHsmAuditPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the audit trail' },
  });

/** The SO and user PINs, answered once: afterwards the server refuses and the page says why. */
export function useShowPins(id: string) {
  const invalidate = useInvalidateCloud();
  return useMutation({
    mutationFn: async () => (await apiRequest(apiPath(ApiPath.cloudHsmPins, hsm(id)), { method: 'POST', schema: cloudHsmPinsResponse })).data,
    gcTime: SECRET_GC_TIME,
    meta: { errorContext: 'Could not show the PINs' },
    onSettled: invalidate,
  });
}

/** A new user PIN, answered once; the old one stops working. */
export function useRotateUserPin(id: string) {
  const invalidate = useInvalidateCloud();
  return useMutation({
    mutationFn: async () => (await apiRequest(apiPath(ApiPath.cloudHsmUserPin, hsm(id)), { method: 'POST', schema: cloudHsmUserPinResponse })).data,
    gcTime: SECRET_GC_TIME,
    meta: { errorContext: 'Could not rotate the user PIN' },
    onSettled: invalidate,
  });
}

/** An encrypted backup of the token under the passphrase: the file's name and bytes (base64). */
export function useBackUpCloudHsm(id: string) {
  const invalidate = useInvalidateCloud();
  return useMutation({
    mutationFn: async (passphrase: string) =>
      (await apiRequest(apiPath(ApiPath.cloudHsmBackup, hsm(id)), { method: 'POST', body: { passphrase }, schema: cloudHsmBackupResponse })).data,
    gcTime: SECRET_GC_TIME,
    meta: { errorContext: 'Could not back up the cloud HSM', inlineErrorStatuses: [400, 409] },
    onSuccess: invalidate,
  });
}

/** Replaces the token's objects with those of a backup of this HSM. */
export function useRestoreCloudHsm(id: string) {
  const invalidate = useInvalidateCloud();
  return useMutation({
    mutationFn: async (body: { passphrase: string; content: string }) =>
      (await apiRequest(apiPath(ApiPath.cloudHsmRestore, hsm(id)), { method: 'POST', body, schema: cloudHsmResponse })).data,
    gcTime: SECRET_GC_TIME,
    meta: { errorContext: 'Could not restore the cloud HSM', inlineErrorStatuses: [400, 409] },
    onSuccess: invalidate,
  });
}
