import type { NavGroupName } from '../../lib/route-static-data';

/**
 * The shell navigation's collapsible groups: the customer's own, and the platform's (platform administrators only),
 * which the sidebar shows first and apart, so Request a service or Billing never sit among Administration's pages.
 * Each route declares its group in its nav entry; a route without one (Home) stands above the groups. Until the user
 * opens or closes a group it is open when `open` says so or it holds the open page, so the platform's long
 * lists (Infrastructure, Dashboards) start closed.
 */
export const navGroups: readonly { name: NavGroupName; platform: boolean; open: boolean }[] = [
  { name: 'Workspace', platform: false, open: true },
  { name: 'Settings', platform: false, open: true },
  { name: 'Administration', platform: true, open: true },
  { name: 'Infrastructure', platform: true, open: false },
  { name: 'Dashboards', platform: true, open: false },
];
