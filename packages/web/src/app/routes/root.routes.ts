import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lazy-screen';
import { rootRoute } from '../root-route';
import { fromUnknownPath, toLandingPage } from '../route-redirects';
import * as Search from '../route-search';

/** The root's own rows: the landing redirect, the two layouts every screen sits in, and the catch-all. */
export const index = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { requiresAuth: false },
  validateSearch: Search.validateContinueSearch,
  beforeLoad: toLandingPage,
});

// Public group (login background): password recovery and invitations take their query as inputs.
export const loginGroup = createRoute({
  getParentRoute: () => rootRoute,
  id: 'login-group',
  staticData: { requiresAuth: false },
  component: lazyScreen(() => import('../../features/auth/components/login-layout'), 'LoginLayout'),
});

// Main shell.
export const shell = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  staticData: { requiresAuth: true },
  component: lazyScreen(() => import('../shell/app-shell'), 'AppShellLayout'),
});

// Any other path: see fromUnknownPath.
export const unknown = createRoute({ getParentRoute: () => rootRoute, path: '$', staticData: { requiresAuth: false }, beforeLoad: fromUnknownPath });
