import { authInfoResponse, loginRequest, logoutResponse } from './auth.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** Spec §7, session and login: the current session, password sign-in and sign-out. */
export const authApi = endpoints({ product: 'vip-auth', tag: 'Sign-in' }, {
  getSession: {
    method: 'GET', path: ApiPath.login, responses: { 200: authInfoResponse },
    summary: 'Current session', description: 'Returns the signed-in user, their account, permissions and whether a second factor is still owed.',
  },
  login: {
    method: 'POST', path: ApiPath.login, body: loginRequest, responses: { 200: authInfoResponse },
    summary: 'Sign in',
    description: 'Checks a username and password and starts a session (cookie). When the account requires MFA the session stays partial until the second factor is given. Failed attempts are throttled per username and address.',
  },
  logout: {
    method: 'POST', path: ApiPath.logout, responses: { 200: logoutResponse },
    summary: 'Sign out', description: 'Ends the current session and clears its cookie; callable from any address.',
  },
});
