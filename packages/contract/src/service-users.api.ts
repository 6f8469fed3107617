import {
  serviceUserGroupCurrent,
  serviceUserGroupPermissionsQuery,
  serviceUserGroupPermissionsResponse,
  serviceUserGroupsCreateBody,
  serviceUserGroupsDeleteBody,
  serviceUserGroupsResponse,
  serviceUserGroupsUpdateBody,
  serviceUsersBody,
  serviceUsersDeleteBody,
  serviceUsersQuery,
  serviceUsersResponse,
} from './service-users.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/**
 * The service user and group calls (spec §7) come twice: the plain paths for services reached with the console
 * session, the jwt_ paths for services whose sessions are bearer tokens. Same schemas, their own paths and docs.
 */
export const serviceUsersApi = endpoints({ product: 'crypto-cluster', tag: 'Service users' }, {
  listServiceUsers: {
    method: 'GET', path: ApiPath.serviceUsers, query: serviceUsersQuery, responses: { 200: serviceUsersResponse },
    summary: 'List service users', description: 'Lists the console users who are members of the current service, by group.',
  },
  addServiceUsers: {
    method: 'POST', path: ApiPath.serviceUsers, body: serviceUsersBody, responses: { 201: serviceUsersResponse },
    summary: 'Add service users', description: 'Adds console users to a service user group.',
  },
  moveServiceUsers: {
    method: 'PUT', path: ApiPath.serviceUsers, body: serviceUsersBody, responses: { 200: serviceUsersResponse },
    summary: 'Move service users', description: 'Moves service users to another user group.',
  },
  removeServiceUsers: {
    method: 'DELETE', path: ApiPath.serviceUsers, body: serviceUsersDeleteBody, responses: { 200: serviceUsersDeleteBody },
    summary: 'Remove service users', description: 'Removes users from the service.',
  },
  listServiceUserGroups: {
    method: 'GET', path: ApiPath.serviceUserGroups, responses: { 200: serviceUserGroupsResponse },
    summary: 'List service user groups', description: 'Lists the current service\'s user groups with their permission categories and levels.',
  },
  createServiceUserGroups: {
    method: 'POST', path: ApiPath.serviceUserGroups, body: serviceUserGroupsCreateBody, responses: { 201: serviceUserGroupsResponse },
    summary: 'Create service user groups', description: 'Creates service user groups with permission levels per category.',
  },
  updateServiceUserGroups: {
    method: 'PUT', path: ApiPath.serviceUserGroups, body: serviceUserGroupsUpdateBody, responses: { 200: serviceUserGroupsResponse },
    summary: 'Update service user groups', description: 'Changes service user groups\' names or permission levels.',
  },
  deleteServiceUserGroups: {
    method: 'DELETE', path: ApiPath.serviceUserGroups, body: serviceUserGroupsDeleteBody, responses: { 200: serviceUserGroupsDeleteBody },
    summary: 'Delete service user groups', description: 'Deletes service user groups.',
  },
  getServiceUserGroupPermissions: {
    method: 'GET', path: ApiPath.serviceUserGroupPermissions, query: serviceUserGroupPermissionsQuery, responses: { 200: serviceUserGroupPermissionsResponse },
    summary: 'Service permission categories', description: 'Lists the permission categories and levels a service user group can hold.',
  },
  currentServiceUserGroup: {
    method: 'GET', path: ApiPath.serviceUserGroupCurrent, responses: { 200: serviceUserGroupCurrent },
    summary: 'My service user group', description: 'Returns the caller\'s user group in the current service.',
  },

  listJwtServiceUsers: {
    method: 'GET', path: ApiPath.jwtServiceUsers, query: serviceUsersQuery, responses: { 200: serviceUsersResponse },
    summary: 'List JWT service users', description: 'Lists the service\'s JWT-authenticated users by group.',
  },
  addJwtServiceUsers: {
    method: 'POST', path: ApiPath.jwtServiceUsers, body: serviceUsersBody, responses: { 201: serviceUsersResponse },
    summary: 'Add JWT service users', description: 'Adds JWT-authenticated users (subject, issuer) to a group.',
  },
  moveJwtServiceUsers: {
    method: 'PUT', path: ApiPath.jwtServiceUsers, body: serviceUsersBody, responses: { 200: serviceUsersResponse },
    summary: 'Move JWT service users', description: 'Moves JWT service users to another group.',
  },
  removeJwtServiceUsers: {
    method: 'DELETE', path: ApiPath.jwtServiceUsers, body: serviceUsersDeleteBody, responses: { 200: serviceUsersDeleteBody },
    summary: 'Remove JWT service users', description: 'Removes JWT service users from the service.',
  },
  listJwtServiceUserGroups: {
    method: 'GET', path: ApiPath.jwtServiceUserGroups, responses: { 200: serviceUserGroupsResponse },
    summary: 'List JWT service user groups', description: 'Lists the user groups for JWT-authenticated service users.',
  },
  createJwtServiceUserGroups: {
    method: 'POST', path: ApiPath.jwtServiceUserGroups, body: serviceUserGroupsCreateBody, responses: { 201: serviceUserGroupsResponse },
    summary: 'Create JWT service user groups', description: 'Creates user groups for JWT-authenticated service users.',
  },
  updateJwtServiceUserGroups: {
    method: 'PUT', path: ApiPath.jwtServiceUserGroups, body: serviceUserGroupsUpdateBody, responses: { 200: serviceUserGroupsResponse },
    summary: 'Update JWT service user groups', description: 'Changes JWT service user groups\' names or permission levels.',
  },
  deleteJwtServiceUserGroups: {
    method: 'DELETE', path: ApiPath.jwtServiceUserGroups, body: serviceUserGroupsDeleteBody, responses: { 200: serviceUserGroupsDeleteBody },
    summary: 'Delete JWT service user groups', description: 'Deletes JWT service user groups.',
  },
  getJwtServiceUserGroupPermissions: {
    method: 'GET', path: ApiPath.jwtServiceUserGroupPermissions, query: serviceUserGroupPermissionsQuery, responses: { 200: serviceUserGroupPermissionsResponse },
    summary: 'JWT service permission categories', description: 'Lists the permission categories and levels a JWT service user group can hold.',
  },
  currentJwtServiceUserGroup: {
    method: 'GET', path: ApiPath.jwtServiceUserGroupCurrent, responses: { 200: serviceUserGroupCurrent },
    summary: 'My JWT service user group', description: 'Returns the JWT user group of the calling service user.',
  },
});

