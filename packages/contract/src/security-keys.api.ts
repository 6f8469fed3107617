import { authInfoResponse } from './auth.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import { passwordConfirmRequest } from './mfa.ts';
import {
  securityKeyNameRequest,
  securityKeyParams,
  securityKeyRegistrationBeginResponse,
  securityKeyRegistrationRequest,
  securityKeyRegistrationResponse,
  securityKeyResponse,
  securityKeysResponse,
  u2fBeginResponse,
  u2fCompleteRequest,
} from './security-keys.ts';

/** WebAuthn security keys: the user's own keys and the u2f step of sign-in (spec §7 u2f/authenticate/begin and complete). */
export const securityKeysApi = endpoints({ product: 'vip-auth', tag: 'MFA' }, {
  listSecurityKeys: {
    method: 'GET', path: ApiPath.securityKeys, responses: { 200: securityKeysResponse },
    summary: 'List security keys', description: 'Lists the signed-in user\'s registered WebAuthn security keys with their names and last use.',
  },
  beginSecurityKeyRegistration: {
    method: 'POST', path: ApiPath.securityKeyRegisterBegin, responses: { 200: securityKeyRegistrationBeginResponse },
    summary: 'Start security key registration', description: 'Returns WebAuthn registration options for a new security key.',
  },
  completeSecurityKeyRegistration: {
    method: 'POST', path: ApiPath.securityKeyRegisterComplete, body: securityKeyRegistrationRequest, responses: { 201: securityKeyRegistrationResponse },
    summary: 'Complete security key registration',
    description: 'Verifies the WebAuthn attestation and stores the new security key under the given name.',
  },
  renameSecurityKey: {
    method: 'PATCH', path: ApiPath.securityKey, params: securityKeyParams, body: securityKeyNameRequest, responses: { 200: securityKeyResponse },
    summary: 'Rename a security key', description: 'Changes the display name of one of the signed-in user\'s security keys.',
  },
  removeSecurityKey: {
    method: 'DELETE', path: ApiPath.securityKey, params: securityKeyParams, body: passwordConfirmRequest, responses: { 200: securityKeysResponse },
    summary: 'Remove a security key', description: 'Deletes one of the signed-in user\'s security keys.',
  },
  beginU2f: {
    method: 'POST', path: ApiPath.u2fAuthenticateBegin, responses: { 200: u2fBeginResponse },
    summary: 'Start security key sign-in', description: 'Returns a WebAuthn assertion challenge for the partial session\'s registered security keys.',
  },
  completeU2f: {
    method: 'POST', path: ApiPath.u2fAuthenticateComplete, body: u2fCompleteRequest, responses: { 200: authInfoResponse },
    summary: 'Complete security key sign-in', description: 'Verifies the WebAuthn assertion and completes the partial sign-in.',
  },
});
