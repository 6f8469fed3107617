import { hubTenancyBody, hubTenancyParams, hubTenancyResponse } from './cryptohub.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** Spec §2's account tab cryptohub: the account's hub tenancy, its region, tier and quotas. */
export const cryptohubApi = endpoints({ product: 'cryptohub', tag: 'CryptoHub tenancy' }, {
  getCryptoHubTenancy: {
    method: 'GET', path: ApiPath.accountCryptoHub, params: hubTenancyParams, responses: { 200: hubTenancyResponse },
    summary: "Get an account's CryptoHub tenancy",
    description: 'Whether the account may request services, its home region, support tier and quotas (null: unlimited), what it uses now against each quota, and the regions to choose from. configured is false until first saved: the account is unrestricted meanwhile.',
  },
  setCryptoHubTenancy: {
    method: 'PUT', path: ApiPath.accountCryptoHub, params: hubTenancyParams, body: hubTenancyBody, responses: { 200: hubTenancyResponse },
    summary: "Set an account's CryptoHub tenancy",
    description: 'Sets the tenancy whole. The home region is one of the service locations (400 naming home_region); quotas are whole numbers from 0, null for unlimited. A disabled tenancy refuses new service requests; the quotas refuse new services (max_services, requests and creations alike) and cloud HSMs (max_cloud_hsms) beyond them, with 409. Lowering a quota below the current usage removes nothing.',
  },
});
