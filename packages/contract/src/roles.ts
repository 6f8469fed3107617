import { z } from 'zod';
import { pageOf } from './paging.ts';
import { ALL_PERMISSIONS, Permission } from './permissions.ts';
import { accountIdParam } from './users-queries.ts';
import { distinctName } from './names.ts';

export { accountIdParam, rolesListQuery, type RolesListQuery } from './users-queries.ts';

/** Permissions a role may carry: the catalogue without platform administration, which no role can grant. */
export const ROLE_PERMISSIONS = ALL_PERMISSIONS.filter((p) => p !== Permission.platformAdmin);

/** A named set of permissions of one account (spec §6: users are managed via user roles). */
export const role = z.object({
  id: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  /** Account Administrator and Read-only: every account has them, and they cannot be changed or deleted. */
  built_in: z.boolean(),
  user_count: z.number().int(),
});
export type Role = z.infer<typeof role>;

const roleName = distinctName(z.string().trim().min(1, 'Enter the role name').max(100, 'A role name has at most 100 characters'));
const rolePermissions = z
  .array(z.enum(ROLE_PERMISSIONS as [string, ...string[]], 'Choose permissions from the catalogue'))
  .max(ROLE_PERMISSIONS.length);

export const roleFields = z.object({ name: roleName, permissions: rolePermissions });
export type RoleFields = z.infer<typeof roleFields>;
export const roleUpdate = roleFields.partial().extend({ id: z.string().uuid() });
export type RoleUpdate = z.infer<typeof roleUpdate>;

/** spec §7: user/roles GET, POST, PUT, DELETE (body roles). */
export const rolesPage = pageOf(role);
export const rolesCreateBody = z.object({ account_id: accountIdParam, roles: z.array(roleFields).min(1).max(50) });
export const rolesUpdateBody = z.object({ account_id: accountIdParam, roles: z.array(roleUpdate).min(1).max(50) });
export const rolesDeleteBody = z.object({ account_id: accountIdParam, roles: z.array(z.string().uuid()).min(1).max(50) });
export const rolesResponse = z.object({ roles: z.array(role) });
/** The ids of the deleted roles. */
export const rolesDeleteResponse = z.object({ roles: z.array(z.string()) });
