import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { AuthInfo } from '@keydeck/contract/auth';
import { continueTargetOrHome } from '../lib/continue-url';
import { isLoggedIn, sessionQueryOptions } from '../lib/session';
import { showToast } from '../lib/toasts';
import type { RouterContext } from './root-route';
import type { ContinueSearch, OAuthAuthorizeSearch } from './route-search';

interface RedirectInput {
  context: RouterContext;
  search: ContinueSearch;
}

/** "/" only redirects: to /home (or the safe continue target) when signed in, else to /login. */
export async function toLandingPage({ context, search }: RedirectInput): Promise<never> {
  const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
  if (!isLoggedIn(session)) throw redirect({ to: '/login' });
  throw redirect({ href: continueTargetOrHome(search.continue) });
}

/** A second-factor step of sign-in opens only for a session that owes that factor; others start at /login. */
export const owingFactor =
  (factor: NonNullable<AuthInfo['next_factor']>) =>
  async ({ context, search }: RedirectInput): Promise<void> => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (session?.next_factor !== factor) throw redirect({ to: '/login', search });
  };

/**
 * The consent page asks a signed-in user: a visitor without a full session signs in first and comes back to the
 * same request (continue is carried through login, its second factor and MFA setup). No "session expired" alert:
 * an application sent them here.
 */
export async function signInFirst({ context, search }: { context: RouterContext; search: OAuthAuthorizeSearch }): Promise<void> {
  const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
  if (isLoggedIn(session)) return;
  const query = search.uid === undefined ? '' : `?${new URLSearchParams({ uid: search.uid }).toString()}`;
  throw redirect({ to: '/login', search: { continue: `/oauth/authorize${query}` } });
}

/**
 * Old links named a layout's tab in the query (/home/service?section=devices&group=North, /v2/home/settings/users?tab=roles):
 * they open the tab's route with the rest of the query; the first tab's old name opens the layout itself, an unknown
 * name opens the layout without the query.
 */
export const fromTabQuery =
  ({ param, layout, index, tabs }: { param: string; layout: string; index: string; tabs: () => readonly string[] }) =>
  async ({ location }: { location: ParsedLocation }): Promise<void> => {
    const { [param]: tab, ...rest } = location.search as Record<string, unknown>;
    if (tab === undefined) return;
    const known = typeof tab === 'string' && tab !== '/' && tabs().includes(tab);
    const to = known ? `${layout}/${tab}` : layout;
    throw redirect({ to, search: known || tab === index ? rest : {}, replace: true } as never);
  };

export const notFoundMessage = (path: string) => `The page ${path} does not exist, so you were taken to the start page.`;

/**
 * Unknown paths redirect to the first route, "/" (spec §2), which sends the visitor on; a toast says why,
 * so a mistyped or outdated link does not land on the start page silently.
 */
export function fromUnknownPath({ location, preload }: { location: ParsedLocation; preload: boolean }): never {
  if (!preload) showToast({ color: 'warning', message: notFoundMessage(location.pathname) });
  throw redirect({ to: '/' });
}
