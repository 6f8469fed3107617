import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Table.css';
import { SegmentedControl, Table, Text } from '@mantine/core';
import { PERMISSION_CATEGORIES, type PermissionCategory } from '@keydeck/contract/permissions';
import type { ServicePermissions } from '@keydeck/contract/services';

const LEVELS = ['None', 'View', 'Modify'] as const;

/** What each category covers, so the matrix reads without the spec at hand. */
const CATEGORY_HINTS: Record<PermissionCategory, string> = {
  CertManage: 'Certificate authorities and certificates',
  Device: 'Remote devices, device groups and models',
  Host: 'Host keys',
  Key: 'Symmetric keys, key groups and assignments',
  Log: 'Logs and scheduled reports',
  User: 'Service users and groups',
  Token: 'Tokens',
};

/** The 7 permission categories, each at none, View or Modify (spec §6: Modify includes View). */
export function PermissionMatrix({ value, onChange }: { value: ServicePermissions; onChange: (next: ServicePermissions) => void }) {
  return (
    <Table verticalSpacing={6} aria-label="Permissions">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Category</Table.Th>
          <Table.Th>Access</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {PERMISSION_CATEGORIES.map((category) => (
          <Table.Tr key={category}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {category}
              </Text>
              <Text size="xs" c="dimmed">
                {CATEGORY_HINTS[category]}
              </Text>
            </Table.Td>
            <Table.Td>
              <SegmentedControl
                size="xs"
                aria-label={`${category} access`}
                data={[...LEVELS]}
                value={value[category] ?? 'None'}
                onChange={(level) => {
                  const next = { ...value };
                  if (level === 'None') delete next[category];
                  else next[category] = level as 'View' | 'Modify';
                  onChange(next);
                }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A group's permissions in one line: "User: Modify, Key: View", or "No permissions". */
export function permissionSummary(permissions: ServicePermissions): string {
  const held = PERMISSION_CATEGORIES.filter((c) => permissions[c]).map((c) => `${c}: ${permissions[c]}`);
  return held.length ? held.join(', ') : 'No permissions';
}
