import { createRouter, type AnyRoute } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routes';

export function createAppRouter(queryClient: QueryClient) {
  const preloadScreens = (routeIds: string[]) => {
    for (const id of routeIds) {
      const route = (router.routesById as Record<string, AnyRoute | undefined>)[id];
      if (route) void router.loadRouteChunk(route);
    }
  };
  const router = createRouter({
    routeTree,
    context: { queryClient, preloadScreens },
    // Hovering a link fetches its screen's code ahead of the click.
    defaultPreload: 'intent',
    // The session lives in TanStack Query; the router must not cache guard results on top of it.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 400,
    scrollRestoration: true,
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
