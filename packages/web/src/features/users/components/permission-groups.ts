import { Permission, type PermissionName } from '@keydeck/contract/permissions';

export interface PermissionGroup {
  label: string;
  permissions: string[];
}

/** How the role editor groups the catalogue: by what the permissions are about, viewing before changing. */
const GROUPS: { label: string; permissions: PermissionName[] }[] = [
  { label: 'Users and roles', permissions: [Permission.usersRead, Permission.usersManage, Permission.rolesManage] },
  { label: 'Company', permissions: [Permission.companyRead, Permission.companyManage, Permission.allowlistManage] },
  { label: 'Services', permissions: [Permission.servicesRead, Permission.servicesManage] },
  { label: 'Logs and monitoring', permissions: [Permission.auditRead, Permission.syslogRead, Permission.syslogManage, Permission.serverStatusRead] },
];

/**
 * The permissions of `catalogue` in their groups, in catalogue terms only (a group with none of them is
 * left out). A permission added to the catalogue later without a group still shows, under "Other".
 */
export function groupPermissions(catalogue: readonly string[]): PermissionGroup[] {
  const known = new Set<string>(GROUPS.flatMap((group) => group.permissions));
  const groups = GROUPS.map((group) => ({ label: group.label, permissions: group.permissions.filter((p) => catalogue.includes(p)) }));
  const other = catalogue.filter((p) => !known.has(p));
  return [...groups, { label: 'Other', permissions: other }].filter((group) => group.permissions.length > 0);
}
