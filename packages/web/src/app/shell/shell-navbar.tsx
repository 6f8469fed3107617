import { Badge, NavLink, ScrollArea, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useMatches } from '@tanstack/react-router';
import { useNavDestinations, type NavDestination } from '../../lib/navigation';
import { queryKeys } from '../../lib/query-keys';
import type { NavCount } from '../../lib/route-static-data';

/**
 * White on red 9 is 5.5:1 (WCAG AA for small text); the light orange variant was 2.5:1 and filled orange under
 * white never reaches 4.5:1.
 */
const COUNT_BADGE_COLOR = 'error.9';

/** How many wait behind a destination, refreshed every minute and whenever its feature's data changes; none at zero. */
function NavCountBadge({ count, label }: { count: NavCount; label: string }) {
  const query = useQuery({ queryKey: queryKeys(count.feature).detail('nav-count'), queryFn: count.fetch, refetchInterval: 60_000 });
  if (!query.data) return null;
  return (
    <Badge size="sm" circle={query.data < 10} color={COUNT_BADGE_COLOR} aria-label={`${query.data} ${label.toLowerCase()} waiting`}>
      {query.data}
    </Badge>
  );
}

function groupsOf(destinations: NavDestination[]): [string | undefined, NavDestination[]][] {
  const groups = new Map<string | undefined, NavDestination[]>();
  for (const item of destinations) groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  return [...groups];
}

/** Navigation built from the route table: only screens the user may open appear. */
export function ShellNavbar({ onNavigate }: { onNavigate: () => void }) {
  // The open page and the layouts above it (a tab's page lights up its layout's destination); /home is no layout of
  // /home/services, so it does not light up there.
  const open = useMatches({ select: (matches) => matches.map((match) => match.pathname.replace(/(.)\/$/, '$1')) });
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
              activeOptions={{ exact: true }}
              label={item.label}
              rightSection={item.count ? <NavCountBadge count={item.count} label={item.label} /> : undefined}
              active={open.includes(item.to)}
              aria-current={open.includes(item.to) ? 'page' : undefined}
              onClick={onNavigate}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
        </div>
      ))}
    </ScrollArea>
  );
}
