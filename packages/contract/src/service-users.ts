import { z } from 'zod';
import { PERMISSION_CATEGORIES, type PermissionCategory } from './permissions.ts';
import { servicePermissions, type ServicePermissions } from './services.ts';
import { distinctName } from './names.ts';

/**
 * Service users and service user groups (spec §7 service/[jwt_]service_user, service/[jwt_]service_user_group).
 * A user or group is Available while it is in the service's current user names (a live service session), else
 * Offline; a group is Available when any of its users is (spec §4).
 */
export const SERVICE_PRESENCE = ['Available', 'Offline'] as const;
export type ServicePresence = (typeof SERVICE_PRESENCE)[number];

/** What a group without a parent is shown under (spec §3 "parent (default Root)"); no group may take this name. */
export const ROOT_GROUP = 'Root';

/** The data-layer section names (spec §2), in the spec's order. */
export const SERVICE_SECTIONS = [
  'Certificate Authorities',
  'Certificate Management',
  'Symmetric Keys',
  'Remote Devices',
  'Device Groups',
  'Device Models',
  'Key Assignments',
] as const;
export type ServiceSection = (typeof SERVICE_SECTIONS)[number];

/** Which sections a permission category opens (at View level or above). */
export const SECTIONS_BY_CATEGORY: Partial<Record<PermissionCategory, readonly ServiceSection[]>> = {
  CertManage: ['Certificate Authorities', 'Certificate Management'],
  Key: ['Symmetric Keys', 'Key Assignments'],
  Device: ['Remote Devices', 'Device Groups', 'Device Models'],
};

/** The sections a group's permissions let its users see, in the spec's order. */
export function sectionsFor(permissions: ServicePermissions): ServiceSection[] {
  const open = new Set(PERMISSION_CATEGORIES.filter((c) => permissions[c]).flatMap((c) => SECTIONS_BY_CATEGORY[c] ?? []));
  return SERVICE_SECTIONS.filter((s) => open.has(s));
}

/** A group's name where one is made; groupRef where an existing one is named (found even if stored before the rule). */
const groupRef = z.string().trim().min(1).max(100);
const groupName = distinctName(groupRef);
const username = z.string().trim().min(1).max(200);
/** A parent as sent: a group's name, or Root (null, absent or 'Root'). */
const parentInput = z.string().trim().max(100).nullish();

export const serviceUser = z.object({
  username: z.string(),
  name: z.string(),
  group: z.string(),
  status: z.enum(SERVICE_PRESENCE),
});
export type ServiceUser = z.infer<typeof serviceUser>;

/** GET service/[jwt_]service_user: `groups` as a comma list or repeated, filtering by group name. */
export const serviceUsersQuery = z.object({
  groups: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      [value ?? []]
        .flat()
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    ),
});
export const serviceUsersResponse = z.object({ users: z.array(serviceUser) });

const userMembership = z.object({ username, group_name: groupRef });
/** POST (add console users of the account) and PUT (move them to another group). */
export const serviceUsersBody = z.object({ users: z.array(userMembership).min(1).max(50) });
export type ServiceUsersBody = z.infer<typeof serviceUsersBody>;
export const serviceUsersDeleteBody = z.object({ users: z.array(username).min(1).max(50) });

export const serviceUserGroup = z.object({
  name: z.string(),
  parent: z.string(),
  status: z.enum(SERVICE_PRESENCE),
  permissions: servicePermissions,
  user_count: z.number().int().min(0),
});
export type ServiceUserGroup = z.infer<typeof serviceUserGroup>;
export const serviceUserGroupsResponse = z.object({ groups: z.array(serviceUserGroup) });

/** A group to create, as the create form sends it. */
export const serviceUserGroupInput = z.object({ group_name: groupName, parent: parentInput, permissions: servicePermissions });
/** A group as exported by GET (status and user_count are ignored on import). */
export const importedServiceUserGroup = z.object({ name: groupName, parent: parentInput, permissions: servicePermissions });

/** POST service/[jwt_]service_user_group: action create, or import of a list exported by GET (all or nothing). */
export const serviceUserGroupsCreateBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), groups: z.array(serviceUserGroupInput).min(1).max(50) }),
  z.object({ action: z.literal('import'), groups: z.array(importedServiceUserGroup).min(1).max(500) }),
]);

/** PUT: a group's new permissions and/or parent; what is left out stays. */
export const serviceUserGroupUpdate = z.object({ group_name: groupRef, parent: parentInput, permissions: servicePermissions.optional() });
export const serviceUserGroupsUpdateBody = z.object({ groups: z.array(serviceUserGroupUpdate).min(1).max(50) });
export type ServiceUserGroupUpdate = z.infer<typeof serviceUserGroupUpdate>;
export const serviceUserGroupsDeleteBody = z.object({ groups: z.array(groupRef).min(1).max(50) });

/** GET .../permissions?group_name= */
export const serviceUserGroupPermissionsQuery = z.object({ group_name: groupRef });
export const serviceUserGroupPermissionsResponse = z.object({ group_name: z.string(), permissions: servicePermissions });

/** GET service/[jwt_]service_user_group/current: the caller's standing on the service. */
export const serviceUserGroupCurrent = z.object({
  user_names: z.array(z.string()),
  all_groups: z.array(z.string()),
  permissions: servicePermissions,
  sections: z.array(z.enum(SERVICE_SECTIONS)),
  group_name: z.string(),
  /** The caller's own service user name (an addition to the spec's fields): screens offer no action on oneself that the server refuses. */
  user_name: z.string(),
});
export type ServiceUserGroupCurrent = z.infer<typeof serviceUserGroupCurrent>;
