import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  externalCaCreateToWire,
  externalCaDetailFromWire,
  externalCaFromWire,
  externalCaUpdateToWire,
  type ExternalCa,
  type ExternalCaCreate,
  type ExternalCaUpdate,
} from '@keydeck/contract/external-cas';
import { externalCasApi } from '@keydeck/contract/external-cas.api';
import { Messages } from '@keydeck/contract/messages';
import { queryKeys } from '../../../lib/query-keys';
import { serviceCall } from '../../../lib/service-session';
import { createFailure, fetchFailure, updateFailure } from './external-ca-failures';
import { listQueryOptions } from '../../../lib/list-query';

/** The list's paging and the spec §4 unarchived filter; lists sort by name unless told otherwise. */
export type ExternalCasListQuery = {
  page: number;
  page_size: number;
  order: 'asc' | 'desc';
  order_by: 'name' | 'not_after';
  search?: string | undefined;
  unarchivedOnly: boolean;
};

const externalCaKeys = (serviceId: string) => queryKeys('cryptoverse', serviceId);

/** The service's external CAs, checked against the contract (a mismatch fails with 'Validation failed: ...'). */
export const externalCasQueryOptions = (serviceId: string, query: ExternalCasListQuery) =>
  listQueryOptions({
    queryKey: externalCaKeys(serviceId).list(query),
    queryFn: async ({ signal }) => {
      const { unarchivedOnly, ...paging } = query;
      const search = { ...paging, archived: unarchivedOnly ? ('false' as const) : undefined };
      try {
        const page = await serviceCall(serviceId, externalCasApi.listExternalCas, { params: { service_id: serviceId }, query: search, signal });
        return { data: page.data.map(externalCaFromWire), total: page.total };
      } catch (error) {
        throw fetchFailure(error, Messages.externalCasFetchFallback);
      }
    },
    meta: { errorContext: Messages.externalCasFetchFailed },
  });

/** One external CA with its certificate (the detail call is the only one that carries certificate_data). */
export const externalCaQueryOptions = (serviceId: string, ca: Pick<ExternalCa, 'id' | 'name'>) =>
  queryOptions({
    queryKey: externalCaKeys(serviceId).detail(ca.id),
    queryFn: async ({ signal }) => {
      try {
        const { data } = await serviceCall(serviceId, externalCasApi.getExternalCa, { params: { service_id: serviceId, ca_id: ca.id }, signal });
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
        const { data } = await serviceCall(serviceId, externalCasApi.createExternalCa, { params: { service_id: serviceId }, body: externalCaCreateToWire(create) });
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
        const { data } = await serviceCall(serviceId, externalCasApi.updateExternalCa, {
          params: { service_id: serviceId, ca_id: update.id },
          body: externalCaUpdateToWire(update),
        });
        return externalCaFromWire(data);
      } catch (error) {
        throw updateFailure(error);
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: externalCaKeys(serviceId).all }),
  });
}
