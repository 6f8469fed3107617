import { Alert, Button, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PERMISSION_DESCRIPTIONS, type PermissionName } from '@keydeck/contract/permissions';

/** Shown in place of a screen whose permission the user lacks, so a deep link never ends on a blank page. */
export function NoPermission({ permission }: { permission: PermissionName }) {
  return (
    <Stack maw={560} gap="md">
      <Title order={1} fz="h2">
        Access denied
      </Title>
      <Alert color="primary" variant="light" title="You do not have permission to open this page">
        This page needs the permission “{PERMISSION_DESCRIPTIONS[permission]}” ({permission}). Ask your company
        administrator to add it to one of your roles.
      </Alert>
      <Button component={Link} to="/home" variant="default" w="fit-content">
        Back to home
      </Button>
    </Stack>
  );
}
