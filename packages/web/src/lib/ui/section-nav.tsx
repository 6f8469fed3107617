import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Button.css';
import { useId, useState } from 'react';
import { Box, Button, NavLink, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, Outlet } from '@tanstack/react-router';
import { useActiveTab, useChildTabs, type ChildTab } from '../navigation';

interface SectionNavProps {
  layoutId: string;
  /** The navigation's accessible name ("Account sections"). */
  label: string;
  /** Which sections the user may open (the service workspace's); all when absent. */
  shows?: (section: ChildTab) => boolean;
}

/**
 * A navigation entry's shape; the open entry keeps its background under the pointer, since Mantine's hover tint of
 * it leaves the label below 4.5:1 (axe color-contrast).
 */
export const navLinkStyle = { borderRadius: 'var(--mantine-radius-md)', '--nl-hover': 'var(--nl-bg)' } as const;

/** Beside the open page from this width (the shell's lg); below it the page would be too narrow beside a column. */
const SIDE_BY_SIDE = '(min-width: 75em)';

/** Consecutive sections of one group (the route table keeps a group's sections together); a section without one stands alone. */
function runsOf(sections: ChildTab[]): { group: string | undefined; sections: ChildTab[] }[] {
  const runs: { group: string | undefined; sections: ChildTab[] }[] = [];
  for (const section of sections) {
    const last = runs.at(-1);
    if (last && section.group !== undefined && last.group === section.group) last.sections.push(section);
    else runs.push({ group: section.group, sections: [section] });
  }
  return runs;
}

// A link leaves out its params: the layout's own ($account_id) carry over from the open page.
function SectionLinks({ runs, activeId, onNavigate }: { runs: ReturnType<typeof runsOf>; activeId: string | undefined; onNavigate: () => void }) {
  const idPrefix = useId();
  const links = (sections: ChildTab[]) =>
    sections.map((section) => (
      <NavLink
        key={section.routeId}
        component={Link}
        to={section.to}
        // The router marks a link current on the pages below it too (Overview on every section): only its own page.
        activeOptions={{ exact: true }}
        label={section.label}
        active={section.routeId === activeId}
        aria-current={section.routeId === activeId ? 'page' : undefined}
        onClick={onNavigate}
        py={6}
        style={navLinkStyle}
      />
    ));
  return (
    <Stack gap="sm">
      {runs.map((run, index) =>
        run.group ? (
          <div key={run.group} role="group" aria-labelledby={`${idPrefix}-${index}`}>
            <Text id={`${idPrefix}-${index}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={2}>
              {run.group}
            </Text>
            {links(run.sections)}
          </div>
        ) : (
          <div key={run.sections[0]?.routeId}>{links(run.sections)}</div>
        ),
      )}
    </Stack>
  );
}

/**
 * A layout's child routes as a vertical navigation with headed groups (AWS's and Keycloak's side navigation), the open
 * one's page beside it; each entry is a link to its route, the open one marked aria-current. Below 1200 px the
 * navigation folds above the page into a button naming the open section, so nothing hides behind a scroll.
 */
export function SectionNav({ layoutId, label, shows }: SectionNavProps) {
  const sections = useChildTabs(layoutId).filter((section) => shows?.(section) ?? true);
  const activeId = useActiveTab(sections);
  const sideBySide = useMediaQuery(SIDE_BY_SIDE, true, { getInitialValueInEffect: false });
  const [unfolded, setUnfolded] = useState(false);
  const listId = useId();
  const runs = runsOf(sections);
  const active = sections.find((section) => section.routeId === activeId);

  // One tree in both layouts: the open page keeps its place (and what the user typed in it) when the window
  // crosses the width, as a browser's full-page capture or a resize does.
  return (
    <Box
      style={{
        display: 'flex',
        flexDirection: sideBySide ? 'row' : 'column',
        alignItems: sideBySide ? 'flex-start' : 'stretch',
        gap: sideBySide ? 'var(--mantine-spacing-xl)' : 'var(--mantine-spacing-lg)',
      }}
    >
      <Box component="nav" aria-label={label} w={sideBySide ? 220 : undefined} style={{ flexShrink: 0 }}>
        {sideBySide ? (
          <SectionLinks runs={runs} activeId={activeId} onNavigate={() => undefined} />
        ) : (
          <>
            <Button
              variant="default"
              fullWidth
              justify="space-between"
              aria-expanded={unfolded}
              aria-controls={listId}
              onClick={() => setUnfolded((open) => !open)}
              rightSection={<span aria-hidden="true">{unfolded ? '▴' : '▾'}</span>}
            >
              {label}: {active?.label ?? '…'}
            </Button>
            <Box id={listId} hidden={!unfolded} mt="sm">
              <SectionLinks runs={runs} activeId={activeId} onNavigate={() => setUnfolded(false)} />
            </Box>
          </>
        )}
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
