import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useNavDestinations } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { SessionSummary } from '../components/session-summary';

/** The landing page (spec §9 default landing): who you are, where you are, and what you may open. */
export function HomePage() {
  const session = useSession();
  const destinations = useNavDestinations().filter((item) => item.to !== '/home');
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

      <section aria-labelledby="home-open-heading">
        <Title order={2} fz="h4" id="home-open-heading" mb="sm">
          What you can open
        </Title>
        {destinations.length === 0 ? (
          <Text size="sm" c="dimmed">
            Your roles do not give you access to any console area yet. Ask your company administrator to assign you a
            role.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {destinations.map((item) => (
              <Card key={item.to} withBorder padding="lg">
                <Group justify="space-between" mb={6}>
                  <Anchor component={Link} to={item.to} fw={600}>
                    {item.label}
                  </Anchor>
                  {item.group ? (
                    <Badge variant="light" color="secondary">
                      {item.group}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed">
                  {item.description}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </section>
    </Stack>
  );
}
