import { Badge } from '@mantine/core';

/** Enabled / Disabled, the way every account screen shows it. */
export function AccountStatusBadge({ disabled }: { disabled: boolean }) {
  return (
    <Badge color={disabled ? 'secondary' : 'success'} variant="dot">
      {disabled ? 'Disabled' : 'Enabled'}
    </Badge>
  );
}
