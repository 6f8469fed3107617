import { endpoints } from './endpoint.ts';
import { accountFeatures, featureChange, featureChanged, featureParams } from './features.ts';
import { ApiPath } from './http.ts';

/** Spec §7 account features: customers read their own; platform administrators switch them. */
export const featuresApi = endpoints({ product: 'identity', tag: 'Features' }, {
  listAccountFeatures: {
    method: 'GET', path: ApiPath.accountFeatures, params: featureParams, responses: { 200: accountFeatures },
    summary: "List an account's features", description: 'Lists the product features and whether each is enabled for the account.',
  },
  setAccountFeature: {
    method: 'PUT', path: ApiPath.accountFeature, params: featureParams, body: featureChange, responses: { 200: featureChanged },
    summary: 'Enable or disable a feature', description: 'Turns one product feature on or off for the account.',
  },
});
