import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import { accountExport, offboardingDeleteBody, offboardingDeleted, offboardingParams, offboardingStatus } from './offboarding.ts';

/** Account offboarding, in two guarded steps: export the account's data, then delete the account. */
export const offboardingApi = endpoints({ product: 'identity', tag: 'Accounts' }, {
  getAccountOffboarding: {
    method: 'GET', path: ApiPath.accountOffboarding, params: offboardingParams, responses: { 200: offboardingStatus },
    summary: "Get an account's offboarding state", description: "Returns whether the account's data was exported, so it can be offboarded.",
  },
  exportAccountData: {
    method: 'POST', path: ApiPath.accountOffboardingExport, params: offboardingParams, responses: { 200: accountExport },
    summary: "Export an account's data", description: 'Answers everything the account holds as a JSON attachment: the first step of offboarding.',
  },
  offboardAccount: {
    method: 'DELETE', path: ApiPath.accountOffboarding, params: offboardingParams, body: offboardingDeleteBody, responses: { 200: offboardingDeleted },
    summary: 'Offboard an account', description: "Deletes the account and all its data once exported; the request repeats the account's slug to confirm.",
  },
});
