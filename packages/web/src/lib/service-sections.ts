import type { Service } from '@keydeck/contract/services';
import type { ServiceSectionRule } from './route-static-data';
import { useServiceAccess } from './service-access';
import { useServiceFeatures } from './service-features';

/**
 * Which workspace sections (routes declaring staticData.serviceSection) the caller may open on the service; none
 * while its features or the caller's group are still loading (isLoading says so).
 */
export function useServiceSections(service: Service): { opens(rule: ServiceSectionRule): boolean; isLoading: boolean } {
  const access = useServiceAccess(service);
  const features = useServiceFeatures(service);
  return {
    opens: ({ category, feature, serviceType }) =>
      access.can(category) && (feature === undefined || features.on(feature)) && (serviceType === undefined || service.type === serviceType),
    isLoading: access.isLoading || features.isLoading,
  };
}
