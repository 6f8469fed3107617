import { useMatches, useRouter, type AnyRoute } from '@tanstack/react-router';
import { hasPermission, type PermissionName } from '@keydeck/contract/permissions';
import type { NavCount, NavGroupName, ServiceSectionRule } from './route-static-data';
import { useSession } from './session';

export interface NavDestination {
  to: string;
  label: string;
  group: NavGroupName | undefined;
  description: string | undefined;
  permission: PermissionName | undefined;
  count: NavCount | undefined;
}

/**
 * A nav route's path with its $params filled from the session (settings/syslog-server-configs/$account_id
 * opens the user's own account); null when the path names a param the session cannot fill.
 */
function withSessionParams(path: string, params: Record<string, string>): string | null {
  let complete = true;
  // An optional segment ({-$service_id}) the session cannot fill is left out.
  const required = path.replace(/\/\{-\$(\w+)\}/g, (_, name: string) => (params[name] === undefined ? '' : `/$${name}`));
  const filled = required.replace(/\$(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) complete = false;
    return encodeURIComponent(value ?? '');
  });
  return complete ? filled : null;
}

/**
 * The screens a user may open, read from the route table's staticData.nav (never a second list),
 * in route-table order, without the ones whose permission the user lacks.
 */
export function useNavDestinations(): NavDestination[] {
  const router = useRouter();
  const session = useSession();
  const routes = Object.values(router.routesById) as AnyRoute[];
  return routes.flatMap((route) => {
    const data = route.options.staticData;
    if (!data?.nav || !session) return [];
    if (data.permission && !hasPermission(session.permissions, data.permission)) return [];
    const to = withSessionParams(route.fullPath, { account_id: session.user.account_id });
    if (to === null) return [];
    const { label, group, description, count } = data.nav;
    return [{ to, label, group, description, permission: data.permission, count }];
  });
}

export interface ChildTab {
  routeId: string;
  /** The route's full path, with its parent's params still as $placeholders. */
  to: string;
  label: string;
  /** The heading the layout's section navigation shows it under; none for an entry of its own (Overview). */
  group: string | undefined;
  /** Declared by a service workspace section: what opens it (see lib/service-sections). */
  serviceSection: ServiceSectionRule | undefined;
  /** Needed to open the tab (Approvals › Policies): a layout hides it from users without it. */
  permission: PermissionName | undefined;
}

/**
 * The tabs of a layout route: its child routes that declare staticData.tab, in route-table order.
 * Adding a tab is adding a child route; there is no second list to keep in step.
 */
export function useChildTabs(parentRouteId: string): ChildTab[] {
  const router = useRouter();
  const routes = Object.values(router.routesById) as AnyRoute[];
  return routes.flatMap((route) => {
    const tab = route.options.staticData?.tab;
    if (!tab || route.parentRoute?.id !== parentRouteId) return [];
    const { serviceSection, permission } = route.options.staticData ?? {};
    return [{ routeId: route.id, to: route.fullPath, label: tab.label, group: tab.group, serviceSection, permission }];
  });
}

/** The tab whose route is open, or one of whose own pages is (a solution's form under Solutions); undefined for none. */
export function useActiveTab(tabs: ChildTab[]): string | undefined {
  return useMatches({
    select: (matches) => tabs.find((tab) => matches.some((match) => match.routeId === tab.routeId || match.routeId.startsWith(`${tab.routeId}/`)))?.routeId,
  });
}
