import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  externalCaCreateToWire,
  externalCaDetailFromWire,
  externalCaDetailResponse,
  externalCaFromWire,
  externalCaResponse,
  externalCasPage,
  externalCaUpdateToWire,
  type ExternalCa,
  type ExternalCaCreate,
  type ExternalCaUpdate,
} from '@keydeck/contract/external-cas';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { queryKeys } from '../../../lib/query-keys';
import { toQueryString } from '../../../lib/query-string';
import { serviceRequest } from '../../../lib/service-session';
import { createFailure, fetchFailure, updateFailure } from './external-ca-failures';

/** The list's paging and the spec §4 unarchived filter; lists sort by name unless told otherwise. */
export type ExternalCasListQuery = {
  page: number;
  page_size: number;
  order: 'asc' | 'desc';
  order_by: 'name' | 'not_after';
  search?: string | undefined;
  unarchivedOnly: boolean;
};

const externalCaKeys = (serviceId: string) => queryKeys('external-cas', serviceId);

const listPath = (serviceId: string) => apiPath(ApiPath.externalCas, { service_id: serviceId });
const itemPath = (serviceId: string, id: string) => apiPath(ApiPath.externalCa, { service_id: serviceId, ca_id: id });

/** The service's external CAs, checked against the contract (a mismatch fails with 'Validation failed: ...'). */
export const externalCasQueryOptions = (serviceId: string, query: ExternalCasListQuery) =>
  queryOptions({
    queryKey: externalCaKeys(serviceId).list(query),
    queryFn: async ({ signal }) => {
      const { unarchivedOnly, ...paging } = query;
      const search = toQueryString({ ...paging, archived: unarchivedOnly ? 'false' : undefined });
      try {
        const page = await serviceRequest(serviceId, `${listPath(serviceId)}?${search}`, { schema: externalCasPage, signal });
        return { data: page.data.map(externalCaFromWire), total: page.total };
      } catch (error) {
        throw fetchFailure(error, Messages.externalCasFetchFallback);
      }
    },
    placeholderData: keepPreviousData,
    meta: { errorContext: Messages.externalCasFetchFailed },
  });

/** One external CA with its certificate (the detail call is the only one that carries certificate_data). */
export const externalCaQueryOptions = (serviceId: string, ca: Pick<ExternalCa, 'id' | 'name'>) =>
  queryOptions({
    queryKey: externalCaKeys(serviceId).detail(ca.id),
    queryFn: async ({ signal }) => {
      try {
        const { data } = await serviceRequest(serviceId, itemPath(serviceId, ca.id), { schema: externalCaDetailResponse, signal });
        return externalCaDetailFromWire(data);
      } catch (error) {
        throw fetchFailure(error, Messages.externalCaFetchFallback);
      }
    },
    meta: { errorContext: Messages.externalCaDetailsFailed(ca.name) },
  });

export function useCreateExternalCa(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (create: ExternalCaCreate) => {
      try {
        const { data } = await serviceRequest(serviceId, listPath(serviceId), {
          method: 'POST',
          body: externalCaCreateToWire(create),
          schema: externalCaResponse,
        });
        return externalCaFromWire(data);
      } catch (error) {
        throw createFailure(error, create.externalCaName);
      }
    },
    // The upload dialog shows the refusal above its form, once; a toast would cover the dialog's header.
    meta: { refusalsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: externalCaKeys(serviceId).all }),
  });
}

/** Archives or unarchives (spec §4). */
export function useUpdateExternalCa(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: ExternalCaUpdate) => {
      try {
        const { data } = await serviceRequest(serviceId, itemPath(serviceId, update.id), {
          method: 'PUT',
          body: externalCaUpdateToWire(update),
          schema: externalCaResponse,
        });
        return externalCaFromWire(data);
      } catch (error) {
        throw updateFailure(error);
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: externalCaKeys(serviceId).all }),
  });
}
