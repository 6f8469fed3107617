import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import { Checkbox, Stack, Text } from '@mantine/core';
import { PERMISSION_DESCRIPTIONS, type PermissionName } from '@keydeck/contract/permissions';

interface CredentialPermissionChecklistProps {
  /** What the owner holds: the only permissions a credential may take. */
  available: readonly string[];
  value: readonly string[];
  onChange: (permissions: string[]) => void;
  error?: string | undefined;
}

/** The owner's permissions as checkboxes: a credential never holds one its owner does not. */
export function CredentialPermissionChecklist({ available, value, onChange, error }: CredentialPermissionChecklistProps) {
  return (
    <Checkbox.Group label="Permissions" withAsterisk description="Limited to what the owner holds" value={[...value]} onChange={onChange} error={error}>
      <Stack gap="xs" mt="xs">
        {available.length === 0 ? (
          <Text size="sm" c="dimmed">
            Choose an owner first.
          </Text>
        ) : (
          available.map((permission) => (
            <Checkbox key={permission} value={permission} label={PERMISSION_DESCRIPTIONS[permission as PermissionName] ?? permission} description={permission} />
          ))
        )}
      </Stack>
    </Checkbox.Group>
  );
}
