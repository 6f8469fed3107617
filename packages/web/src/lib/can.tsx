import '@mantine/core/styles/Tooltip.css';
import { cloneElement, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { Tooltip } from '@mantine/core';
import { Messages } from '@keydeck/contract/messages';
import { hasPermission, PERMISSION_DESCRIPTIONS, type PermissionName } from '@keydeck/contract/permissions';
import { useSession } from './session';

export function useCan(permission: PermissionName | undefined): boolean {
  const session = useSession();
  if (permission === undefined) return session !== null;
  return session !== null && hasPermission(session.permissions, permission);
}

/**
 * What of `carried` the signed-in user lacks: a role, credential or OAuth client carrying any of it is theirs to view,
 * not to change (the server's delegation rule, platform/privilege.ts).
 */
export function useLacking(carried: readonly string[] = []): string[] {
  const held = new Set(useSession()?.permissions ?? []);
  return [...new Set(carried)].filter((p) => !held.has(p)).sort();
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
      /** What the object acted on carries: the user must hold all of it too. */
      carries?: readonly string[];
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
  const lacking = useLacking(props.mode === 'disable' ? props.carries : []);
  if (props.mode !== 'disable') return <>{allowed ? props.children : (props.fallback ?? null)}</>;
  if ((allowed || props.permission === undefined) && lacking.length === 0) return props.children;
  const inert = cloneElement(props.children, {
    'data-disabled': true,
    'aria-disabled': true,
    type: 'button',
    onClick: (event: MouseEvent<HTMLElement>) => event.preventDefault(),
  });
  return (
    <Tooltip label={allowed || !props.permission ? Messages.carriesPermissionsNotHeld(lacking) : missingPermissionText(props.permission)} withArrow multiline maw={280}>
      {inert}
    </Tooltip>
  );
}
