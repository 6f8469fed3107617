import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import { rolesCreateBody, rolesDeleteBody, rolesDeleteResponse, rolesListQuery, rolesPage, rolesResponse, rolesUpdateBody } from './roles.ts';

/** Spec §7: user/roles/{x} GET, POST, PUT, DELETE (body roles): named sets of permissions of one account. */
export const rolesApi = endpoints({ product: 'identity', tag: 'Roles' }, {
  listRoles: {
    method: 'GET', path: ApiPath.roles, query: rolesListQuery, responses: { 200: rolesPage },
    summary: 'List roles', description: 'Lists the account\'s roles with their permissions.',
  },
  createRoles: {
    method: 'POST', path: ApiPath.roles, body: rolesCreateBody, responses: { 201: rolesResponse },
    summary: 'Create roles', description: 'Creates roles from a set of permission names.',
  },
  updateRoles: {
    method: 'PUT', path: ApiPath.roles, body: rolesUpdateBody, responses: { 200: rolesResponse },
    summary: 'Update roles', description: 'Renames roles or changes their permissions; users holding them get the change on their next call.',
  },
  deleteRoles: {
    method: 'DELETE', path: ApiPath.roles, body: rolesDeleteBody, responses: { 200: rolesDeleteResponse },
    summary: 'Delete roles', description: 'Deletes roles from the account.',
  },
});
