/**
 * The permission catalogue: every permission name the server enforces and the web console checks.
 * Roles are named sets of these; the platform administrator holds all of them.
 */
export const Permission = {
  /** Manage every company account and the platform itself; held only by platform administrators. */
  platformAdmin: 'platform:admin',
  serverStatusRead: 'server-status:read',
  companyRead: 'company:read',
  companyManage: 'company:manage',
  usersRead: 'users:read',
  usersManage: 'users:manage',
  rolesManage: 'roles:manage',
  allowlistManage: 'allowlist:manage',
  auditRead: 'audit:read',
  servicesRead: 'services:read',
  servicesManage: 'services:manage',
  syslogRead: 'syslog:read',
  syslogManage: 'syslog:manage',
} as const;

export type PermissionName = (typeof Permission)[keyof typeof Permission];

export const ALL_PERMISSIONS: readonly PermissionName[] = Object.values(Permission);

/** What each permission lets its holder do, as shown beside it in role editors. */
export const PERMISSION_DESCRIPTIONS: Record<PermissionName, string> = {
  'platform:admin': 'Manage all company accounts and the platform',
  'server-status:read': 'View server status',
  'company:read': 'View company settings',
  'company:manage': 'Change company settings',
  'users:read': 'View users',
  'users:manage': 'Invite, change and remove users',
  'roles:manage': 'Create and change roles',
  'allowlist:manage': 'Change the IP allowlist',
  'audit:read': 'View audit logs',
  'services:read': 'View services',
  'services:manage': 'Create and change services',
  'syslog:read': 'View syslog server configurations and their delivery status',
  'syslog:manage': 'Add, change, remove and test syslog servers',
};

/** Built-in roles every customer account starts with. */
export const BUILT_IN_ROLES = {
  accountAdministrator: {
    name: 'Account Administrator',
    permissions: ALL_PERMISSIONS.filter((p) => p !== Permission.platformAdmin),
  },
  readOnly: {
    name: 'Read-only',
    permissions: [
      Permission.serverStatusRead,
      Permission.companyRead,
      Permission.usersRead,
      Permission.auditRead,
      Permission.servicesRead,
      Permission.syslogRead,
    ],
  },
} as const satisfies Record<string, { name: string; permissions: readonly PermissionName[] }>;

/** Service user group permission categories (spec §3, §6); having one means view access, Modify allows changes. */
export const PERMISSION_CATEGORIES = ['CertManage', 'Device', 'Host', 'Key', 'Log', 'User', 'Token'] as const;
export type PermissionCategory = (typeof PERMISSION_CATEGORIES)[number];

export function hasPermission(held: readonly string[], needed: PermissionName): boolean {
  return held.includes(needed);
}
