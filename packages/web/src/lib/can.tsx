import type { ReactNode } from 'react';
import { hasPermission, type PermissionName } from '@keydeck/contract/permissions';
import { useSession } from './session';

export function useCan(permission: PermissionName | undefined): boolean {
  const session = useSession();
  if (permission === undefined) return session !== null;
  return session !== null && hasPermission(session.permissions, permission);
}

interface CanProps {
  /** Undefined means any signed-in user. */
  permission: PermissionName | undefined;
  children: ReactNode;
  /** Rendered instead when the permission is missing. */
  fallback?: ReactNode;
}

/** Renders its children only for users who hold the permission; the server enforces it regardless. */
export function Can({ permission, children, fallback = null }: CanProps) {
  return <>{useCan(permission) ? children : fallback}</>;
}
