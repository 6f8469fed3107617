import { serviceFeaturesQuery, serviceFeaturesResponse } from './service-features.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** The optional capabilities the caller's current service offers an account (spec §7 service/features). */
export const serviceFeaturesApi = endpoints({ product: 'cryptohub', tag: 'Service settings' }, {
  serviceFeatures: {
    method: 'GET', path: ApiPath.serviceFeatures, query: serviceFeaturesQuery, responses: { 200: serviceFeaturesResponse },
    summary: 'Service features', description: 'Lists the features enabled for the current service.',
  },
});
