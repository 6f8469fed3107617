import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Tooltip.css';
import { Checkbox, Fieldset, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { PERMISSION_DESCRIPTIONS, type PermissionName } from '@keydeck/contract/permissions';
import { ROLE_PERMISSIONS } from '@keydeck/contract/roles';
import { groupPermissions } from './permission-groups';

export const NOT_HELD_TEXT = 'You do not hold this permission';

const GROUPS = groupPermissions(ROLE_PERMISSIONS);
const describe = (permission: string) => PERMISSION_DESCRIPTIONS[permission as PermissionName] ?? permission;

interface PermissionChecklistProps {
  value: readonly string[];
  onChange: (permissions: string[]) => void;
  /** The signed-in user's permissions: nobody grants what they do not hold (the server refuses with 403). */
  held: readonly string[];
  /**
   * The role's saved permissions. The server checks only what a role gains, so these stay changeable
   * (kept, removed and put back) even when the user does not hold them.
   */
  saved?: readonly string[];
  /** Built-in roles, or a user who may not change roles: each permission shows as included or not, nothing changes. */
  readOnly?: boolean;
  error?: string;
}

/** A permission of a role that cannot change: a check mark or a dash, legible in both color schemes. */
function ReadOnlyPermission({ permission, included }: { permission: string; included: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="permission-view" data-included={included}>
      <Text aria-hidden="true" w={20} ta="center" fw={700} c={included ? 'success' : 'dimmed'}>
        {included ? '✓' : '–'}
      </Text>
      <div>
        <Text size="sm" c={included ? undefined : 'dimmed'}>
          {describe(permission)}
          <VisuallyHidden>{included ? ' (included)' : ' (not included)'}</VisuallyHidden>
        </Text>
        <Text ff="monospace" size="xs" c="dimmed">
          {permission}
        </Text>
      </div>
    </Group>
  );
}

/** The role permissions as grouped checkboxes, each with its description; the ones the user may not grant are disabled. */
export function PermissionChecklist({ value, onChange, held, saved = [], readOnly = false, error }: PermissionChecklistProps) {
  const grantable = (permission: string) => held.includes(permission) || saved.includes(permission);
  // Invariant, not only the disabled box: a permission the user may not grant never enters the value.
  const toggle = (permission: string, on: boolean) => {
    if (readOnly || (on && !grantable(permission))) return;
    onChange(on ? [...value, permission] : value.filter((candidate) => candidate !== permission));
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {value.length} of {ROLE_PERMISSIONS.length} permissions
      </Text>
      {GROUPS.map((group) => (
        <Fieldset key={group.label} legend={group.label} variant="filled" p="sm" pt={4}>
          <Stack gap="xs">
            {group.permissions.map((permission) => {
              if (readOnly) return <ReadOnlyPermission key={permission} permission={permission} included={value.includes(permission)} />;
              const allowed = grantable(permission);
              const box = (
                <Checkbox
                  label={describe(permission)}
                  description={
                    <>
                      <Text span ff="monospace" size="xs">
                        {permission}
                      </Text>
                      {allowed ? null : ` · ${NOT_HELD_TEXT}`}
                    </>
                  }
                  checked={value.includes(permission)}
                  disabled={!allowed}
                  onChange={(event) => toggle(permission, event.currentTarget.checked)}
                />
              );
              return allowed ? (
                <div key={permission}>{box}</div>
              ) : (
                <Tooltip key={permission} label={NOT_HELD_TEXT} withArrow position="top-start">
                  <div>{box}</div>
                </Tooltip>
              );
            })}
          </Stack>
        </Fieldset>
      ))}
      {error ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
