import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { securityKeysApi } from '@keydeck/contract/security-keys.api';
import { callApi } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';
import { createSecurityKeyCredential } from '../lib/webauthn-registration';
import { mfaKeys } from './mfa.api';

export const securityKeysQueryOptions = queryOptions({
  queryKey: mfaKeys.list('security-keys'),
  queryFn: ({ signal }) => callApi(securityKeysApi.listSecurityKeys, { signal }),
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
      const { options } = await callApi(securityKeysApi.beginSecurityKeyRegistration, {});
      const credential = await createSecurityKeyCredential(options);
      return callApi(securityKeysApi.completeSecurityKeyRegistration, { body: { name, credential } });
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
      callApi(securityKeysApi.renameSecurityKey, { params: { key_id: id }, body: { name } }),
    meta: { errorContext: 'Could not rename the security key', inlineErrorStatuses: [400, 409] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.all }),
  });
}

export function useRemoveSecurityKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      callApi(securityKeysApi.removeSecurityKey, { params: { key_id: id }, body: { password } }),
    meta: { errorContext: 'Could not remove the security key', inlineErrorStatuses: [400] },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: mfaKeys.all });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
