import '@mantine/core/styles/Tooltip.css';
import { cloneElement, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { Tooltip } from '@mantine/core';
import { hasPermission, PERMISSION_DESCRIPTIONS, type PermissionName } from '@keydeck/contract/permissions';
import { useSession } from './session';

export function useCan(permission: PermissionName | undefined): boolean {
  const session = useSession();
  if (permission === undefined) return session !== null;
  return session !== null && hasPermission(session.permissions, permission);
}

/** Why an action is unavailable, as its tooltip says it. */
export function missingPermissionText(permission: PermissionName): string {
  return `You need the permission “${PERMISSION_DESCRIPTIONS[permission]}” to do this.`;
}

interface DisableableProps {
  disabled?: boolean;
  'data-disabled'?: boolean;
  'aria-disabled'?: boolean;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  type?: string;
}

type CanProps =
  | {
      /** Undefined means any signed-in user. */
      permission: PermissionName | undefined;
      /** 'hide' (default) renders nothing (or the fallback) without the permission. */
      mode?: 'hide';
      children: ReactNode;
      /** Rendered instead when the permission is missing. */
      fallback?: ReactNode;
    }
  | {
      permission: PermissionName | undefined;
      /** 'disable' keeps the control visible but inert, with a tooltip that names the missing permission. */
      mode: 'disable';
      /** One control (a Mantine Button or ActionIcon). */
      children: ReactElement<DisableableProps>;
    };

/**
 * Renders actions for users who hold the permission; the server enforces it regardless. In 'disable'
 * mode the control stays focusable (aria-disabled rather than disabled) so keyboard and pointer users
 * both reach the tooltip that says why.
 */
export function Can(props: CanProps) {
  const allowed = useCan(props.permission);
  if (props.mode !== 'disable') return <>{allowed ? props.children : (props.fallback ?? null)}</>;
  if (allowed || props.permission === undefined) return props.children;
  const inert = cloneElement(props.children, {
    'data-disabled': true,
    'aria-disabled': true,
    type: 'button',
    onClick: (event: MouseEvent<HTMLElement>) => event.preventDefault(),
  });
  return (
    <Tooltip label={missingPermissionText(props.permission)} withArrow multiline maw={280}>
      {inert}
    </Tooltip>
  );
}
