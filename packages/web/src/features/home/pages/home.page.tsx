import { Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../../lib/session';
import { AttentionCards } from '../components/attention-cards';
import { SessionSummary } from '../components/session-summary';

/** The landing page (spec §9 default landing): who you are, and what needs your attention (the navigation lists the rest). */
export function HomePage() {
  const session = useSession();
  if (!session) return null;

  return (
    <Stack gap="xl" maw={1100}>
      <div>
        <Title order={1} fz="h2">
          Welcome, {session.user.name}
        </Title>
        <Text c="dimmed" mt={4}>
          You are signed in to {session.company.name}.
        </Text>
      </div>
      <SessionSummary session={session} />
      <AttentionCards session={session} />
    </Stack>
  );
}
