import { Alert, Button, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { FEATURES, type FeatureName } from '@keydeck/contract/features';

/** Shown in place of a screen whose account feature is off: what is missing and who can turn it on. */
export function FeatureOff({ feature, company }: { feature: FeatureName; company: string }) {
  return (
    <Stack maw={560} gap="md">
      <Title order={1} fz="h2">
        Not available for your account
      </Title>
      <Alert color="primary" variant="light" title="This page belongs to a feature that is off for your account">
        It needs the account feature “{FEATURES[feature]}” ({feature}), which is not turned on for {company}. Ask a
        platform administrator to turn it on in the account’s Features tab.
      </Alert>
      <Button component={Link} to="/home" variant="default" w="fit-content">
        Back to home
      </Button>
    </Stack>
  );
}
