import type { PermissionName } from '@keydeck/contract/permissions';

/** Every route in routes.tsx declares who may open it; the guard and the navigation read these. */
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    requiresAuth: boolean;
    /** Needed to open the screen; without it the shell shows the no-permission screen. */
    permission?: PermissionName;
    /** The document title (before " · Keydeck"). */
    title?: string;
    /** Present on routes that appear in the shell navigation. */
    nav?: { label: string; group?: 'Settings' | 'Administration'; description?: string };
    /** Present on child routes shown as a tab of their parent layout (see useChildTabs). */
    tab?: { label: string };
  }
}
