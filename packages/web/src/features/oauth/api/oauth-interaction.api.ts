import { queryOptions, useMutation } from '@tanstack/react-query';
import type { OAuthInteraction } from '@keydeck/contract/oauth';
import { oauthApi } from '@keydeck/contract/oauth.api';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';

const interactionKeys = queryKeys('oauth-interactions');

/**
 * An authorization request waiting for the user's answer; null once it has expired or was answered (404), which the
 * page says in place, so it is no error toast.
 */
export const oauthInteractionQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: interactionKeys.detail(uid),
    queryFn: async ({ signal }): Promise<OAuthInteraction | null> => {
      try {
        return (await callApi(oauthApi.getOAuthInteraction, { params: { uid }, signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    // The request is answered once: a refetch on focus would find it gone after Allow.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { errorContext: 'Could not load the authorization request' },
  });

export type InteractionAnswer = 'allow' | 'deny';

/** Allow or deny: the server answers where the browser goes next (the authorization server, then the application). */
export function useAnswerOAuthInteraction(uid: string) {
  return useMutation({
    mutationFn: async (answer: InteractionAnswer) => {
      const endpoint = answer === 'allow' ? oauthApi.allowOAuthInteraction : oauthApi.denyOAuthInteraction;
      return (await callApi(endpoint, { params: { uid }, body: {} })).location;
    },
    meta: { errorContext: 'Could not answer the authorization request' },
  });
}
