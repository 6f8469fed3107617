import { Card, SimpleGrid, Text } from '@mantine/core';
import type { AuthInfo } from '@keydeck/contract/auth';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** A short summary of the session: account, sign-in identity and what the roles grant. */
export function SessionSummary({ session }: { session: AuthInfo }) {
  const mfa = session.mfa_enabled ? 'Enabled' : session.user.mfa_enforced ? 'Required, not set up' : 'Not enabled';
  return (
    <Card withBorder padding="lg" component="section" aria-label="Your session">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        <Fact label="Company" value={`${session.company.name} (${session.company.account_slug})`} />
        <Fact label="Signed in as" value={session.user.email} />
        <Fact label="Permissions" value={`${session.permissions.length} granted by your roles`} />
        <Fact label="Multi-factor authentication" value={mfa} />
      </SimpleGrid>
    </Card>
  );
}
