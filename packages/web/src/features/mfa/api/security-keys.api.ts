import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import {
  securityKeyRegistrationBeginResponse,
  securityKeyRegistrationResponse,
  securityKeyResponse,
  securityKeysResponse,
} from '@keydeck/contract/security-keys';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';
import { createSecurityKeyCredential } from '../lib/webauthn-registration';
import { mfaKeys } from './mfa.api';

const keyPath = (id: string) => apiPath(ApiPath.securityKey, { key_id: id });

export const securityKeysQueryOptions = queryOptions({
  queryKey: mfaKeys.list('security-keys'),
  queryFn: ({ signal }) => apiRequest(ApiPath.securityKeys, { schema: securityKeysResponse, signal }),
  select: (data) => data.data,
  meta: { errorContext: 'Could not load your security keys' },
});

/**
 * Registers a key: registration options from the server, the browser asks the key (touch it), the server
 * verifies the attestation. The session may now have MFA enabled, which the route guard reads.
 */
export function useRegisterSecurityKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await apiRequest(ApiPath.securityKeyRegisterBegin, { method: 'POST', schema: securityKeyRegistrationBeginResponse });
      const credential = await createSecurityKeyCredential(options);
      return apiRequest(ApiPath.securityKeyRegisterComplete, {
        method: 'POST',
        body: { name, credential },
        schema: securityKeyRegistrationResponse,
      });
    },
    meta: { errorContext: 'Could not add the security key', inlineErrorStatuses: [400] },
    onSuccess: async ({ auth_info }) => {
      queryClient.setQueryData(sessionKeys.all, auth_info);
      await queryClient.invalidateQueries({ queryKey: mfaKeys.all });
    },
  });
}

export function useRenameSecurityKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiRequest(keyPath(id), { method: 'PATCH', body: { name }, schema: securityKeyResponse }),
    meta: { errorContext: 'Could not rename the security key', inlineErrorStatuses: [400, 409] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.all }),
  });
}

export function useRemoveSecurityKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      apiRequest(keyPath(id), { method: 'DELETE', body: { password }, schema: securityKeysResponse }),
    meta: { errorContext: 'Could not remove the security key', inlineErrorStatuses: [400] },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: mfaKeys.all });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
