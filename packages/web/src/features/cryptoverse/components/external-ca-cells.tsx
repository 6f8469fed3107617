import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { EXTERNAL_CA_OBJECT_TYPES } from '@keydeck/contract/external-cas';

/** The CA kind as people say it ('Root CA'); a kind this console does not know is shown as it came. */
export function objectTypeName(objectType: string): string {
  return (EXTERNAL_CA_OBJECT_TYPES as Record<string, string>)[objectType] ?? objectType;
}

export function ArchivedBadge({ archived }: { archived: boolean }) {
  return (
    <Badge color={archived ? 'secondary' : 'success'} variant="light">
      {archived ? 'Archived' : 'Active'}
    </Badge>
  );
}
