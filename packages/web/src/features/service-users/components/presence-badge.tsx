import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import type { ServicePresence } from '@keydeck/contract/service-users';

/** Available (on the service now) or Offline, for a service user or group (spec §4). */
export function PresenceBadge({ status }: { status: ServicePresence }) {
  return (
    <Badge color={status === 'Available' ? 'success' : 'secondary'} variant="dot">
      {status}
    </Badge>
  );
}
