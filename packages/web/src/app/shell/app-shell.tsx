import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Badge.css';
import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { CommandPalette } from '../../features/search/components/command-palette';
import { ColorSchemeToggle } from '../../lib/color-scheme-toggle';
import { ProductMark } from '../../lib/product-mark';
import { useSession } from '../../lib/session';
import { Breadcrumbs } from './breadcrumbs';
import { ScreenGate } from './screen-gate';
import { ShellNavbar } from './shell-navbar';
import { UserMenu } from './user-menu';

/** The signed-in frame: header, permission-filtered navigation (a burger below 769 px) and the screen. */
export function AppShellLayout() {
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);

  // Between sign-out and the login page there is a moment without a session: render nothing then.
  if (!session) return null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: { base: 240, lg: 264 }, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', md: 'xl' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <ProductMark />
            <Text component="span" fw={700} fz="lg">
              Keydeck
            </Text>
            <Text component="span" c="dimmed" size="sm" visibleFrom="xs" truncate maw={260} data-testid="company-name">
              {session.company.name}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ColorSchemeToggle />
            <CommandPalette />
            <UserMenu session={session} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <ShellNavbar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Breadcrumbs />
        <ScreenGate session={session}>
          <Outlet />
        </ScreenGate>
      </AppShell.Main>
    </AppShell>
  );
}
