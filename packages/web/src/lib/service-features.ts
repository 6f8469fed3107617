import { queryOptions, useQuery } from '@tanstack/react-query';
import { isServiceFeatureOn, type ServiceFeatureName } from '@keydeck/contract/service-features';
import { serviceFeaturesApi } from '@keydeck/contract/service-features.api';
import { serviceFeatureKeys } from './query-keys';
import { serviceCall, useServiceSession } from './service-session';

type ServiceRef = { id: string; account_id: string };

/** GET service/features: what the service offers its account. Asked once per service and kept (it changes with its type or the account's flags). */
export const serviceFeaturesQueryOptions = (service: ServiceRef) =>
  queryOptions({
    queryKey: serviceFeatureKeys(service.id).all,
    queryFn: ({ signal }) =>
      serviceCall(service.id, serviceFeaturesApi.serviceFeatures, { query: { account_id: service.account_id }, signal }),
    staleTime: Infinity,
    meta: { errorContext: 'Could not load what the service offers' },
  });

/**
 * The optional capabilities of the service (spec §7 service/features). Screens show a section only when its feature
 * is on and the caller's group holds its permission category; nothing is on without a live service session.
 */
export function useServiceFeatures(service: ServiceRef): { on(name: ServiceFeatureName): boolean; isLoading: boolean } {
  const { session, isLoading: sessionLoading } = useServiceSession(service.id);
  const features = useQuery({ ...serviceFeaturesQueryOptions(service), enabled: session !== null });
  const list = session ? features.data?.features : undefined;
  return {
    on: (name) => isServiceFeatureOn(list, name),
    isLoading: sessionLoading || (session !== null && features.isLoading),
  };
}
