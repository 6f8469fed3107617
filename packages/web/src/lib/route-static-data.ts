import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { FeatureName } from '@keydeck/contract/features';
import type { PermissionCategory, PermissionName } from '@keydeck/contract/permissions';
import type { ServiceFeatureName } from '@keydeck/contract/service-features';
import type { ServiceType } from '@keydeck/contract/services';
import type { StaticDataRouteOption as StaticData } from '@tanstack/react-router';

/** What the route table (app/routes/) declares about a route; the guard, the shell and the navigation read these. */
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Declared by a group (the shell, the login group) for its children; a route nothing declares it for is protected. */
    requiresAuth?: boolean;
    /** Needed to open the screen and its children; without it the shell shows the no-permission screen. */
    permission?: PermissionName;
    /** The account feature the screen belongs to; while it is off the shell says so instead of the screen. */
    feature?: FeatureName;
    /** The document title (before " · Keydeck"). */
    title?: string;
    /** Present on routes that appear in the shell navigation; `group` is its collapsible group (app/routes/nav-groups.ts). */
    nav?: { label: string; group?: NavGroupName; description?: string; count?: NavCount };
    /**
     * Present on child routes shown as a tab or section of their parent layout (see useChildTabs); `group` heads the
     * entries a layout's section navigation shows together (consecutive entries of one group form it).
     */
    tab?: { label: string; group?: string };
    /** A section of the service workspace: what the current service and the caller's service user group need to open it. */
    serviceSection?: ServiceSectionRule;
    /** The route's label in the breadcrumbs read from the data its page shows (an account's name): see crumbFrom. */
    crumb?: RouteCrumb;
  }
}

/**
 * A breadcrumb named by the open object: the query its page already reads (the same key: no second request) and
 * the label taken from its answer. While it loads, or when it fails, the trail keeps the route's static label.
 */
export interface RouteCrumb {
  query: (params: Record<string, string>) => UseQueryOptions<unknown, Error, unknown, QueryKey>;
  label: (data: unknown) => string;
}

/** A route's crumb from a query and its label, typed together (the table stores them without the data's type). */
export function crumbFrom<T, K extends QueryKey>(query: (params: Record<string, string>) => UseQueryOptions<T, Error, T, K>, label: (data: T) => string): RouteCrumb {
  return { query: query as unknown as RouteCrumb['query'], label: label as RouteCrumb['label'] };
}

/** The shell navigation's groups: the customer's (Workspace, Settings) and the platform's own. */
export type NavGroupName = 'Workspace' | 'Settings' | 'Administration' | 'Infrastructure' | 'Dashboards';

/**
 * A workspace section opens when the caller's group holds its permission category (spec §6) and, where it names
 * them, the service offers its feature and is of its type.
 */
export interface ServiceSectionRule {
  category: PermissionCategory;
  feature?: ServiceFeatureName;
  serviceType?: ServiceType;
}

/**
 * A number the navigation shows beside a destination (requests waiting): `feature` is the query-key name of the data
 * it counts, so the feature's changes refresh it; `fetch` loads lazily, keeping the feature out of the entry chunk;
 * `refreshMs` how often it is asked again (a minute unless said; paused while the browser tab is hidden).
 */
export type NavCount = { feature: string; fetch: () => Promise<number>; refreshMs?: number };

/** The value declared by the deepest route of a match that declares it: a group passes its own on to its children. */
export function inherited<K extends keyof StaticData>(matches: readonly { staticData: StaticData }[], key: K): StaticData[K] | undefined {
  return matches.findLast((match) => match.staticData[key] !== undefined)?.staticData[key];
}