/** The calls of one variant under the same names, for code that serves both (routes, the web's service users page). */
export const serviceUserVariants = {
  plain: {
    listUsers: serviceUsersApi.listServiceUsers,
    addUsers: serviceUsersApi.addServiceUsers,
    moveUsers: serviceUsersApi.moveServiceUsers,
    removeUsers: serviceUsersApi.removeServiceUsers,
    listGroups: serviceUsersApi.listServiceUserGroups,
    createGroups: serviceUsersApi.createServiceUserGroups,
    updateGroups: serviceUsersApi.updateServiceUserGroups,
    deleteGroups: serviceUsersApi.deleteServiceUserGroups,
    groupPermissions: serviceUsersApi.getServiceUserGroupPermissions,
    currentGroup: serviceUsersApi.currentServiceUserGroup,
  },
  jwt: {
    listUsers: serviceUsersApi.listJwtServiceUsers,
    addUsers: serviceUsersApi.addJwtServiceUsers,
    moveUsers: serviceUsersApi.moveJwtServiceUsers,
    removeUsers: serviceUsersApi.removeJwtServiceUsers,
    listGroups: serviceUsersApi.listJwtServiceUserGroups,
    createGroups: serviceUsersApi.createJwtServiceUserGroups,
    updateGroups: serviceUsersApi.updateJwtServiceUserGroups,
    deleteGroups: serviceUsersApi.deleteJwtServiceUserGroups,
    groupPermissions: serviceUsersApi.getJwtServiceUserGroupPermissions,
    currentGroup: serviceUsersApi.currentJwtServiceUserGroup,
  },
} as const;
