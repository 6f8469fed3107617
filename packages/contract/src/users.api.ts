import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import {
  userInvitationBody,
  userInvitationParams,
  userInvitationResponse,
  usersCreateBody,
  usersDeleteBody,
  usersDeleteResponse,
  usersListQuery,
  usersPage,
  usersResponse,
  usersUpdateBody,
} from './users.ts';

/** Spec §7: user/{x} GET, POST, PUT, DELETE (body users), for the caller's account or, for platform administrators, any. */
export const usersApi = endpoints({ product: 'identity', tag: 'Users' }, {
  listUsers: {
    method: 'GET', path: ApiPath.users, query: usersListQuery, responses: { 200: usersPage },
    summary: 'List users', description: 'Pages through the users of the caller\'s account (or the given account, for platform administrators).',
  },
  createUsers: {
    method: 'POST', path: ApiPath.users, body: usersCreateBody, responses: { 201: usersResponse },
    summary: 'Create users', description: 'Creates users with roles and mails each an invitation to set a password.',
  },
  resendInvitation: {
    method: 'POST', path: ApiPath.userInvitation, params: userInvitationParams, body: userInvitationBody, responses: { 200: userInvitationResponse },
    summary: 'Resend an invitation', description: 'Mails a new invitation link to a user who has not set a password yet.',
  },
  updateUsers: {
    method: 'PUT', path: ApiPath.users, body: usersUpdateBody, responses: { 200: usersResponse },
    summary: 'Update users', description: 'Changes users\' names, roles or status. The last administrator cannot lose the administrator role.',
  },
  deleteUsers: {
    method: 'DELETE', path: ApiPath.users, body: usersDeleteBody, responses: { 200: usersDeleteResponse },
    summary: 'Delete users', description: 'Deletes users from the account. The last administrator cannot be deleted.',
  },
});
