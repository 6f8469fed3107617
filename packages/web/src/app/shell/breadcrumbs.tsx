import { Anchor, Box, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter, useRouterState, type AnyRoute } from '@tanstack/react-router';
import { hasPermission } from '@keydeck/contract/permissions';
import type { StaticDataRouteOption } from '@tanstack/react-router';
import type { RouteCrumb } from '../../lib/route-static-data';
import { useSession } from '../../lib/session';

interface Crumb {
  to: string;
  label: string;
  /** The route's crumb read from its page's data, with the params it is read for. */
  dynamic?: { crumb: RouteCrumb; params: Record<string, string> };
}

/** What a route is called in a trail: its tab's or navigation entry's label, else its title; none for a route without one. */
function labelOf(data: StaticDataRouteOption | undefined): string | undefined {
  return data?.tab?.label ?? data?.nav?.label ?? data?.title;
}

/** A route's full path with the matched params filled in (an optional segment left empty drops out). */
function filled(fullPath: string, params: Record<string, string>): string {
  const path = fullPath
    .replace(/\/\{-\$(\w+)\}/g, (_, name: string) => (params[name] ? `/${encodeURIComponent(params[name])}` : ''))
    .replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

/**
 * The trail to the open page, read from the route table: each leading part of the path that is a page of its own
 * (Settings, Accounts › Account, Service) and the routes matched there, with their labels. The user's permissions
 * leave out a page they could not open.
 */
function useCrumbs(): Crumb[] {
  const router = useRouter();
  const session = useSession();
  const pathname = useRouterState({ select: (state) => state.location.pathname.replace(/(.)\/$/, '$1') });
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  for (let depth = 1; depth <= segments.length; depth += 1) {
    const prefix = `/${segments.slice(0, depth).join('/')}`;
    const [routes, params] = router.getMatchedRoutes(prefix);
    for (const route of routes as AnyRoute[]) {
      const data = route.options.staticData;
      const label = labelOf(data);
      if (!label || filled(route.fullPath, params) !== prefix) continue;
      if (data?.permission && !(session && hasPermission(session.permissions, data.permission))) continue;
      // A layout and its first tab share a path (Service and Overview): the trail names it once, by the layout.
      if (crumbs.at(-1)?.to === prefix) continue;
      crumbs.push({ to: prefix, label, ...(data?.crumb ? { dynamic: { crumb: data.crumb, params } } : {}) });
    }
  }
  return crumbs;
}

/** A crumb's words: the open object's name once its page's query has it, the route's label until then. */
function CrumbLabel({ crumb }: { crumb: Crumb }) {
  return crumb.dynamic ? <DynamicLabel fallback={crumb.label} {...crumb.dynamic} /> : crumb.label;
}

function DynamicLabel({ fallback, crumb, params }: { fallback: string } & NonNullable<Crumb['dynamic']>) {
  const { data } = useQuery(crumb.query(params));
  return data === undefined ? fallback : crumb.label(data);
}

/**
 * Breadcrumbs above every page below the top level (Accounts › Account › Company, Service › Remote Devices): each
 * part links back to its page, the last is the open page. A top-level page has none.
 */
export function Breadcrumbs() {
  const crumbs = useCrumbs();
  if (crumbs.length < 2) return null;
  return (
    <Box component="nav" aria-label="Breadcrumb" mb="md">
      <Text component="ol" size="sm" style={{ display: 'flex', flexWrap: 'wrap', gap: 6, listStyle: 'none', padding: 0, margin: 0 }}>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.to} style={{ display: 'flex', gap: 6 }}>
              {last ? (
                <Text span size="sm" c="dimmed" aria-current="page">
                  <CrumbLabel crumb={crumb} />
                </Text>
              ) : (
                <>
                  <Anchor size="sm" renderRoot={(props) => <Link {...props} to={crumb.to} activeOptions={{ exact: true }} />}>
                    <CrumbLabel crumb={crumb} />
                  </Anchor>
                  <Text span size="sm" c="dimmed" aria-hidden="true">
                    ›
                  </Text>
                </>
              )}
            </li>
          );
        })}
      </Text>
    </Box>
  );
}
