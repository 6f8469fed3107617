import { NavLink, ScrollArea, Text } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useNavDestinations, type NavDestination } from '../../lib/navigation';

function groupsOf(destinations: NavDestination[]): [string | undefined, NavDestination[]][] {
  const groups = new Map<string | undefined, NavDestination[]>();
  for (const item of destinations) groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  return [...groups];
}

/** Navigation built from the route table: only screens the user may open appear. */
export function ShellNavbar({ onNavigate }: { onNavigate: () => void }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <ScrollArea component="nav" aria-label="Main" px="sm" py="md">
      {groupsOf(useNavDestinations()).map(([group, items]) => (
        <div key={group ?? 'top'}>
          {group ? (
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="lg" mb={4}>
              {group}
            </Text>
          ) : null}
          {items.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              // /home must not light up for /home/services: only the page itself is current.
              activeOptions={{ exact: true }}
              label={item.label}
              active={pathname === item.to}
              aria-current={pathname === item.to ? 'page' : undefined}
              onClick={onNavigate}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
        </div>
      ))}
    </ScrollArea>
  );
}
