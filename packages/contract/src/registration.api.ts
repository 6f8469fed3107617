import { accountParams } from './accounts.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import {
  accountMarketplace,
  registrationConfirmed,
  registrationConfirmRequest,
  registrationRequest,
  registrationRequested,
} from './registration.ts';

/** Self-service sign-up (spec §2 /register): a pending sign-up, its confirmation, and the marketplace it came through. */
export const registrationApi = endpoints({ product: 'vip-auth', tag: 'Registration' }, {
  register: {
    method: 'POST', path: ApiPath.registration, body: registrationRequest, responses: { 202: registrationRequested },
    summary: 'Register an account', description: 'Creates a pending registration for a new customer account and mails a confirmation link.',
  },
  confirmRegistration: {
    method: 'POST', path: ApiPath.registrationConfirm, body: registrationConfirmRequest, responses: { 201: registrationConfirmed },
    summary: 'Confirm a registration', description: 'Confirms a registration with the mailed token, creating the account and its first administrator.',
  },
  // Read by platform administrators beside the account's other settings.
  getAccountMarketplace: {
    method: 'GET', path: ApiPath.accountMarketplace, params: accountParams, responses: { 200: accountMarketplace },
    product: 'identity', tag: 'Accounts',
    summary: 'Get an account\'s marketplace subscription',
    description: 'Returns the cloud marketplace (Azure or Google) subscription the account registered through, if any.',
  },
  // A page, not an API call: Google's cross-site form POST, answered with a 303 to the sign-up page.
  googleMarketplaceLanding: {
    method: 'POST', path: '/google-marketplace', responses: {}, hidden: true,
    summary: 'Google Cloud Marketplace landing', description: 'Moves the buyer\'s marketplace token from the posted form to the sign-up page\'s query.',
  },
});
