import '@mantine/core/styles/Badge.css';
import { Badge, Group, Text } from '@mantine/core';
import type { Device } from '@keydeck/contract/devices';

/** Archived and Locked (after failed key loads) as badges; a device with neither is Active. */
export function DeviceStatus({ device }: { device: Device }) {
  if (!device.archived && !device.failed) {
    return (
      <Badge color="success" variant="light">
        Active
      </Badge>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      {device.archived ? (
        <Badge color="secondary" variant="light">
          Archived
        </Badge>
      ) : null}
      {device.failed ? (
        <Badge color="error" variant="light">
          Locked
        </Badge>
      ) : null}
    </Group>
  );
}

/** A cell for an optional value: a dash when there is none. */
export function Maybe({ value }: { value: string | null }) {
  return value === null ? (
    <Text size="sm" c="dimmed">
      —
    </Text>
  ) : (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {value}
    </Text>
  );
}
