import { createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { CoreMessages } from '@keydeck/contract/core-messages';
import { inherited } from '../lib/route-static-data';
import { sessionQueryOptions } from '../lib/session';
import { enforceDecision } from './enforce-decision';
import { decideNavigation } from './route-guard';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { RoutePending } from './route-pending';

export interface RouterContext {
  queryClient: QueryClient;
  /** Starts downloading the code of these routes' screens (see router.ts). */
  preloadScreens: (routeIds: string[]) => void;
}

/** Route id of the login group (routes/root.routes.ts); the guard sends signed-in users away from its pages. */
export const LOGIN_GROUP_ID = '/login-group';

/** The root frames every screen and applies the routing rules (spec §2) to every navigation. */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RouteError,
  pendingComponent: RoutePending,
  beforeLoad: async ({ context, location, matches, preload }) => {
    // The screen's code downloads while the session is checked, not after.
    context.preloadScreens(matches.map((match) => match.routeId));
    const session = await context.queryClient.ensureQueryData({ ...sessionQueryOptions, revalidateIfStale: true });
    const decision = decideNavigation({
      session,
      // A route no group declares it for is treated as protected.
      requiresAuth: inherited(matches, 'requiresAuth') ?? true,
      loginGroup: matches.some((match) => match.routeId === LOGIN_GROUP_ID),
      pathname: location.pathname,
      href: location.href,
      continueParam: (location.search as Record<string, unknown>).continue,
      origin: window.location.origin,
    });
    enforceDecision(decision, { announce: !preload, message: CoreMessages.sessionExpiredRedirect });
  },
});
