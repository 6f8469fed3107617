import type { ReactNode } from 'react';
import { Badge, Divider, NavLink, ScrollArea, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { skipToken, useQuery } from '@tanstack/react-query';
import { Link, useMatches } from '@tanstack/react-router';
import { useNavDestinations, type NavDestination } from '../../lib/navigation';
import { queryKeys } from '../../lib/query-keys';
import type { NavCount, NavGroupName } from '../../lib/route-static-data';
import { navLinkStyle } from '../../lib/ui/section-nav';
import { navGroups } from '../routes/nav-groups';

/**
 * White on red 9 is 5.5:1 (WCAG AA for small text); the light orange variant was 2.5:1 and filled orange under
 * white never reaches 4.5:1.
 */
const COUNT_BADGE_COLOR = 'error.9';

/** Which groups the user opened or closed, kept across reloads (see navGroups for the others). */
const OPEN_GROUPS_KEY = 'keydeck-nav-groups';

/** Above this the badge says "99+": a count that wide would crowd the label out (its accessible name keeps the number). */
const COUNT_SHOWN_MAX = 99;

/**
 * How many wait behind a destination (0 for none or a destination that counts nothing), asked again every minute
 * unless the entry says otherwise (paused while the browser tab is hidden) and whenever its feature's data changes.
 */
function useWaiting(count: NavCount | undefined): number {
  const query = useQuery({
    queryKey: queryKeys(count?.feature ?? 'nav').detail('nav-count'),
    queryFn: count ? count.fetch : skipToken,
    refetchInterval: count?.refreshMs ?? 60_000,
  });
  return query.data ?? 0;
}

function NavCountBadge({ waiting, label }: { waiting: number; label: string }) {
  return (
    <Badge size="sm" circle={waiting < 10} color={COUNT_BADGE_COLOR} aria-label={`${waiting} ${label.toLowerCase()} waiting`}>
      {waiting > COUNT_SHOWN_MAX ? `${COUNT_SHOWN_MAX}+` : waiting}
    </Badge>
  );
}

/** A destination; one with requests waiting is named with their count ("Approvals, 2 waiting"). */
function Destination({ item, current, onNavigate }: { item: NavDestination; current: boolean; onNavigate: () => void }) {
  const waiting = useWaiting(item.count);
  return (
    <NavLink
      component={Link}
      to={item.to}
      activeOptions={{ exact: true }}
      label={item.label}
      aria-label={waiting ? `${item.label}, ${waiting} waiting` : undefined}
      rightSection={waiting ? <NavCountBadge waiting={waiting} label={item.label} /> : undefined}
      active={current}
      aria-current={current ? 'page' : undefined}
      onClick={onNavigate}
      style={navLinkStyle}
    />
  );
}

/** A collapsible group: its heading is a button; a closed group holding the open page is marked as the page's. */
function NavGroup({ name, holdsOpenPage, open, onToggle, children }: { name: NavGroupName; holdsOpenPage: boolean; open: boolean; onToggle: () => void; children: ReactNode }) {
  const listId = `nav-group-${name.toLowerCase()}`;
  return (
    <div>
      <NavLink
        component="button"
        label={name}
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
        active={!open && holdsOpenPage}
        variant="subtle"
        rightSection={<span aria-hidden="true">{open ? '▾' : '▸'}</span>}
        fw={700}
        mt="xs"
        style={navLinkStyle}
      />
      <div id={listId} hidden={!open} style={{ paddingInlineStart: 'var(--mantine-spacing-xs)' }}>
        {children}
      </div>
    </div>
  );
}

/** The heading over the platform's groups or the company's, where a platform administrator sees both. */
function GroupsHeading({ children }: { children: string }) {
  return (
    <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="md" mb={4}>
      {children}
    </Text>
  );
}

/**
 * Navigation built from the route table: only screens the user may open appear, Home above the groups. A platform
 * administrator's work is the platform's, so its groups come first, and their own company's stand apart below. The list scrolls with a visible scrollbar when it is taller
 * than the window, so nothing hides below the fold without a cue.
 */
export function ShellNavbar({ onNavigate }: { onNavigate: () => void }) {
  // The open page and the layouts above it (a tab's page lights up its layout's destination); /home is no layout of
  // /home/services, so it does not light up there.
  const open = useMatches({ select: (matches) => matches.map((match) => match.pathname.replace(/(.)\/$/, '$1')) });
  const [openGroups, setOpenGroups] = useLocalStorage<Partial<Record<NavGroupName, boolean>>>({
    key: OPEN_GROUPS_KEY,
    defaultValue: {},
    getInitialValueInEffect: false,
  });
  const destinations = useNavDestinations();
  const destination = (item: NavDestination) => <Destination key={item.to} item={item} current={open.includes(item.to)} onNavigate={onNavigate} />;
  const group = ({ name, open: openFirst }: (typeof navGroups)[number]) => {
    const items = destinations.filter((item) => item.group === name);
    if (items.length === 0) return null;
    const holdsOpenPage = items.some((item) => open.includes(item.to));
    const isOpen = openGroups[name] ?? (openFirst || holdsOpenPage);
    return (
      <NavGroup key={name} name={name} holdsOpenPage={holdsOpenPage} open={isOpen} onToggle={() => setOpenGroups((groups) => ({ ...groups, [name]: !isOpen }))}>
        {items.map(destination)}
      </NavGroup>
    );
  };
  const platform = navGroups.filter((candidate) => candidate.platform).map(group).filter(Boolean);
  const customer = navGroups.filter((candidate) => !candidate.platform).map(group);
  return (
    <ScrollArea component="nav" aria-label="Main" type="auto" px="sm" py="md">
      {destinations.filter((item) => item.group === undefined).map(destination)}
      {platform.length > 0 ? (
        <>
          <GroupsHeading>Platform</GroupsHeading>
          {platform}
          <Divider my="md" />
          <GroupsHeading>Your company</GroupsHeading>
          {customer}
        </>
      ) : (
        customer
      )}
    </ScrollArea>
  );
}
