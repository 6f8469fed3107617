import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountFeature, FeatureName } from '@keydeck/contract/features';
import { featuresApi } from '@keydeck/contract/features.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const featureKeys = (accountId: string) => queryKeys('account-features', accountId);

export const accountFeaturesQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: featureKeys(accountId).all,
    queryFn: async ({ signal }) => (await callApi(featuresApi.listAccountFeatures, { params: { account_id: accountId }, signal })).data,
    meta: { errorContext: 'Could not load the account features' },
  });

export interface FeatureToggle {
  name: FeatureName;
  value: boolean;
}

const applied = (features: AccountFeature[] | undefined, { name, value }: FeatureToggle): AccountFeature[] | undefined =>
  features?.some((feature) => feature.feature_name === name)
    ? features.map((feature) => (feature.feature_name === name ? { ...feature, feature_value: value } : feature))
    : features && [...features, { feature_name: name, feature_value: value }];

/**
 * Switches one feature. The switch moves at once (optimistic); a refused change puts the previous list
 * back and is toasted centrally.
 */
export function useToggleFeature(accountId: string) {
  const queryClient = useQueryClient();
  const key = featureKeys(accountId).all;
  return useMutation({
    mutationFn: async (toggle: FeatureToggle) =>
      (await callApi(featuresApi.setAccountFeature, { params: { account_id: accountId }, body: { feature_name: toggle.name, feature_value: toggle.value } })).data,
    meta: { errorContext: 'Could not change the feature' },
    onMutate: async (toggle) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AccountFeature[]>(key);
      queryClient.setQueryData<AccountFeature[]>(key, (current) => applied(current, toggle));
      return { previous };
    },
    onError: (_error, _toggle, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
