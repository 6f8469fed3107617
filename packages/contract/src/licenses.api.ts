import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import {
  licensesCreateBody,
  licensesDeleteBody,
  licensesDeleted,
  licensesPage,
  licensesParams,
  licensesQuery,
  licensesResponse,
  licensesUpdateBody,
} from './licenses.ts';

/** Per-account licenses: the account's own users read them; platform administrators grant, change and revoke them. */
export const licensesApi = endpoints({ product: 'identity', tag: 'Licenses' }, {
  listLicenses: {
    method: 'GET', path: ApiPath.accountLicenses, params: licensesParams, query: licensesQuery, responses: { 200: licensesPage },
    summary: "List an account's licenses", description: 'Lists the licenses granted to the account and their validity.',
  },
  createLicenses: {
    method: 'POST', path: ApiPath.accountLicenses, params: licensesParams, body: licensesCreateBody, responses: { 201: licensesResponse },
    summary: 'Grant licenses', description: 'Grants licenses to the account.',
  },
  updateLicenses: {
    method: 'PUT', path: ApiPath.accountLicenses, params: licensesParams, body: licensesUpdateBody, responses: { 200: licensesResponse },
    summary: 'Update licenses', description: "Changes the quantity or validity of the account's licenses.",
  },
  deleteLicenses: {
    method: 'DELETE', path: ApiPath.accountLicenses, params: licensesParams, body: licensesDeleteBody, responses: { 200: licensesDeleted },
    summary: 'Revoke licenses', description: 'Removes licenses from the account.',
  },
});
